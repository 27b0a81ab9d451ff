import type { ReactNode } from 'react';

const ICONS = { success: '✓', failed: '✕' } as const;

/** A payment's end, paid or failed, with its icon: the payment panel's and the return page's. */
export function PaymentOutcome({ outcome, children }: { outcome: keyof typeof ICONS; children: ReactNode }) {
  return (
    <p className={`payment__state payment__state--${outcome}`}>
      <span className="payment__icon" aria-hidden="true">
        {ICONS[outcome]}
      </span>
      <span>{children}</span>
    </p>
  );
}
