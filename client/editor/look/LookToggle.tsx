import type { ReactNode } from 'react';
import { toolButtonStyle } from '../format/toolStyles';

/** A look control that is on or off (typing sound, immersive mode, the navigation panel): pressed and highlighted while on. */
export function LookToggle(props: { on: boolean; onToggle: () => void; className?: string; label?: string; title?: string; children: ReactNode }) {
  const { on } = props;
  const className = ['look-button', props.className, on ? 'is-active' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      style={toolButtonStyle(on)}
      aria-pressed={on}
      aria-label={props.label}
      title={props.title}
      onClick={props.onToggle}
    >
      {props.children}
    </button>
  );
}
