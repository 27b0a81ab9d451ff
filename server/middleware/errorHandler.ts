import type { ErrorRequestHandler } from 'express';
import type { DrfErrorBody } from '../../shared/entities';
import { domainErrorAnswer } from '../api/domainErrorAnswer';
import { DomainError } from '../domain/DomainError';

interface HttpError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
}

/**
 * The last stop: logs with the request id and answers in the DRF error shape,
 * a 4xx for what the client got wrong, a bare 500 otherwise. Never a stack.
 */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const answer = error instanceof DomainError ? domainErrorAnswer(error) : httpErrorAnswer(error);
    if (answer.status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.warn({ err: error }, 'bad request');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(answer.status).json(answer.body);
  };
}

/** An error with an HTTP status of its own (an ApiError, body-parser's, Express's), or a 500. */
function httpErrorAnswer(error: unknown): { status: number; body: DrfErrorBody } {
  const e: HttpError = typeof error === 'object' && error !== null ? error : {};
  const raw = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  const status = raw >= 400 && raw < 600 ? raw : 500;
  const detail =
    e.type === 'entity.parse.failed'
      ? 'JSON parse error'
      : status < 500 && e.expose !== false && error instanceof Error
        ? error.message
        : 'Internal Server Error';
  return { status, body: { detail } };
}
