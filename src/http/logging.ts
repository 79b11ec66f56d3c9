import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { pino } from 'pino';
import type { Config } from '../config/config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Structured JSON logs with a request id. Requests are logged by method, path and address only:
 * headers (Authorization above all) never reach a log line.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: NodeJS.WritableStream): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers', 'headers.authorization', '*.authorization', 'key', '*.key'], remove: true },
    serializers: {
      req(req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: req.url?.split('?')[0], remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The server's logging options: the given logger, or one made from the config. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, logger?: FastifyBaseLogger): Pick<FastifyServerOptions, 'loggerInstance' | 'genReqId' | 'requestIdHeader'> {
  return {
    loggerInstance: logger ?? createLogger(config),
    requestIdHeader: false,
    genReqId(req: IncomingMessage) {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
