import type { DetailMessage } from './entities';

/** The feedback call's shapes, the same on both sides (`POST /api/contact/`, docs/specification/shell.md §7). */

export interface ContactRequest {
  email: string;
  message: string;
}

/** The stored message's id and a thank-you. */
export interface ContactAnswer extends DetailMessage {
  id: number;
}
