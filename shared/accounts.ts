/**
 * The accounts calls' request shapes, the same on both sides (docs/specification/shell.md §7). Their answers
 * are `AccountInfo` (shared/entities.ts) for the reader, and a `DetailMessage` for the rest.
 */

/** `POST /api/accounts/login/cookies/`. */
export interface SignInRequest {
  email: string;
  password: string;
}

/** `POST /api/accounts/reset_password/`: mails a reset link (a well-formed unknown address is answered the same). */
export interface PasswordResetRequest {
  email: string;
}

/** `POST /api/accounts/reset_password/confirm/`: the token of the mailed link and the new password. */
export interface PasswordResetConfirmRequest {
  token: string;
  new_password: string;
}
