import type { Transaction } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useDismiss } from '../../components/useDismiss';
import { chooseImages } from '../images/chooseImages';
import type { FormatStore } from './FormatStore';
import { familyName } from './FormatStore';
import { replacesMuch } from './transactions';
import { TOOL_SELECT_STYLE, toolButtonStyle } from './toolStyles';
import { formatTexts, type FormatTextKey } from './texts';
import {
  ALIGNMENTS,
  DEFAULT_FONT,
  FONT_SIZES,
  PARAGRAPH_TYPES,
  readTextStyle,
  sameTextStyle,
  setParagraphType,
  type Alignment,
  type ParagraphType,
} from './textStyle';

const ALIGN_LABELS: Readonly<Record<Alignment, FormatTextKey>> = {
  left: 'alignLeft',
  center: 'alignCenter',
  right: 'alignRight',
  justify: 'alignJustify',
};

const TOOLBAR_STYLE: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 };
const GROUP_STYLE: CSSProperties = { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 };

/** The palette's layout inline: it must float under its button whatever the page's stylesheet holds. */
const PALETTE_STYLE: CSSProperties = {
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 50,
  display: 'grid',
  gridTemplateColumns: 'repeat(6, 22px)',
  gap: 4,
  padding: 6,
  background: '#fff',
  border: '1px solid #e6e2da',
  borderRadius: 8,
  boxShadow: '0 8px 24px rgb(0 0 0 / 14%)',
};
const SWATCH_STYLE: CSSProperties = { width: 22, height: 22, padding: 0, border: '1px solid rgb(0 0 0 / 15%)', borderRadius: 4, cursor: 'pointer' };

/**
 * The formatting toolbar (docs/specification/content-and-commerce.md §3 text style): marks, colour, font, size, paragraph
 * type, alignment, indent and images, each showing the style at the selection.
 */
export const FormatToolbar = observer(function FormatToolbar(props: { editor: Editor | null; store: FormatStore }) {
  const { editor, store } = props;
  const t = formatTexts(store.locale);
  const style = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? readTextStyle(current) : null),
    equalityFn: sameTextStyle,
  });
  const [paletteOpen, setPaletteOpen] = useState(false);
  const palette = useRef<HTMLSpanElement>(null);
  useFontsOfArticle(editor, store);
  useDismiss(paletteOpen, palette, () => setPaletteOpen(false));

  if (!editor || !style) return <div className="format-toolbar" role="toolbar" aria-label={t('toolbar')} />;

  const font = store.fontOf(style.fontFamily);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => command(editor.chain().focus()).run();

  return (
    <div className="format-toolbar" role="toolbar" aria-label={t('toolbar')} style={TOOLBAR_STYLE}>
      <select
        className="format-select format-paragraph"
        style={TOOL_SELECT_STYLE}
        aria-label={t('paragraphType')}
        value={style.paragraphType}
        onChange={(event) => setParagraphType(editor, event.target.value as ParagraphType)}
      >
        {PARAGRAPH_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(type)}
          </option>
        ))}
      </select>
      <select
        className="format-select format-font"
        aria-label={t('font')}
        value={font ? font.font_name : ''}
        style={{ ...TOOL_SELECT_STYLE, fontFamily: style.fontFamily }}
        onChange={(event) => {
          const chosen = store.fonts.find((item) => item.font_name === event.target.value);
          if (chosen) store.applyFont(editor, chosen);
          else run((chain) => chain.unsetFontFamily());
        }}
      >
        <option value="">{style.fontFamily === DEFAULT_FONT || font ? t('defaultFont') : style.fontFamily}</option>
        {store.fonts.map((item) => (
          <option key={item.font_name} value={item.font_name} style={{ fontFamily: familyName(item) }}>
            {item.font_name}
          </option>
        ))}
      </select>
      <select
        className="format-select format-size"
        style={{ ...TOOL_SELECT_STYLE, width: 64 }}
        aria-label={t('fontSize')}
        value={String(style.fontSize)}
        onChange={(event) => run((chain) => chain.setFontSize(`${event.target.value}px`))}
      >
        {sizeOptions(style.fontSize).map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </select>
      <span className="format-group" style={GROUP_STYLE}>
        <ToolButton label={t('bold')} active={style.bold} onPress={() => run((chain) => chain.toggleBold())}>
          <b>B</b>
        </ToolButton>
        <ToolButton label={t('italic')} active={style.italic} onPress={() => run((chain) => chain.toggleItalic())}>
          <i>I</i>
        </ToolButton>
        <ToolButton label={t('underline')} active={style.underline} onPress={() => run((chain) => chain.toggleUnderline())}>
          <u>U</u>
        </ToolButton>
        <ToolButton label={t('strike')} active={style.strike} onPress={() => run((chain) => chain.toggleStrike())}>
          <s>S</s>
        </ToolButton>
        <span className="format-color" ref={palette} style={{ position: 'relative', display: 'inline-flex' }}>
          <ToolButton label={t('color')} active={paletteOpen} onPress={() => setPaletteOpen(!paletteOpen)}>
            <span className="format-color-letter" style={{ borderBottom: `3px solid ${style.color}`, lineHeight: 1 }}>
              A
            </span>
          </ToolButton>
          {paletteOpen && (
            <span className="format-palette" role="listbox" aria-label={t('color')} style={PALETTE_STYLE}>
              {store.colors.map((color) => (
                <button
                  key={color}
                  type="button"
                  role="option"
                  aria-selected={color.toLowerCase() === style.color.toLowerCase()}
                  aria-label={color}
                  title={color}
                  className="format-swatch"
                  style={{ ...SWATCH_STYLE, background: color }}
                  onMouseDown={keepSelection}
                  onClick={() => {
                    run((chain) => chain.setColor(color));
                    setPaletteOpen(false);
                  }}
                />
              ))}
            </span>
          )}
        </span>
      </span>
      <span className="format-group" style={GROUP_STYLE}>
        {ALIGNMENTS.map((alignment) => (
          <ToolButton
            key={alignment}
            label={t(ALIGN_LABELS[alignment])}
            active={style.textAlign === alignment}
            onPress={() => run((chain) => chain.setTextAlign(alignment))}
          >
            <AlignIcon alignment={alignment} />
          </ToolButton>
        ))}
        <ToolButton label={t('outdent')} active={false} disabled={style.textIndentNumber === 0} onPress={() => run((chain) => chain.outdent())}>
          ⇤
        </ToolButton>
        <ToolButton label={t('indent')} active={false} onPress={() => run((chain) => chain.indent())}>
          ⇥
        </ToolButton>
      </span>
      <ToolButton label={t('insertImage')} active={false} onPress={() => chooseImages(editor)}>
        <ImageIcon />
      </ToolButton>
    </div>
  );
});

function ToolButton(props: { label: string; active: boolean; disabled?: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={props.active ? 'format-button is-active' : 'format-button'}
      aria-label={props.label}
      aria-pressed={props.active}
      title={props.label}
      style={{ ...toolButtonStyle(props.active), ...(props.disabled ? { opacity: 0.4, cursor: 'default' } : {}) }}
      disabled={props.disabled}
      onMouseDown={keepSelection}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}

/** A toolbar button must not take the focus (and the selection) from the document. */
function keepSelection(event: MouseEvent): void {
  event.preventDefault();
}

function sizeOptions(current: number): number[] {
  const sizes: number[] = [...FONT_SIZES];
  return sizes.includes(current) ? sizes : [...sizes, current].sort((a, b) => a - b);
}

/** Loads the web fonts an opened article uses, and those of a large paste. */
function useFontsOfArticle(editor: Editor | null, store: FormatStore): void {
  const fontsReady = store.fonts.length;
  useEffect(() => {
    if (!editor || fontsReady === 0) return;
    store.loadFontsUsedIn(editor);
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (replacesMuch(transaction)) store.loadFontsUsedIn(editor);
    };
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
    };
  }, [editor, store, fontsReady]);
}

function AlignIcon(props: { alignment: Alignment }) {
  const lines: Record<Alignment, [number, number][]> = {
    left: [
      [2, 12],
      [2, 8],
      [2, 12],
      [2, 6],
    ],
    center: [
      [2, 12],
      [4, 8],
      [2, 12],
      [5, 6],
    ],
    right: [
      [2, 12],
      [6, 8],
      [2, 12],
      [8, 6],
    ],
    justify: [
      [2, 12],
      [2, 12],
      [2, 12],
      [2, 12],
    ],
  };
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      {lines[props.alignment].map(([x, width], index) => (
        <rect key={index} x={x} y={2 + index * 3.5} width={width} height="1.6" fill="currentColor" />
      ))}
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" />
      <circle cx="5.5" cy="6" r="1.3" fill="currentColor" />
      <path d="M2 12l4-4 3 3 2-2 3 3" fill="none" stroke="currentColor" />
    </svg>
  );
}
