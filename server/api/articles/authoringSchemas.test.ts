import { describe, expect, it } from 'vitest';
import { checkClientTime, createArticleBody, saveHeaders, uniqueTags, updateArticleBody } from './authoringSchemas';

describe('the authoring schemas', () => {
  it('trims tags and drops repeats that differ only in case, keeping the first', () => {
    expect(uniqueTags(['Walk', 'walk', 'notes', 'WALK', 'Notes'])).toEqual(['Walk', 'notes']);
    expect(updateArticleBody.parse({ tags: ['  a ', 'a', 'b'] }).tags).toEqual(['a', 'b']);
  });

  it('reads ISO dates as epoch milliseconds and refuses other forms', () => {
    expect(createArticleBody.parse({ client_modify_date: '2026-01-02T03:04:05.678Z' }).client_modify_date).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    expect(createArticleBody.parse({ client_modify_date: '2026-01-02T11:04:05+08:00' }).client_modify_date).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    for (const bad of ['2026-01-02', 'yesterday', 1767323045678, '']) {
      expect(createArticleBody.safeParse({ client_modify_date: bad }).success, String(bad)).toBe(false);
    }
    expect(saveHeaders.safeParse({ 'x-base-modify-date': 'nope' }).success).toBe(false);
  });

  it('refuses an edit time more than a day ahead of the server', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(checkClientTime(undefined, now)).toBeNull();
    expect(checkClientTime(now + 3600_000, now)).toBeNull();
    expect(checkClientTime(now + 2 * 86_400_000, now)).toHaveProperty('client_modify_date');
  });

  it('ignores unknown keys such as the id the editor sends', () => {
    expect(updateArticleBody.parse({ id: 5, title: 'T' })).toEqual({ title: 'T' });
  });
});
