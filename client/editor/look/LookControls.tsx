import type { LookStore } from './LookStore';

export function LookControls(props: { store: LookStore }) {
  void props;
  return <div className="look-controls" />;
}
