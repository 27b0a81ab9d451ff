import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qrPath';

describe('qrDrawing', () => {
  it('draws a WeChat Pay code_url with its quiet zone and finder patterns, the same text the same way', () => {
    const text = 'weixin://wxpay/bizpayurl?pr=abc1234567';
    const { size, path } = qrDrawing(text);
    // Version 3 (29 modules) for these 38 bytes at level M, and 4 quiet modules on each side.
    expect(size).toBe(29 + 8);
    // The top-left finder pattern's first row: seven dark modules from (4, 4).
    expect(path.startsWith('M4 4h7v1h-7z')).toBe(true);
    expect(path).toContain(`M${size - 11} 4h7v1h-7z`);
    expect(qrDrawing(text)).toEqual({ size, path });
    expect(qrDrawing(`${text}8`).path).not.toBe(path);
  });
});
