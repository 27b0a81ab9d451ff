import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through `SMTP_URL`, or, without one, as `.eml` files in `DATA_DIR/outbox`
 * that an operator can open (and tests can read).
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazily(async () => (await import('nodemailer')).default.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
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
  };
}

/** nodemailer is loaded with the first mail: most processes send none for hours (memory). */
function lazily(make: () => Promise<Transporter>): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= make());
}
