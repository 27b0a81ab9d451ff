import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A mail as the stand-in received it, its MIME parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header names lower-cased, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`: SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** Recipients answered 550 at RCPT TO (a hard bounce). */
  rejectRecipients: Set<string>;
  /** Recipients answered 451 at RCPT TO this many more times (a soft failure). */
  deferRecipients: Map<string, number>;
  /** Every mail to this address and its RCPT TO: how many came (accepted or not). */
  attempts: Map<string, number>;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it is sent: the newsletter's tests read their mail from it. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  const deferRecipients = new Map<string, number>();
  const attempts = new Map<string, number>();
  let waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const to = address.address.toLowerCase();
      attempts.set(to, (attempts.get(to) ?? 0) + 1);
      if (rejectRecipients.has(to)) {
        callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
        return;
      }
      const deferrals = deferRecipients.get(to) ?? 0;
      if (deferrals > 0) {
        deferRecipients.set(to, deferrals - 1);
        callback(Object.assign(new Error('4.2.0 Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ ...parseMail(raw), from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  waiters = [];
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectRecipients,
    deferRecipients,
    attempts,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`waited for ${count} mails, ${received.length} came`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and the text and HTML parts of a mail as nodemailer writes it (single part or multipart/alternative). */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitPart(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  const html = parts.find((part) => (part.headers['content-type'] ?? '').startsWith('text/html'));
  return { headers, subject: headers.subject ?? '', text: text ? decodeBody(text) : '', html: html ? decodeBody(html) : '' };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): Part[] {
  const type = headers['content-type'] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const part = splitPart(chunk.replace(/^\n/, ''));
      return leafParts(part.headers, part.body);
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body);
  return part.body;
}

function quotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
    );
}
