import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { ArticleVersionSummary, TextChange } from '../../../shared/entities';
import type { TextLocale } from '../../../shared/locale';
import type { HistoryStore } from './HistoryStore';
import { IconButton } from '../IconButton';

/** The History panel beside the editor: the list of versions, or one version with its changes. */
export const HistoryPanel = observer(function HistoryPanel({ store, locale }: { store: HistoryStore; locale: TextLocale }) {
  const panel = useRef<HTMLElement>(null);
  // Focus follows the panel open and from the list to a version and back; Escape closes it.
  useEffect(() => {
    if (store.open) panel.current?.focus();
  }, [store.open, store.selected]);
  if (!store.open) return null;
  const { t } = store;
  const selected = store.versions?.find((v) => v.id === store.selected) ?? null;
  return (
    <aside
      ref={panel}
      className="ze-history"
      role="dialog"
      aria-modal="false"
      aria-labelledby="ze-history-title"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') store.close();
      }}
    >
      <header className="ze-history-head">
        <h2 id="ze-history-title">{t('title')}</h2>
        <IconButton label={t('close')} onPress={() => store.close()}>
          ×
        </IconButton>
      </header>
      {store.failed ? (
        <p className="ze-history-note" role="alert">
          {t('loadFailed')}
        </p>
      ) : null}
      {selected ? <VersionView store={store} version={selected} locale={locale} /> : <VersionList store={store} locale={locale} />}
    </aside>
  );
});

const VersionList = observer(function VersionList({ store, locale }: { store: HistoryStore; locale: TextLocale }) {
  const { t } = store;
  if (store.articleId === null) return <p className="ze-history-note">{t('saveFirst')}</p>;
  if (store.versions === null) return <p className="ze-history-note">{t('loading')}</p>;
  if (store.versions.length === 0) return <p className="ze-history-note">{t('empty')}</p>;
  return (
    <ol className="ze-history-list">
      {store.versions.map((version) => (
        <li key={version.id}>
          <button type="button" className="ze-history-item" onClick={() => void store.select(version.id)}>
            <VersionLine store={store} version={version} locale={locale} />
          </button>
        </li>
      ))}
    </ol>
  );
});

function VersionLine({ store, version, locale }: { store: HistoryStore; version: ArticleVersionSummary; locale: TextLocale }) {
  const { t } = store;
  return (
    <>
      <span className="ze-history-when">
        <time dateTime={version.created}>{when(version.created, locale)}</time>
        <span className="ze-history-kind">{t(`kind_${version.kind}`)}</span>
        <span className={version.published ? 'ze-history-badge ze-history-public' : 'ze-history-badge'}>{version.published ? t('public') : t('private')}</span>
      </span>
      <span className="ze-history-meta">
        {t('by', { name: version.saved_by })} · {t('size', { words: version.word_count, chars: version.characters })}
      </span>
    </>
  );
}

const VersionView = observer(function VersionView({ store, version, locale }: { store: HistoryStore; version: ArticleVersionSummary; locale: TextLocale }) {
  const { t } = store;
  const detail = store.detail;
  return (
    <div className="ze-history-version">
      <button type="button" className="ze-button" onClick={() => store.back()}>
        ← {t('versions')}
      </button>
      <p className="ze-history-summary">
        <VersionLine store={store} version={version} locale={locale} />
      </p>
      <div className="ze-history-compare" role="group" aria-label={t('compareWith')}>
        <span>{t('compareWith')}</span>
        {(['previous', 'current'] as const).map((against) => (
          <button
            key={against}
            type="button"
            className="ze-button"
            aria-pressed={store.against === against}
            onClick={() => void store.select(version.id, against)}
          >
            {t(against)}
          </button>
        ))}
      </div>
      <p className="ze-history-legend">{t('legend')}</p>
      {detail && detail.version.id === version.id ? (
        <Changes changes={detail.changes} added={t('added')} removed={t('removed')} none={t('noChanges')} />
      ) : (
        <p className="ze-history-note">{t('loading')}</p>
      )}
      <button type="button" className="ze-button ze-button-primary" disabled={store.restoring || !detail} onClick={() => void store.restore()}>
        {t('restore')}
      </button>
    </div>
  );
});

/** The version's text with what it added (<ins>) and removed (<del>): plain text from the server, never HTML. */
function Changes({ changes, added, removed, none }: { changes: readonly TextChange[]; added: string; removed: string; none: string }) {
  const changed = changes.some((part) => part.change !== 'same');
  return (
    <div className="ze-history-text">
      {changed ? null : <p className="ze-history-note">{none}</p>}
      {changes.map((part, index) =>
        part.change === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">{`[${added}] `}</span>
            {part.text}
          </ins>
        ) : part.change === 'removed' ? (
          <del key={index}>
            <span className="visually-hidden">{`[${removed}] `}</span>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}

function when(iso: string, locale: TextLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
