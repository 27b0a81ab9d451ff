import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import type { DrfErrorBody } from '../../shared/entities';
import { DomainError } from '../domain/DomainError';
import { domainErrorAnswer } from './domainErrorAnswer';

/** An error the API answers as is, in DRF's shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: DrfErrorBody,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }

  static detail(status: number, detail: string): ApiError {
    return new ApiError(status, { detail });
  }
}

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';

/** Zod issues as DRF field errors: `{field: [message, ...]}`, `non_field_errors` for the body itself. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    // Zod 4 leaves the input off its issues; a missing field is the type 'undefined'.
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    const message = missing ? 'This field is required.' : issue.message;
    (fields[field] ??= []).push(message);
  }
  return fields;
}

/** The API's last stop: DRF-shaped 4xx for what the client got wrong, a bare 500 otherwise. */
export function apiErrorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const answer = errorAnswer(error);
    if (answer.status === 500) req.log.error({ err: error }, 'API request failed');
    res.status(answer.status).json(answer.body);
  };
}

/** The status and DRF-shaped body the API answers for an error (the page reads answer the same, in process). */
export function errorAnswer(error: unknown): { status: number; body: DrfErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: error.body };
  if (error instanceof DomainError) return domainErrorAnswer(error);
  if (error instanceof ZodError) return { status: 400, body: fieldErrors(error) };
  const e = typeof error === 'object' && error !== null ? (error as { type?: unknown; status?: unknown }) : {};
  if (e.type === 'entity.parse.failed') return { status: 400, body: { detail: 'JSON parse error - the request body is not valid JSON.' } };
  if (e.type === 'entity.too.large') return { status: 413, body: { detail: 'Request body too large.' } };
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, body: { detail: error instanceof Error ? error.message : 'Bad request.' } };
  }
  return { status: 500, body: { detail: 'Internal Server Error' } };
}
