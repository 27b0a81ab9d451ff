import { describe, expect, it } from 'vitest';
import { canReview, reviewStateKey } from './reviewAccess';

const article = { author: { username: 'ann', avatar: '', description: '', column: '/@ann/', follower_count: 0, follow_status: null } };

describe('the review page’s access', () => {
  it('is the author’s and the operators’, nobody else’s', () => {
    expect(canReview({ id: 1, username: 'ann', role: 'user' }, article)).toBe(true);
    expect(canReview({ id: 2, username: 'op', role: 'operator' }, article)).toBe(true);
    expect(canReview({ id: 3, username: 'bob', role: 'vip' }, article)).toBe(false);
    expect(canReview({}, article)).toBe(false);
    expect(canReview({ username: 'ann' }, article)).toBe(false);
  });

  it('names the state for the banner', () => {
    expect(reviewStateKey(null)).toBe('review.public');
    expect(reviewStateKey('Private Article')).toBe('review.Private Article');
    expect(reviewStateKey('Article Suspended')).toBe('review.Article Suspended');
    expect(reviewStateKey(undefined)).toBe('review.unknown');
  });
});
