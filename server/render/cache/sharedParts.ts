import { pageFacts, PAGE_NAMES, type PageName } from '../../../client/routing/pageModules';
import type { RenderedPage } from './dependencies';

const STATE_OPEN = '<script type="application/json" id="__STATE__">';
const STATE_CLOSE = '</script>';
const NAV_OPEN = '<nav class="site-header__account"';
const NAV_CLOSE = '</nav>';

/**
 * Where a cached page's reader-dependent parts are, for the signed-in readers it is shared with
 * (server/render/sharedPages.tsx): the store snapshot's JSON and the header's account part
 * (`AccountNav`), as byte ranges of the stored page, with what the snapshot says about them.
 */
export interface SharedLayout {
  /** The matched route ids it was rendered for, outermost first. */
  routeIds: readonly string[];
  /** The author of the article it shows, who gets a page of their own (no follow button). */
  articleAuthor: string | null;
  /** The snapshot's JSON text as the page holds it. */
  state: string;
  /** The anonymous account and the render time in it. */
  account: unknown;
  renderedAt: number;
  stateRange: readonly [number, number];
  navRange: readonly [number, number];
}

/** The shared parts of a rendered page whose page is declared `sharedWithSignedIn`; null for any other or when a part is not found. */
export function sharedLayoutOf(html: string, rendered: RenderedPage): SharedLayout | null {
  const leaf = rendered.routeIds.at(-1);
  if (rendered.failed || !isPageName(leaf) || pageFacts(leaf).sharedWithSignedIn !== true) return null;
  const stateStart = html.indexOf(STATE_OPEN);
  if (stateStart < 0) return null;
  const stateFrom = stateStart + STATE_OPEN.length;
  const stateTo = html.indexOf(STATE_CLOSE, stateFrom);
  const navFrom = html.indexOf(NAV_OPEN, stateTo);
  const navEnd = navFrom < 0 ? -1 : html.indexOf(NAV_CLOSE, navFrom);
  // The signed-out part holds one link: a nested nav would make its end ambiguous.
  if (stateTo < 0 || navEnd < 0 || html.slice(navFrom + NAV_OPEN.length, navEnd).includes('<nav')) return null;
  const navTo = navEnd + NAV_CLOSE.length;
  const state = html.slice(stateFrom, stateTo);
  const snapshot: unknown = JSON.parse(state);
  if (!isSnapshot(snapshot)) return null;
  const bytes = (end: number) => Buffer.byteLength(html.slice(0, end));
  return {
    routeIds: rendered.routeIds,
    articleAuthor: rendered.articleAuthor,
    state,
    account: snapshot.account,
    renderedAt: snapshot.env.renderedAt,
    stateRange: [bytes(stateFrom), bytes(stateTo)],
    navRange: [bytes(navFrom), bytes(navTo)],
  };
}

/** The stored page with the reader's snapshot text and account part in place of the anonymous ones. */
export function withReaderParts(identity: Buffer, parts: SharedLayout, state: Buffer, nav: Buffer): Buffer {
  const [stateFrom, stateTo] = parts.stateRange;
  const [navFrom, navTo] = parts.navRange;
  return Buffer.concat([identity.subarray(0, stateFrom), state, identity.subarray(stateTo, navFrom), nav, identity.subarray(navTo)]);
}

function isPageName(id: string | undefined): id is PageName {
  return id !== undefined && (PAGE_NAMES as readonly string[]).includes(id);
}

function isSnapshot(value: unknown): value is { account: unknown; env: { renderedAt: number } } {
  if (typeof value !== 'object' || value === null || !('account' in value) || !('env' in value)) return false;
  const env: unknown = value.env;
  return typeof env === 'object' && env !== null && 'renderedAt' in env && typeof env.renderedAt === 'number';
}
