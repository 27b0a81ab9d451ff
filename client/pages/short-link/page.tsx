import { redirect } from 'react-router-dom';
import type { PageLoaderArgs } from '../../routing/pageModules';

/**
 * `/r/{slug?}` (docs/decisions/027): the short form printed on cards and QR codes.
 * An 8-character slug is an invitation (referral code), anything else a redeem code;
 * the server answers with a redirect, so the page itself never shows.
 */
export function loader({ params }: PageLoaderArgs): never {
  const slug = (params.slug ?? '').trim();
  if (!slug) throw redirect('/redeem/');
  const bare = slug.replace(/[\s-]/g, '');
  const target = bare.length === 8 ? '/accounts/referral/' : '/redeem/';
  throw redirect(`${target}${encodeURIComponent(slug.slice(0, 40))}/`);
}

export default function ShortLinkPage() {
  return null;
}
