import { describe, expect, it } from 'vitest';
import { alipaySubject, wechatDescription } from './tradeName';

describe('the names payers read at the providers', () => {
  it('keeps WeChat Pay’s description within 127 bytes of UTF-8, whole characters, one line, no emoji', () => {
    expect(wechatDescription('Zine', 'VIP 会员（一个月）')).toBe('Zine – VIP 会员（一个月）');
    expect(wechatDescription('Zine', 'Booklet: Tea\n\tand 🍵 cake\u200b')).toBe('Zine – Booklet: Tea and cake');
    const long = wechatDescription('Zine', `小册：${'长'.repeat(100)}`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(127);
    expect(long.endsWith('长…')).toBe(true);
    expect(Buffer.byteLength(wechatDescription('Zine', 'x'.repeat(300)))).toBe(127);
  });

  it('keeps Alipay’s subject within 256 characters, without / = &', () => {
    expect(alipaySubject('Zine', 'Booklet: A/B = C & D')).toBe('Zine – Booklet: A B C D');
    const long = alipaySubject('Zine', `Booklet: ${'y'.repeat(400)}`);
    expect(long).toHaveLength(256);
    expect(long.endsWith('y…')).toBe(true);
  });
});
