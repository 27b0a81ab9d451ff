import type { Kysely } from 'kysely';
import { pageTranslator } from '../../client/i18n/pageTexts';
import { PAYMENT_TEXTS } from '../../client/payments/texts';
import type { TextLocale } from '../../shared/locale';
import { findMembershipProduct } from '../../shared/membershipProducts';
import type { DB } from '../db/schema';
import type { OrderRow } from './fulfil';

/** WeChat Pay's `description`: at most 127 bytes of UTF-8. */
const WECHAT_DESCRIPTION_BYTES = 127;
/** Alipay's `subject`: at most 256 characters. */
const ALIPAY_SUBJECT_CHARS = 256;

/**
 * What the payer is buying, in the reader's language, with the words of the payment screens
 * (client/payments/texts.ts): "VIP, one month", "VIP 会员（一个月）", "Booklet: <its name>" —
 * never the product's key (docs/decisions/065).
 */
export async function tradeItem(db: Kysely<DB>, order: OrderRow, locale: TextLocale): Promise<string> {
  const t = pageTranslator(PAYMENT_TEXTS, locale, '');
  if (order.type === 'booklet') {
    const booklet = await db.selectFrom('booklets').select('name').where('id', '=', Number(order.identity)).executeTakeFirst();
    return t('panel.booklet', { name: booklet?.name ?? `#${order.identity}` });
  }
  const product = findMembershipProduct(order.identity);
  if (!product) return t('member.title');
  const level = t(`level.${product.level}`);
  const period = t(`member.period.${product.period}`);
  return t(product.kind === 'subscription' ? 'member.itemSubscription' : 'member.item', { level, period });
}

/**
 * WeChat Pay's description: "<site> – <item>", one line, without control characters or characters
 * outside the Basic Multilingual Plane (emoji: WeChat Pay's systems store three-byte UTF-8), cut
 * to 127 bytes with an ellipsis.
 */
export function wechatDescription(site: string, item: string): string {
  return cut(`${site} – ${clean(item)}`.replace(/[\u{10000}-\u{10FFFF}]/gu, ''), (text) => Buffer.byteLength(text, 'utf8') <= WECHAT_DESCRIPTION_BYTES);
}

/** Alipay's subject: "<site> – <item>", one line, without / = & (which Alipay refuses in a subject), cut to 256 characters. */
export function alipaySubject(site: string, item: string): string {
  return cut(clean(`${site} – ${item.replace(/[/=&]/g, ' ')}`), (text) => text.length <= ALIPAY_SUBJECT_CHARS);
}

/** One line: control characters and runs of white space become one space. */
function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text, or its longest head of whole code points that fits with an ellipsis. */
function cut(text: string, fits: (text: string) => boolean): string {
  const line = clean(text);
  if (fits(line)) return line;
  const points = Array.from(line);
  while (points.length > 0 && !fits(`${points.join('').trimEnd()}…`)) points.pop();
  return `${points.join('').trimEnd()}…`;
}
