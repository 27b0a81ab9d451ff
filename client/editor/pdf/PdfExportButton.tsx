import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { PdfExportStore } from './PdfExportStore';

export interface PdfExportButtonProps {
  store: PdfExportStore;
  articleId: number | null;
}

/**
 * The top bar's PDF button: exports the saved article, says while it is being made,
 * offers the file once made, shows what is left of the month's exports, and says
 * plainly when this server cannot make PDFs.
 */
export const PdfExportButton = observer(function PdfExportButton({ store, articleId }: PdfExportButtonProps) {
  const { t } = store;
  useEffect(() => {
    if (!store.quota) void store.loadQuota();
    // The server finishes the export anyway; asking again later answers at once.
    return () => store.cancel();
  }, [store]);

  if (store.unavailable) {
    return (
      <span className="ze-pdf">
        <button type="button" className="ze-button ze-pdf-button" disabled title={t('unavailable')} aria-describedby="ze-pdf-unavailable">
          {t('unavailableShort')}
        </button>
        <span id="ze-pdf-unavailable" className="ze-muted ze-pdf-note" role="note">
          {t('unavailable')}
        </span>
      </span>
    );
  }

  const status = store.statusOf(articleId);
  const busy = status === 'pending' || status === 'processing';
  const quota = store.quota;
  const remaining = quota ? t('remaining', { count: quota.remaining, limit: quota.pdf_limit }) : '';
  const title = articleId === null ? t('saveFirst') : [t('savedVersion'), remaining].filter(Boolean).join(' · ');
  return (
    <span className="ze-pdf">
      <button
        type="button"
        className="ze-button ze-pdf-button"
        disabled={articleId === null || busy}
        aria-busy={busy}
        title={title}
        onClick={() => {
          if (articleId !== null) void store.exportArticle(articleId);
        }}
      >
        {busy ? t('exporting') : t('exportPdf')}
      </button>
      {quota && articleId !== null && !busy ? (
        <span className="ze-muted ze-pdf-left" title={remaining}>
          {t('left', { count: quota.remaining })}
        </span>
      ) : null}
      {status === 'success' && store.fileUrl ? (
        <a className="ze-button ze-pdf-download" href={store.fileUrl} download>
          {t('download')}
        </a>
      ) : null}
    </span>
  );
});
