/** The booklet's overview, `/booklet/{slug}/`. */
export function bookletOverviewPath(slug: string): string {
  return `/booklet/${encodeURIComponent(slug)}/`;
}

/** A chapter, directory or the end page, `/booklet/{slug}/{childSlug}`. */
export function bookletChapterPath(slug: string, childSlug: string): string {
  return `/booklet/${encodeURIComponent(slug)}/${encodeURIComponent(childSlug)}`;
}

/** The overview's ratings section: the end page's 'Rate this booklet' leads there. */
export const RATINGS_ANCHOR = 'ratings';
