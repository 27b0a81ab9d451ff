import type { CSSProperties } from 'react';

/*
 * The tools' base look inline (format/tools.css adds hover and focus states when the
 * editor's stylesheet imports it): buttons and selects must look like controls either way.
 */
export const TOOL_BUTTON_STYLE: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  minWidth: 30,
  height: 30,
  padding: '0 8px',
  border: '1px solid #e6e2da',
  borderRadius: 6,
  background: '#fff',
  color: '#1f2328',
  font: 'inherit',
  fontSize: 14,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
};

export const ACTIVE_TOOL_STYLE: CSSProperties = {
  ...TOOL_BUTTON_STYLE,
  background: '#e8f0fe',
  borderColor: '#9dbcf7',
  color: '#1f5fd6',
};

export const TOOL_SELECT_STYLE: CSSProperties = {
  height: 30,
  maxWidth: 150,
  border: '1px solid #e6e2da',
  borderRadius: 6,
  background: '#fff',
  color: '#1f2328',
  fontSize: 13,
};

export function toolButtonStyle(active: boolean): CSSProperties {
  return active ? ACTIVE_TOOL_STYLE : TOOL_BUTTON_STYLE;
}
