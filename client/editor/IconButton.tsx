import type { ReactNode } from 'react';

/** One of the editor's icon buttons (an arrow, ☰, ×): its name is its label and its tooltip. */
export function IconButton(props: { label: string; pressed?: boolean; disabled?: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="ze-icon-button"
      aria-pressed={props.pressed}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}
