import { action, computed, makeObservable, observable } from 'mobx';
import { BACKGROUNDS, backgroundIndex, backgroundName, themeOf, THEMES, type Theme, type ThemeName } from '../../../shared/themes';
import type { EditorDeps } from '../EditorDeps';
import { browserStorage, readProductState, updateProductState, type ProductStorage } from '../../stores/productState';

/** Where the look's own preferences live: the product state in localStorage (client/stores/productState.ts). */
export type LookStorage = ProductStorage;

/** docs/specification/content-and-commerce.md §2: index -1 (none) to 9, then back to none. */
export const NO_BACKGROUND = -1;

/**
 * The editor's look (docs/specification/content-and-commerce.md §2, §3): the article's theme and background (its `theme`
 * and `style` fields: the editor page's EditorStore saves them, and sets them when an
 * article opens), the typing sound, immersive mode and the navigation panel. The
 * background index and the typing sound are remembered on this device.
 */
export class LookStore {
  theme: ThemeName = 'default';
  backgroundIndex = NO_BACKGROUND;
  typingSound = false;
  immersive = false;
  navigationOpen = true;

  constructor(
    readonly deps: EditorDeps,
    private readonly storage: LookStorage | null = browserStorage(),
  ) {
    const state = readProductState(storage);
    this.backgroundIndex = clampBackground(Number(state.backgroundIndex ?? NO_BACKGROUND));
    this.typingSound = state.typingSound === true;
    makeObservable(this, {
      theme: observable,
      backgroundIndex: observable,
      typingSound: observable,
      immersive: observable,
      navigationOpen: observable,
      themeInfo: computed,
      style: computed,
      documentClassName: computed,
      setTheme: action,
      setStyle: action,
      nextBackground: action,
      toggleTypingSound: action,
      toggleImmersive: action,
      leaveImmersive: action,
      toggleNavigation: action,
      setNavigationOpen: action,
    });
  }

  /** The four themes of shared/themes.ts, for the chooser. */
  get themes(): readonly Theme[] {
    return THEMES;
  }

  get themeInfo(): Theme {
    return themeOf(this.theme);
  }

  /** The article's `style`: the background's name, '' for none. */
  get style(): string {
    return backgroundName(this.backgroundIndex);
  }

  /** The document's classes, the reader's (client/components/ArticleView.tsx), so it looks as readers see it. */
  get documentClassName(): string {
    const background = this.style;
    return ['article', `article--${this.theme}`, background ? `article--bg-${background}` : ''].filter(Boolean).join(' ');
  }

  setTheme(name: string): void {
    this.theme = themeOf(name).name;
  }

  /** An opened article's `style` sets the background (and this device remembers it). */
  setStyle(style: string): void {
    this.setBackground(backgroundIndex(style));
  }

  /** The background switcher: the next of -1..9, after 9 none again. */
  nextBackground(): void {
    this.setBackground(this.backgroundIndex >= BACKGROUNDS.length - 1 ? NO_BACKGROUND : this.backgroundIndex + 1);
  }

  toggleTypingSound(): void {
    this.typingSound = !this.typingSound;
    updateProductState(this.storage, { typingSound: this.typingSound });
  }

  toggleImmersive(): void {
    this.immersive = !this.immersive;
  }

  leaveImmersive(): void {
    this.immersive = false;
  }

  toggleNavigation(): void {
    this.navigationOpen = !this.navigationOpen;
  }

  setNavigationOpen(open: boolean): void {
    this.navigationOpen = open;
  }

  private setBackground(index: number): void {
    this.backgroundIndex = clampBackground(index);
    updateProductState(this.storage, { backgroundIndex: this.backgroundIndex });
  }
}

/** A stored index outside -1..9 (or not a number) is none. */
export function clampBackground(index: number): number {
  return Number.isInteger(index) && index >= NO_BACKGROUND && index < BACKGROUNDS.length ? index : NO_BACKGROUND;
}
