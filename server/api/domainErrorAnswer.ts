import type { DrfErrorBody } from '../../shared/entities';
import type { DomainError, DomainErrorKind } from '../domain/DomainError';

/** The status each kind of domain refusal is answered with. */
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 429,
};

/**
 * A domain error as the API answers it, in DRF's shape: `{detail: message}`, or
 * `{field: [message]}` when the error names the input it concerns.
 */
export function domainErrorAnswer(error: DomainError): { status: number; body: DrfErrorBody } {
  const body: DrfErrorBody = error.field === undefined ? { detail: error.message } : { [error.field]: [error.message] };
  return { status: STATUS[error.kind], body };
}
