import { describe, expect, it } from 'vitest';
import { newOrderRef } from './orders';

describe('newOrderRef', () => {
  it('is 16 URL-safe characters that never start like an option', () => {
    for (let i = 0; i < 2000; i++) expect(newOrderRef()).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/);
  });
});
