import { lazy, Suspense } from 'react';
import { usePaymentTexts } from './usePaymentTexts';

const QrCode = lazy(() => import('./QrCode'));

/**
 * WeChat Pay's QR code in the panel (docs/decisions/052): the payer scans it with WeChat on their
 * phone while the store polls the order. The sandbox's code leads to its own checkout page, which
 * this browser may open too.
 */
export function WechatQrScan({ codeUrl, checkoutUrl }: { codeUrl: string; checkoutUrl: string | null }) {
  const t = usePaymentTexts();
  return (
    <div className="payment__scan">
      <Suspense fallback={<div className="payment__qr" aria-hidden="true" />}>
        <QrCode text={codeUrl} label={t('panel.qrLabel')} />
      </Suspense>
      <p>{t('panel.scan')}</p>
      <p className="payment__state payment__state--pending">{t('panel.scanWaiting')}</p>
      {checkoutUrl ? (
        <a href={checkoutUrl} target="_blank" rel="noopener noreferrer">
          {t('panel.sandboxCheckout')}
        </a>
      ) : null}
    </div>
  );
}
