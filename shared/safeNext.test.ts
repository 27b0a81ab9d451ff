import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safeNext';

describe('safeNextPath', () => {
  it.each(['/profile/wallet/', '/article/x/?a=1#c', '/@ann/'])('keeps the same-origin path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });
  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '',
    null,
  ])('refuses %s', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
