import { describe, expect, it } from 'vitest';
import { htmlToText } from './articleMail';
import { isHardBounce } from './newsletterSender';
import { NewsletterLinks } from './tokens';

describe('the newsletter’s signed links', () => {
  const links = new NewsletterLinks(async () => Buffer.from('a'.repeat(64)));
  const other = new NewsletterLinks(async () => Buffer.from('b'.repeat(64)));

  it('verify what they signed, for its purpose only', async () => {
    const token = await links.sign('unsubscribe', 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{27}$/);
    expect(await links.verify('unsubscribe', token)).toBe(42);
    expect(await links.verify('confirm', token)).toBeNull();
    expect(await other.verify('unsubscribe', token)).toBeNull();
    expect(await links.verify('unsubscribe', token.replace(/^42/, '43'))).toBeNull();
    for (const odd of ['', '42', '42.', 'x.y', `${'9'.repeat(17)}.${'A'.repeat(27)}`, `${token}x`]) expect(await links.verify('unsubscribe', odd)).toBeNull();
  });
});

describe('SMTP refusals', () => {
  it('a 5xx to RCPT TO or DATA is a hard bounce; 4xx, MAIL FROM and lost connections are not', () => {
    expect(isHardBounce({ responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isHardBounce({ responseCode: 554, command: 'DATA' })).toBe(true);
    expect(isHardBounce({ responseCode: 451, command: 'RCPT TO' })).toBe(false);
    expect(isHardBounce({ responseCode: 550, command: 'MAIL FROM' })).toBe(false);
    expect(isHardBounce(new Error('connect ECONNREFUSED'))).toBe(false);
  });
});

describe('the plain part of a mail', () => {
  it('keeps a paragraph a block, lists as dashes and links written out', () => {
    expect(htmlToText('<h2>Title</h2><p>A <a href="https://x.test/?a=1&amp;b=2">link</a> &amp; more</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Title\n\nA link (https://x.test/?a=1&b=2) & more\n\n- one\n\n- two',
    );
  });
});
