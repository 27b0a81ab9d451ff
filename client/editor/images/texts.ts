import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type ImageTextKey = 'upgrade' | 'cover' | 'chooseCover' | 'changeCover' | 'removeCover' | 'uploadingCover' | 'traffic' | 'trafficUnknown';

/** The image panel's labels (editor chunk only; the upload messages of docs/specification/content-and-commerce.md §8 are in ../texts.ts). */
export const IMAGE_TEXTS: PageTexts<ImageTextKey> = {
  en: {
    upgrade: 'Upgrade',
    cover: 'Title image',
    chooseCover: 'Choose a title image',
    changeCover: 'Change',
    removeCover: 'Remove',
    uploadingCover: 'Uploading…',
    traffic: 'Upload traffic this month: {used} of {limit}',
    trafficUnknown: 'Upload traffic: unknown',
  },
  'zh-CN': {
    upgrade: '升级',
    cover: '题图',
    chooseCover: '选择题图',
    changeCover: '更换',
    removeCover: '移除',
    uploadingCover: '正在上传…',
    traffic: '本月上传流量：已用 {used}，共 {limit}',
    trafficUnknown: '上传流量：未知',
  },
  'zh-TW': {
    upgrade: '升級',
    cover: '題圖',
    chooseCover: '選擇題圖',
    changeCover: '更換',
    removeCover: '移除',
    uploadingCover: '正在上傳…',
    traffic: '本月上傳流量：已用 {used}，共 {limit}',
    trafficUnknown: '上傳流量：未知',
  },
};

export const imageTexts = siteFreeTexts(IMAGE_TEXTS);

/** Bytes as people read them: 512 B, 1.5 MB, 2 GB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
