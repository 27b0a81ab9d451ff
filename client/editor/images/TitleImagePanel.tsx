import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { TOOL_BUTTON_STYLE } from '../format/toolStyles';
import type { ImageUploadStore } from './ImageUploadStore';
import { formatBytes, imageTexts } from './texts';

/**
 * The title image (cover) panel (docs/specification/content-and-commerce.md §2): choose and upload a cover, change or
 * remove it, and the month's upload traffic.
 */
export const TitleImagePanel = observer(function TitleImagePanel(props: { store: ImageUploadStore; coverUrl: string; onChange: (url: string) => void }) {
  const { store, coverUrl, onChange } = props;
  const t = imageTexts(store.locale);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void store.loadTraffic();
  }, [store]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const url = await store.uploadCover(file);
    if (url) onChange(url);
  };

  return (
    <section className="title-image-panel" aria-label={t('cover')}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {coverUrl ? (
        <figure className="title-image" style={{ margin: '0 0 12px' }}>
          <img
            src={coverUrl}
            alt={t('cover')}
            style={{ display: 'block', width: '100%', height: 'auto', maxHeight: 360, objectFit: 'cover', borderRadius: 6 }}
          />
          <figcaption className="title-image-actions" style={{ display: 'flex', gap: 8, marginTop: 6 }}>
            <button
              type="button"
              className="title-image-button"
              style={TOOL_BUTTON_STYLE}
              disabled={store.coverUploading}
              onClick={() => input.current?.click()}
            >
              {store.coverUploading ? t('uploadingCover') : t('changeCover')}
            </button>
            <button type="button" className="title-image-button" style={TOOL_BUTTON_STYLE} disabled={store.coverUploading} onClick={() => onChange('')}>
              {t('removeCover')}
            </button>
          </figcaption>
        </figure>
      ) : (
        <button
          type="button"
          className="title-image-choose"
          style={{ ...TOOL_BUTTON_STYLE, width: '100%', height: 44, borderStyle: 'dashed', color: '#5b616b' }}
          disabled={store.coverUploading}
          onClick={() => input.current?.click()}
        >
          {store.coverUploading ? t('uploadingCover') : t('chooseCover')}
        </button>
      )}
      <TrafficMeter store={store} />
    </section>
  );
});

/** The month's upload traffic: bytes used of the limit. */
export const TrafficMeter = observer(function TrafficMeter(props: { store: ImageUploadStore }) {
  const t = imageTexts(props.store.locale);
  const traffic = props.store.traffic;
  if (!traffic)
    return (
      <p className="traffic-meter" style={{ margin: '4px 0 0', fontSize: 12, color: '#6f737a' }}>
        {t('trafficUnknown')}
      </p>
    );
  const share = traffic.bytes_limit > 0 ? Math.min(1, traffic.bytes_used / traffic.bytes_limit) : 1;
  return (
    <p className="traffic-meter" style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '4px 0 0', fontSize: 12, color: '#6f737a' }}>
      <span>{t('traffic', { used: formatBytes(traffic.bytes_used), limit: formatBytes(traffic.bytes_limit) })}</span>
      <meter min={0} max={1} value={share} high={0.9} />
    </p>
  );
});
