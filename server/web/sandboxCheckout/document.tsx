import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatCents } from '../../../shared/money';

/** The checkout's words in the reader's language (server/web/sandboxCheckout/texts.ts). */
export interface SandboxTexts {
  item: string;
  title: string;
  note: string;
  order: string;
  amount: string;
  pay: string;
  fail: string;
  paid: string;
  missing: string;
}

export interface SandboxCheckout {
  ref: string;
  /** What the order buys: a booklet's name or a membership product key. */
  item: string;
  amountCents: number;
  paid: boolean;
  /** The CSRF token the form sends back. */
  csrf: string;
  returnUrl: string;
}

/** The sandbox checkout (server/web/sandboxCheckout.ts): the order, and Pay / Fail unless it is paid already. */
export function sandboxCheckoutHtml(t: SandboxTexts, order: SandboxCheckout): string {
  return documentHtml(
    <SandboxDocument title={t.title}>
      <p style={{ color: '#a60' }}>{t.note}</p>
      <dl>
        <dt>{t.order}</dt>
        <dd>{order.ref}</dd>
        <dt>{t.item}</dt>
        <dd>{order.item}</dd>
        <dt>{t.amount}</dt>
        <dd>¥{formatCents(order.amountCents)}</dd>
      </dl>
      {order.paid ? (
        <p>{t.paid}</p>
      ) : (
        <form method="post">
          <input type="hidden" name="csrfmiddlewaretoken" value={order.csrf} />
          <input type="hidden" name="return_url" value={order.returnUrl} />
          <button name="result" value="paid" style={{ fontSize: 16, padding: '8px 20px', marginRight: 8, background: '#1a7f37', color: '#fff', border: 0 }}>
            {t.pay}
          </button>{' '}
          <button name="result" value="failed" style={{ fontSize: 16, padding: '8px 20px' }}>
            {t.fail}
          </button>
        </form>
      )}
    </SandboxDocument>,
  );
}

/** The answer for an order that does not exist or is not the reader's. */
export function sandboxMissingOrderHtml(t: SandboxTexts): string {
  return documentHtml(
    <SandboxDocument title={t.title}>
      <p>{t.missing}</p>
    </SandboxDocument>,
  );
}

function SandboxDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
      </head>
      <body style={{ font: '16px/1.5 system-ui,sans-serif', maxWidth: 500, margin: '40px auto', padding: '0 16px', color: '#222' }}>
        <h1>{title}</h1>
        {children}
      </body>
    </html>
  );
}

function documentHtml(document: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
