import type { z } from 'zod';

/**
 * A request schema checked against the request type of the shared contract (`shared/<group>.ts`), the one
 * the client's call sends: every value of `T` must be an input the schema takes. The schema may take more
 * (a default, a number for a string) and reads it into its own output. A compile-time check only; a
 * mismatch reads "Expected 2 arguments" at the call, the missing one named `error`:
 *
 *     const signInBody = requestSchema<SignInRequest>()(z.object({ email: …, password: … }));
 */
export function requestSchema<T>() {
  return <S extends z.ZodType>(schema: S, ..._mismatch: [T] extends [z.input<S>] ? [] : [error: 'the schema does not take the shared request type']): S =>
    schema;
}
