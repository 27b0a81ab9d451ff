import type { Catalogue, MessageKey } from './en';

export type MessageParams = Readonly<Record<string, string | number>>;

/** Looks a key up and fills its `{name}` placeholders; unknown placeholders stay as written. */
export function translate(catalogue: Catalogue, key: MessageKey, params?: MessageParams): string {
  const text = catalogue[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
