import { describe, expect, it } from 'vitest';
import { formText } from './formText';

describe('formText', () => {
  it("reads a text field, and '' for a missing field or a file", () => {
    const form = new FormData();
    form.set('email', 'ann@example.com');
    form.set('photo', new Blob(['x']), 'photo.png');
    expect(formText(form, 'email')).toBe('ann@example.com');
    expect(formText(form, 'missing')).toBe('');
    expect(formText(form, 'photo')).toBe('');
  });
});
