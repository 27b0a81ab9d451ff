import { observer } from 'mobx-react-lite';
import type { PdfExportStore } from './PdfExportStore';

export interface PdfExportButtonProps {
  store: PdfExportStore;
  articleId: number | null;
}

/** The top bar's PDF button. */
export const PdfExportButton = observer(function PdfExportButton({ store, articleId }: PdfExportButtonProps) {
  return (
    <button type="button" className="editor-pdf-button" disabled={articleId === null || store.status === 'pending'}>
      PDF
    </button>
  );
});
