import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the newsletter's mails). */
  html?: string;
  /** Extra header lines (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Rejects with nodemailer's error (its `responseCode` and `command`) when the SMTP server refuses. */
  send(message: MailMessage): Promise<void>;
  /** Closes the pooled SMTP connections (shutdown). */
  close(): void;
}

/**
 * Mail through `SMTP_URL`, or, without one, as `.eml` files in `DATA_DIR/outbox`
 * that an operator can open (and tests can read).
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; pooledConnections?: number }): Mailer {
  const { smtpUrl, pooledConnections } = options;
  if (smtpUrl) {
    // A pool keeps its connections open between mails: the newsletter's sender sends thousands in a row.
    const transport = lazily(async () =>
      (await import('nodemailer')).default.createTransport(
        pooledConnections ? { url: smtpUrl, pool: true, maxConnections: pooledConnections, maxMessages: Infinity } : smtpUrl,
      ),
    );
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
      },
      close() {
        void transport.made?.then((made) => made.close());
      },
    };
  }
  const transport = lazily(async () => (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole, then renamed into place: whoever reads the outbox never sees half a mail.
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
    },
    close() {},
  };
}

/** nodemailer is loaded with the first mail: most processes send none for hours (memory). */
function lazily(make: () => Promise<Transporter>): (() => Promise<Transporter>) & { made?: Promise<Transporter> } {
  const get = (): Promise<Transporter> => (get.made ??= make());
  get.made = undefined as Promise<Transporter> | undefined;
  return get;
}
