import type { TextLocale } from '../../shared/locale';
import type { Catalogue, MessageKey } from './en';

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A message whose wording depends on a number. The convention: that number is the parameter
 * named `count`, and `Intl.PluralRules` of the text's locale picks the form (English `one` and
 * `other`); a form the message lacks falls back to `other`, the only form Chinese needs.
 */
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** A text of a catalogue or a page: plain, or plural on its `count` parameter. */
export type Message = string | PluralMessage;

const pluralRules = new Map<TextLocale, Intl.PluralRules>();

/** The wording of a message for its `count` (`other` when there is no number), placeholders still in it. */
export function pluralForm(message: Message, locale: TextLocale, count: string | number | undefined): string {
  if (typeof message === 'string') return message;
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return message[rules.select(Number(count))] ?? message.other;
}

/** Picks a message's form and fills its `{name}` placeholders; unknown placeholders stay as written. */
export function formatMessage(message: Message, locale: TextLocale, params?: MessageParams): string {
  const text = pluralForm(message, locale, params?.count);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Looks a key up in the catalogue of `locale` and formats it (formatMessage). */
export function translate(catalogue: Catalogue, locale: TextLocale, key: MessageKey, params?: MessageParams): string {
  return formatMessage(catalogue[key], locale, params);
}
