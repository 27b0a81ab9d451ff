import { describe, expect, it } from 'vitest';
import { serializeJsonForScript } from './serializeJson';

describe('serializeJsonForScript', () => {
  it('escapes everything that could end the script block', () => {
    const text = serializeJsonForScript({ bio: '</script><script>alert(1)</script> & \u2028\u2029' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
  });

  it('round-trips through JSON.parse unchanged', () => {
    const value = { a: '<b>&</b>', list: [1, '\u2028'], nested: { x: null } };
    expect(JSON.parse(serializeJsonForScript(value))).toEqual(value);
  });

  it('writes null for undefined', () => {
    expect(serializeJsonForScript(undefined)).toBe('null');
  });
});
