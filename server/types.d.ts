import type { ClientType } from '../shared/clientType';
import type { Locale } from '../shared/locale';

declare global {
  namespace Express {
    interface Locals {
      /** Fresh per response: the CSP nonce of React's inline streaming scripts. */
      nonce: string;
      locale: Locale;
      clientType: ClientType;
      /** The Accept-Encoding the client sent, before brotli is dropped for dynamic responses (set by the gzip middleware alone). */
      acceptEncoding?: string;
    }
  }
}

export {};
