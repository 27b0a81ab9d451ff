import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  /** E.164, e.g. +8613800138000. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Text messages through an HTTP webhook (`SMS_WEBHOOK_URL`: POST `{to, text}` as JSON,
 * any 2xx is sent), or, without one, as `sms-*.txt` files in `DATA_DIR/outbox`
 * that an operator can read (and tests can).
 */
export function createSmsSender(options: { webhookUrl?: string; outboxDir: string; timeoutMs?: number }): SmsSender {
  const { webhookUrl } = options;
  if (webhookUrl) {
    return {
      async send(message) {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
      },
    };
  }
  return {
    async send(message) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      await fs.writeFile(path.join(options.outboxDir, name), `To: ${message.to}\n\n${message.text}\n`);
    },
  };
}
