import { describe, expect, it } from 'vitest';
import { columnPath, columnUsername } from './column';

describe('columnUsername', () => {
  it('accepts @username', () => {
    expect(columnUsername('@alice')).toBe('alice');
    expect(columnUsername('@li.wei_01')).toBe('li.wei_01');
    expect(columnUsername('@王小明')).toBe('王小明');
  });
  it('refuses anything else', () => {
    expect(columnUsername('alice')).toBeNull();
    expect(columnUsername('@')).toBeNull();
    expect(columnUsername('@a/b')).toBeNull();
    expect(columnUsername('@<script>')).toBeNull();
    expect(columnUsername(undefined)).toBeNull();
  });
  it('links columns with the trailing slash', () => {
    expect(columnPath('alice')).toBe('/@alice/');
  });
});
