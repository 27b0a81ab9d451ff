import type { ArticleDetail } from '../../shared/entities';

/** An article as the reader's API answers it, for unit tests: Ann's English article 'hello', with what a test changes. */
export function articleDetail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    id: 1,
    slug: 'hello',
    title: 'Hello',
    description: '',
    cover_url: '',
    content: '<p>Opening words of the body.</p>',
    theme: 'default',
    style: '',
    word_count: 5,
    language: 'en',
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-02T00:00:00.000Z',
    author: { username: 'ann', avatar: '', description: '', column: '/@ann/', follower_count: 0, follow_status: null },
    thumb_up_count: 0,
    thumb_up_status: false,
    favorite_count: 0,
    favorite_status: false,
    comment_count: 0,
    ...overrides,
  };
}
