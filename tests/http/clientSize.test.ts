import { describe, expect, it } from 'vitest';
import { CLIENT_JS_BUDGET_BYTES, readerPageSizes } from '../../scripts/clientSize';
import { CLIENT_DIR } from '../support/testApp';

describe('the client size budget', () => {
  it.each(readerPageSizes(CLIENT_DIR).map((s) => [s.page, s] as const))('%s loads at most 145 kB of gzip JS', (_page, size) => {
    expect(size.files).toBeGreaterThan(1);
    expect(size.gzipBytes).toBeLessThanOrEqual(CLIENT_JS_BUDGET_BYTES);
  });
});
