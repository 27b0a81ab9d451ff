/**
 * The article themes of docs/specification/content-and-commerce.md §3 (Theme: name, title, preview image, css path) and the
 * background styles an article can carry in `style` (docs/decisions/010). The reader and
 * the editor share these lists.
 */
export const THEME_NAMES = ['default', 'theme-1', 'theme-2', 'theme-3'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface Theme {
  name: ThemeName;
  /** The catalogue key of its title. */
  titleKey: `theme.${ThemeName}.title`;
  /** A small picture of the theme for the editor's chooser. */
  preview: string;
  /** Its stylesheet; a page links only the theme it shows. */
  css: string;
}

/** Bump when a theme stylesheet changes: the files are unhashed and cached for a day. */
const THEME_CSS_VERSION = '1';

export const THEMES: readonly Theme[] = THEME_NAMES.map((name) => ({
  name,
  titleKey: `theme.${name}.title` as const,
  preview: `/themes/${name}.svg`,
  css: `/themes/${name}.css?v=${THEME_CSS_VERSION}`,
}));

/** The theme an article names, or the default for an empty or unknown name. */
export function themeOf(name: string | null | undefined): Theme {
  return THEMES.find((theme) => theme.name === name) ?? defaultTheme();
}

function defaultTheme(): Theme {
  const theme = THEMES[0];
  if (!theme) throw new Error('no themes');
  return theme;
}

/**
 * The editor's ten backgrounds (docs/specification/content-and-commerce.md §2 and §9: index -1 to 9, -1 being none), by name:
 * `article.style` stores the name, index i is `BACKGROUNDS[i]`.
 */
export const BACKGROUNDS = ['paper', 'linen', 'mist', 'sage', 'sand', 'blush', 'lavender', 'grid', 'dots', 'lines'] as const;
export type BackgroundName = (typeof BACKGROUNDS)[number];

/** The background an article's `style` names; empty or unknown names mean none. */
export function backgroundOf(style: string | null | undefined): BackgroundName | null {
  return (BACKGROUNDS as readonly string[]).includes(style ?? '') ? (style as BackgroundName) : null;
}

/** The editor's background index (-1 for none) as the name saved in `style`. */
export function backgroundName(index: number): BackgroundName | '' {
  return BACKGROUNDS[index] ?? '';
}

/** The editor's index of a saved `style`: -1 for none or an unknown name. */
export function backgroundIndex(style: string | null | undefined): number {
  const background = backgroundOf(style);
  return background === null ? -1 : BACKGROUNDS.indexOf(background);
}
