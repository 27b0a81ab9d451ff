import { observer } from 'mobx-react-lite';
import { useState, type DragEvent } from 'react';
import type { ManagedBookletItem } from '../../../shared/bookletManagement';
import { AddItemButtons } from './AddItemButtons';
import type { BookletManagerStore } from './BookletManagerStore';
import { MoveStepButton } from './MoveStepButton';
import { NewDirectoryInput } from './NewDirectoryInput';
import { TitleInput } from './TitleInput';
import { moveDestinations, positionOf, type DropPlace } from './treeMoves';

/** What is being dragged and where it would land. */
interface DragState {
  dragged: number | null;
  over: { id: number; place: DropPlace } | null;
}

interface TreeProps {
  store: BookletManagerStore;
  drag: DragState;
  setDrag: (next: DragState) => void;
}

const NO_DRAG: DragState = { dragged: null, over: null };

/**
 * The booklet's tree. Items move by HTML5 drag and drop (before or after an item, or into a
 * directory's middle) or by the move up / move down buttons for keyboards.
 */
export const BookletTree = observer(function BookletTree({ store }: { store: BookletManagerStore }) {
  const [drag, setDrag] = useState<DragState>(NO_DRAG);
  const tree = store.tree;
  const onEndDrop = (event: DragEvent) => {
    event.preventDefault();
    const dragged = drag.dragged;
    setDrag(NO_DRAG);
    if (dragged !== null) void store.dropAtEnd(dragged, null);
  };
  return (
    <div className="zb-tree">
      <TreeLevel nodes={tree} depth={1} store={store} drag={drag} setDrag={setDrag} />
      {drag.dragged !== null && (
        <div
          className="zb-drop-end"
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
          }}
          onDrop={onEndDrop}
        >
          {store.t('topLevel')}
        </div>
      )}
    </div>
  );
});

const TreeLevel = observer(function TreeLevel({ nodes, depth, ...props }: TreeProps & { nodes: readonly ManagedBookletItem[]; depth: number }) {
  if (nodes.length === 0) return null;
  return (
    <ul className="zb-tree-level" role={depth === 1 ? 'tree' : 'group'}>
      {nodes.map((node, index) => (
        <TreeItem key={node.id} node={node} depth={depth} first={index === 0} last={index === nodes.length - 1} {...props} />
      ))}
    </ul>
  );
});

const TreeItem = observer(function TreeItem({
  node,
  depth,
  first,
  last,
  store,
  drag,
  setDrag,
}: TreeProps & { node: ManagedBookletItem; depth: number; first: boolean; last: boolean }) {
  const { t } = store;
  const directory = node.type === 'directory';
  const selected = store.selectedItemId === node.id;
  const renaming = store.editing?.type === 'directory' && store.editing.id === node.id;
  const addingInside = store.editing?.type === 'newDirectory' && store.editing.id === node.id;
  const over = drag.over?.id === node.id ? drag.over.place : null;

  const placeAt = (event: DragEvent<HTMLDivElement>): DropPlace => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / Math.max(1, box.height);
    if (directory) return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside';
    return y < 0.5 ? 'before' : 'after';
  };

  return (
    <li className="zb-tree-item" role="treeitem" aria-selected={selected} aria-level={depth} data-item-id={node.id} data-item-type={node.type}>
      <div
        className={['zb-row', selected ? 'zb-row-selected' : '', over ? `zb-drop-${over}` : '', drag.dragged === node.id ? 'zb-row-dragged' : '']
          .filter(Boolean)
          .join(' ')}
        draggable={!renaming}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(node.id));
          setDrag({ dragged: node.id, over: null });
        }}
        onDragEnd={() => setDrag(NO_DRAG)}
        onDragOver={(event) => {
          if (drag.dragged === null || drag.dragged === node.id) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          const place = placeAt(event);
          if (drag.over?.id !== node.id || drag.over.place !== place) setDrag({ ...drag, over: { id: node.id, place } });
        }}
        onDragLeave={() => {
          if (drag.over?.id === node.id) setDrag({ ...drag, over: null });
        }}
        onDrop={(event) => {
          event.preventDefault();
          const dragged = drag.dragged;
          const place = placeAt(event);
          setDrag(NO_DRAG);
          if (dragged !== null && dragged !== node.id) void store.drop(dragged, node.id, place);
        }}
        onClick={() => store.selectItem(node.id)}
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            store.selectItem(node.id);
          } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
            event.preventDefault();
            void store.step(node.id, event.key === 'ArrowUp' ? -1 : 1);
          }
        }}
      >
        <span className="zb-grip" aria-hidden="true">
          ⋮⋮
        </span>
        <span className={directory ? 'zb-icon zb-icon-directory' : 'zb-icon zb-icon-chapter'} aria-hidden="true" />
        {renaming ? (
          <TitleInput
            label={t('directoryTitle')}
            initial={node.detail.title}
            saveLabel={t('save')}
            cancelLabel={t('cancel')}
            busy={store.busy}
            onSave={(title) => void store.renameDirectory(node.id, title)}
            onCancel={() => store.stopEditing()}
          />
        ) : (
          <span className="zb-row-title">{node.detail.title}</span>
        )}
        {node.detail.private && <span className="zb-badge">{t('private')}</span>}
        {!directory && node.detail.sales_mode === 'payment_required' && <span className="zb-badge zb-badge-paid">{t('paid')}</span>}
      </div>
      {selected && !renaming && (
        <div className="zb-row-tools">
          <MoveStepButton store={store} itemId={node.id} delta={-1} disabled={first} />
          <MoveStepButton store={store} itemId={node.id} delta={1} disabled={last} />
          <MoveToSelect store={store} node={node} />
          {directory ? (
            <>
              <button type="button" className="zb-button" onClick={() => store.startEditing({ type: 'directory', id: node.id })}>
                {t('rename')}
              </button>
              <AddItemButtons store={store} parentId={node.id} />
            </>
          ) : (
            <label className="zb-sales">
              {t('salesMode')}
              <select
                value={node.detail.sales_mode}
                disabled={store.busy}
                onChange={(event) => void store.setSalesMode(node.id, event.target.value === 'payment_required' ? 'payment_required' : 'free')}
              >
                <option value="free">{t('free')}</option>
                <option value="payment_required">{t('paid')}</option>
              </select>
            </label>
          )}
          <button type="button" className="zb-button zb-button-danger" disabled={store.busy} onClick={() => void store.removeItem(node)}>
            {t('remove')}
          </button>
        </div>
      )}
      {addingInside && <NewDirectoryInput store={store} parentId={node.id} />}
      <TreeLevel nodes={node.children} depth={depth + 1} store={store} drag={drag} setDrag={setDrag} />
    </li>
  );
});

/** The keyboard's and touch screen's way to move an item into another directory (to its end). */
const MoveToSelect = observer(function MoveToSelect({ store, node }: { store: BookletManagerStore; node: ManagedBookletItem }) {
  const { t } = store;
  const current = positionOf(store.tree, node.id)?.parentId ?? null;
  const destinations = moveDestinations(store.tree, node.id);
  if (destinations.length < 2) return null;
  return (
    <label className="zb-sales">
      {t('moveTo')}
      <select
        value={current === null ? 'top' : String(current)}
        disabled={store.busy}
        onChange={(event) => void store.moveInto(node.id, event.target.value === 'top' ? null : Number(event.target.value))}
      >
        {destinations.map((destination) => (
          <option key={destination.id ?? 'top'} value={destination.id === null ? 'top' : String(destination.id)}>
            {destination.id === null ? t('topLevel') : `${'\u00a0\u00a0'.repeat(destination.depth - 1)}${destination.title}`}
          </option>
        ))}
      </select>
    </label>
  );
});
