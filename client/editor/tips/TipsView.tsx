import { observer } from 'mobx-react-lite';
import type { TipsStore } from './TipsStore';

/** The top tips of the editor (docs/specification/content-and-commerce.md §2, §4): the newest on top, errors in red, an optional action. */
export const TipsView = observer(function TipsView({ store, closeLabel }: { store: TipsStore; closeLabel: string }) {
  if (store.items.length === 0) return null;
  return (
    <div className="ze-tips" role="status" aria-live="polite">
      {[...store.items].reverse().map((tip) => (
        <div key={tip.id} className={`ze-tip ze-tip-${tip.kind}`} data-kind={tip.kind}>
          <span className="ze-tip-text">{tip.text}</span>
          {tip.action && (
            <button type="button" className="ze-tip-action" onClick={tip.action.run}>
              {tip.action.label}
            </button>
          )}
          <button type="button" className="ze-tip-close" aria-label={closeLabel} onClick={() => store.remove(tip.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
});
