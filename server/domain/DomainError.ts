/**
 * What went wrong, in a domain's own terms:
 * - `invalid`: the request cannot be carried out as asked (an unknown or unsuitable item,
 *   a state that refuses it such as an order already paid, too little money);
 * - `not_found`: the thing asked for does not exist, or not for this caller;
 * - `conflict`: someone else's change got there first;
 * - `limit`: too many for now (open orders, attempts); later it may work;
 * - `forbidden`: this caller may not do this.
 */
export const DOMAIN_ERROR_KINDS = ['invalid', 'not_found', 'conflict', 'limit', 'forbidden'] as const;

export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/**
 * A refusal by a domain rule (payments, ledger, ...): a kind, the message the user may read and,
 * when it concerns one input, that input's name. It carries no HTTP status: the API turns it
 * into an answer in one place, `domainErrorAnswer()` in server/api/domainErrorAnswer.ts.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
