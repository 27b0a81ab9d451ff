import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { BACKGROUNDS } from '../../../shared/themes';
import { useDismiss } from '../../components/useDismiss';
import { useStores } from '../../stores/context';
import { TOOL_BUTTON_STYLE } from '../format/toolStyles';
import type { LookStore } from './LookStore';
import { LookToggle } from './LookToggle';
import { lookTexts } from './texts';
import { createClickPlayer, typesIntoDocument } from './typingSound';

/** The chooser's layout inline: it must float under its button whatever the page's stylesheet holds. */
const THEME_LIST_STYLE: CSSProperties = {
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 50,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 112px)',
  gap: 6,
  margin: '4px 0 0',
  padding: 8,
  listStyle: 'none',
  background: '#fff',
  border: '1px solid #e6e2da',
  borderRadius: 8,
  boxShadow: '0 8px 24px rgb(0 0 0 / 14%)',
};
const THEME_OPTION_STYLE: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  width: '100%',
  padding: 4,
  border: '2px solid transparent',
  borderRadius: 6,
  background: 'transparent',
  font: 'inherit',
  fontSize: 12,
  cursor: 'pointer',
};

/**
 * The look controls of the top bar (docs/specification/content-and-commerce.md §2): theme chooser, background switcher,
 * typing sound and immersive mode. They also link the theme's stylesheet (so the
 * document looks as readers will see it), play the typing sound and let Escape leave
 * immersive mode.
 */
export const LookControls = observer(function LookControls(props: { store: LookStore }) {
  const { store } = props;
  const { env } = useStores();
  const t = lookTexts(store.deps.locale);
  const [themesOpen, setThemesOpen] = useState(false);
  const chooser = useRef<HTMLDivElement>(null);
  useTypingSound(store.typingSound);
  useImmersiveKeys(store);
  useDismiss(themesOpen, chooser, () => setThemesOpen(false));

  const backgroundLabel =
    store.backgroundIndex < 0 ? t('backgroundNone') : t('backgroundNumber', { number: store.backgroundIndex + 1, count: BACKGROUNDS.length });

  return (
    <div className="look-controls" style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
      {/* React hoists the sheet into the head; the reader links the same one (one theme a page). */}
      <link rel="stylesheet" href={store.themeInfo.css} precedence="theme" />
      <div className="look-theme" ref={chooser} style={{ position: 'relative' }}>
        <button
          type="button"
          className="look-button"
          style={TOOL_BUTTON_STYLE}
          aria-haspopup="listbox"
          aria-expanded={themesOpen}
          title={t('theme')}
          onClick={() => setThemesOpen(!themesOpen)}
        >
          {t('theme')}: {env.t(store.themeInfo.titleKey)}
        </button>
        {themesOpen && (
          <ul className="look-theme-list" role="listbox" aria-label={t('theme')} style={THEME_LIST_STYLE}>
            {store.themes.map((theme) => (
              <li key={theme.name} role="option" aria-selected={theme.name === store.theme}>
                <button
                  type="button"
                  className={theme.name === store.theme ? 'look-theme-option is-active' : 'look-theme-option'}
                  style={{ ...THEME_OPTION_STYLE, borderColor: theme.name === store.theme ? '#2f6feb' : 'transparent' }}
                  onClick={() => {
                    store.setTheme(theme.name);
                    setThemesOpen(false);
                  }}
                >
                  <img src={theme.preview} alt="" width={96} height={64} />
                  <span>{env.t(theme.titleKey)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="look-button look-background"
        style={TOOL_BUTTON_STYLE}
        aria-label={backgroundLabel}
        title={backgroundLabel}
        data-background-index={store.backgroundIndex}
        onClick={() => store.nextBackground()}
      >
        {t('background')}
        <span className="look-background-index" aria-hidden="true">
          {store.backgroundIndex < 0 ? '–' : store.backgroundIndex + 1}
        </span>
      </button>
      <LookToggle on={store.typingSound} onToggle={() => store.toggleTypingSound()}>
        {t('typingSound')}
      </LookToggle>
      <LookToggle on={store.immersive} title={store.immersive ? t('leaveImmersive') : t('immersive')} onToggle={() => store.toggleImmersive()}>
        {t('immersive')}
      </LookToggle>
    </div>
  );
});

/** The navigation panel's toggle, for the editor's layout (its state lives on the LookStore). */
export const NavigationToggle = observer(function NavigationToggle(props: { store: LookStore }) {
  const t = lookTexts(props.store.deps.locale);
  return (
    <LookToggle
      on={props.store.navigationOpen}
      className="look-navigation"
      label={t('navigation')}
      title={t('navigation')}
      onToggle={() => props.store.toggleNavigation()}
    >
      ☰
    </LookToggle>
  );
});

function useTypingSound(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const player = createClickPlayer();
    const onKey = (event: KeyboardEvent) => {
      if (!event.repeat && typesIntoDocument(event)) player.play();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      player.close();
    };
  }, [on]);
}

/** Escape leaves immersive mode; the page gets a class that hides the chrome. */
function useImmersiveKeys(store: LookStore): void {
  const immersive = store.immersive;
  useEffect(() => {
    if (!immersive) return;
    document.documentElement.classList.add('editor-immersive');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') store.leaveImmersive();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('editor-immersive');
      window.removeEventListener('keydown', onKey);
    };
  }, [immersive, store]);
}
