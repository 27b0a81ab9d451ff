import { describe, expect, it } from 'vitest';
import { PDF_LIMITS, pdfRemaining } from './pdfLimits';

describe('PDF limits', () => {
  it('rise with the tier', () => {
    expect(PDF_LIMITS.user).toBeLessThan(PDF_LIMITS.premium);
    expect(PDF_LIMITS.premium).toBeLessThan(PDF_LIMITS.vip);
    expect(PDF_LIMITS.vip).toBeLessThan(PDF_LIMITS.enterprise);
  });

  it('leave the limit minus the count, never less than zero', () => {
    expect(pdfRemaining(3, 1)).toBe(2);
    expect(pdfRemaining(3, 3)).toBe(0);
    expect(pdfRemaining(3, 7)).toBe(0);
  });
});
