import { describe, expect, it } from 'vitest';
import { cutTitle, readNotification, templateParts } from './notificationView';
import { relativeTime } from './relativeTime';

const CREATED = '2026-11-22T11:00:00.000Z';
const like = (over: Record<string, unknown> = {}) => ({
  id: 1,
  unread: true,
  payload: {
    type: 'thumbsup',
    source: { type: 'User', object: { username: 'ben', avatar: '' } },
    target: { type: 'Article', object: { slug: 'tea', title: 'On tea' } },
    result: null,
    created: CREATED,
    ...over,
  },
});

describe('cutTitle (docs/specification/shell.md §9)', () => {
  it('keeps a title of up to 20 characters and cuts a longer one to 20 plus an ellipsis', () => {
    expect(cutTitle('x'.repeat(20))).toBe('x'.repeat(20));
    expect(cutTitle('A rather long title of an article')).toBe('A rather long title …');
    expect(cutTitle('好'.repeat(21))).toBe(`${'好'.repeat(20)}…`);
    expect(cutTitle('😀'.repeat(25))).toBe(`${'😀'.repeat(20)}…`);
    expect(cutTitle('')).toBe('');
  });
});

describe('readNotification (docs/specification/shell.md §2, §3)', () => {
  it('reads each of the five kinds', () => {
    expect(readNotification(like())).toEqual({
      kind: 'thumbsup',
      actor: { name: 'ben', username: 'ben' },
      article: { slug: 'tea', title: 'On tea' },
      text: '',
      created: Date.parse(CREATED),
      unread: true,
      renewal: null,
    });
    expect(readNotification(like({ type: 'favorite' }))).toMatchObject({ kind: 'favorite' });
    expect(readNotification(like({ type: 'follow', target: { type: 'User', object: { username: 'ann' } } }))).toMatchObject({ kind: 'follow', article: null });
    const comment = like({ type: 'comment', result: { type: 'Comment', object: { id: 3, text: '<b>hi</b>' } } });
    expect(readNotification(comment)).toMatchObject({ kind: 'comment', text: '<b>hi</b>' });
    expect(readNotification({ ...comment, payload: { ...comment.payload, type: 'reply_comment' } })).toMatchObject({ kind: 'reply_comment' });
  });

  it('reads a renewal reminder, which has no actor (decision 051)', () => {
    const target = { type: 'Membership', object: { identity: 'vip_monthly_subscription', level: 'vip', expires: '2026-12-01T00:00:00.000Z' } };
    expect(readNotification(like({ type: 'renewal', source: null, target }))).toEqual({
      kind: 'renewal',
      actor: { name: '', username: null },
      article: null,
      text: '',
      created: Date.parse(CREATED),
      unread: true,
      renewal: target.object,
    });
    expect(readNotification(like({ type: 'renewal', source: null, target: null }))).toBe('skip');
    expect(readNotification(like({ type: 'renewal', source: null }))).toBe('error');
    expect(readNotification(like({ type: 'renewal', target: { type: 'Membership', object: { ...target.object, expires: 'soon' } } }))).toBe('error');
  });

  it('renders nothing when the actor or the target is missing', () => {
    expect(readNotification(like({ source: null }))).toBe('skip');
    expect(readNotification(like({ target: null }))).toBe('skip');
    expect(readNotification(like({ source: undefined }))).toBe('skip');
    expect(readNotification(like({ source: { type: 'User', object: { username: '' } } }))).toBe('skip');
  });

  it('gives no link to an actor without a username', () => {
    expect(readNotification(like({ source: { type: 'User', object: { nickname: 'Guest' } } }))).toMatchObject({ actor: { name: 'Guest', username: null } });
  });

  it('calls bad data an error', () => {
    for (const bad of [
      null,
      'text',
      { payload: null },
      { payload: [] },
      like({ type: 'poke' }),
      like({ created: 'yesterday' }),
      like({ created: undefined }),
      like({ source: 'ben' }),
      like({ target: { type: 'Booklet', object: { slug: 'x', title: 'y' } } }),
      like({ target: { type: 'Article', object: { slug: 'x' } } }),
      like({ target: { type: 'Article', object: { slug: '', title: 'y' } } }),
      like({ type: 'comment', result: null }),
      like({ type: 'reply_comment', result: { object: { text: 42 } } }),
    ]) {
      expect(readNotification(bad), JSON.stringify(bad)).toBe('error');
    }
  });
});

describe('templateParts', () => {
  it('splits a sentence around its slots', () => {
    expect(templateParts('{actor} liked your article {title}')).toEqual([{ slot: 'actor' }, ' liked your article ', { slot: 'title' }]);
    expect(templateParts('{actor} 关注了你')).toEqual([{ slot: 'actor' }, ' 关注了你']);
    expect(templateParts('no slots')).toEqual(['no slots']);
  });
});

describe('relative times of a notification (docs/specification/shell.md §9)', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const at = (ms: number, locale = 'en') => relativeTime(now - ms, now, locale, 'UTC', locale === 'en' ? 'just now' : '刚刚');
  it('turns at each boundary', () => {
    expect(at(59_999)).toBe('just now');
    expect(at(60_000)).toBe('1 minute ago');
    expect(at(3_599_999)).toBe('59 minutes ago');
    expect(at(3_600_000)).toBe('1 hour ago');
    expect(at(86_399_999)).toBe('23 hours ago');
    expect(at(86_400_000)).toBe('1 day ago');
    expect(at(7 * 86_400_000 - 1)).toBe('6 days ago');
    expect(at(7 * 86_400_000)).toBe('Nov 15');
    expect(at(400 * 86_400_000)).toBe('Oct 18, 2025');
    expect(at(30_000, 'zh-CN')).toBe('刚刚');
    expect(at(5 * 60_000, 'zh-CN')).toBe('5分钟前');
    expect(at(20 * 86_400_000, 'zh-CN')).toBe('11月2日');
  });
});
