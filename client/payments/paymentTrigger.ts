import { action, observableRef } from 'mobx';
import { makeStoreObservable } from '../stores/observable';
import type { OrderType } from '../api/payments';

/** What the reader asked to buy. */
export interface PaymentRequest {
  type: OrderType;
  /** A membership product key, or a booklet id. */
  identity: string;
  /** The price the reader was shown, as the API writes amounts ('58.00'): the order is made at it or refused (CreateOrderRequest). */
  amount: string;
  /** What is bought, as the panel names it. */
  label: string;
  /** The price as the page showed it (`¥12.00`), shown by the panel before the order exists. */
  price?: string;
  /** Runs once the order is paid (the booklet reloads, the membership page re-reads). */
  onPaid?: () => Promise<void> | void;
  /** Reload the page when the panel closes after a success (the avatar's tier badge changes). */
  reloadAfterSuccess?: boolean;
}

/**
 * The tiny part of the payment panel every page carries: which purchase is asked for.
 * The panel itself and its store are a lazy chunk loaded on first open.
 */
export class PaymentTrigger {
  request: PaymentRequest | null = null;

  constructor() {
    makeStoreObservable(this, { request: observableRef, open: action, close: action });
  }

  /** One order at a time: a second request while the panel is open is ignored. */
  open(request: PaymentRequest): boolean {
    if (this.request) return false;
    this.request = request;
    return true;
  }

  close(): void {
    this.request = null;
  }
}
