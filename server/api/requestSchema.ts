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

/** True when each of two types is the other and they name the same fields (an optional field is invisible to assignability alone). */
type SameType<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;

/**
 * A request schema whose output is exactly what a domain function takes (`T`, declared by the domain,
 * which knows no zod): a field added to one and not the other fails to compile, so the domain never
 * quietly ignores what the route accepts. A compile-time check only, as requestSchema().
 */
export function schemaGiving<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._mismatch: SameType<z.output<S>, T> extends true ? [] : [error: 'the schema does not give the domain input type']
  ): S => schema;
}
