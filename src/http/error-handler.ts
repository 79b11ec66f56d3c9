import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type ValidationIssue } from '../shared/errors.js';
import { toValidationIssues } from './validation.js';

/** The one place that writes error bodies, exactly as spec/contract.md spells them. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ detail: 'Not Found' });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status === 422 && Array.isArray(error.detail) && isStatuteRoute(request)) {
        return sendStatuteBadRequest(reply, error.detail);
      }
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (error.validation) {
      const part = (error.validationContext ?? 'body') as 'body' | 'params' | 'querystring' | 'headers';
      const issues = toValidationIssues(error.validation as never, part);
      if (isStatuteRoute(request)) return sendStatuteBadRequest(reply, issues);
      return reply.code(422).send({ detail: issues });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        if (isStatuteRoute(request)) return reply.code(400).send({ detail: 'Malformed JSON body' });
        return reply.code(422).send({
          detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: { error: error.message } }],
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        if (isStatuteRoute(request)) return reply.code(400).send({ detail: 'Request body is required' });
        return reply.code(422).send({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Request body too large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'Unsupported Media Type' });
      default:
        break;
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}

function isStatuteRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.api === 'statute';
}

/** The statute interface answers every malformed request with 400 and a string detail. */
function sendStatuteBadRequest(reply: FastifyReply, issues: ValidationIssue[]) {
  const first = issues[0];
  return reply.code(400).send({ detail: first ? describeIssue(first) : 'Malformed request' });
}

function describeIssue(issue: ValidationIssue): string {
  const field = issue.loc.slice(1).join('.') || issue.loc[0] || 'request';
  switch (issue.type) {
    case 'missing':
      return `Missing required field: ${field}`;
    case 'string_too_short':
    case 'too_short':
      return `Field must not be empty: ${field}`;
    case 'model_attributes_type':
      return 'Request body must be a JSON object';
    default:
      return `Invalid field ${field}: ${issue.msg}`;
  }
}

/*
 * Errors Fastify and Node write before any route or hook runs: a malformed URL, an over-long path
 * parameter (a long citation), header fields too large for Node's parser, a request not received in
 * time. Their default bodies are Fastify's `{error, code, message, statusCode}` (or none at all);
 * these two options make them `{"detail": ...}` like every other error.
 */

/** Fastify's `frameworkErrors` option: router-level errors get the contract's body. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      void reply.code(400).send({ detail: 'Malformed URL' });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void reply.code(414).send({ detail: 'URI Too Long' });
      return;
    default:
      void reply.code(error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 400).send({ detail: error.message });
  }
}

/** Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses, answered as JSON, then the socket closed. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout']
      : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request header fields too large']
        : [400, 'Bad Request'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
