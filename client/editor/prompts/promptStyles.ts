import type { CSSProperties } from 'react';
import { TOOL_BUTTON_STYLE } from '../format/toolStyles';

/** The prompts' layout inline, as SmallDialog's (client/editor/prompts/SmallDialog.tsx): their action row, right-aligned. */
export const PROMPT_ACTIONS_STYLE: CSSProperties = { display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap', marginTop: 16 };
/** A prompt's action, a button or a link that looks like one. */
export const PROMPT_BUTTON_STYLE: CSSProperties = { ...TOOL_BUTTON_STYLE, textDecoration: 'none' };
/** A prompt's main action. */
export const PROMPT_PRIMARY_STYLE: CSSProperties = { ...PROMPT_BUTTON_STYLE, background: '#2f6feb', borderColor: '#2f6feb', color: '#fff' };
