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
