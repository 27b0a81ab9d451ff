import type { TextLocale } from '../../../../shared/locale';
import type { StaticText } from './types';

export type StaticPageId =
  | 'static-column-agreement'
  | 'static-privacy-cn'
  | 'static-privacy-policy'
  | 'static-service-member'
  | 'static-service-terms'
  | 'static-withdraw-rules'
  | 'static-guide';

type Loader = () => Promise<{ default: StaticText }>;

/** Each page's text in each language is its own chunk, loaded only on that page. */
export const STATIC_TEXTS: Record<StaticPageId, Record<TextLocale, Loader>> = {
  'static-column-agreement': {
    en: () => import('./column-agreement.en'),
    'zh-CN': () => import('./column-agreement.zh-CN'),
    'zh-TW': () => import('./column-agreement.zh-TW'),
  },
  'static-privacy-cn': {
    en: () => import('./privacy-cn.en'),
    'zh-CN': () => import('./privacy-cn.zh-CN'),
    'zh-TW': () => import('./privacy-cn.zh-TW'),
  },
  'static-privacy-policy': {
    en: () => import('./privacy-policy.en'),
    'zh-CN': () => import('./privacy-policy.zh-CN'),
    'zh-TW': () => import('./privacy-policy.zh-TW'),
  },
  'static-service-member': {
    en: () => import('./service-member.en'),
    'zh-CN': () => import('./service-member.zh-CN'),
    'zh-TW': () => import('./service-member.zh-TW'),
  },
  'static-service-terms': {
    en: () => import('./service-terms.en'),
    'zh-CN': () => import('./service-terms.zh-CN'),
    'zh-TW': () => import('./service-terms.zh-TW'),
  },
  'static-withdraw-rules': {
    en: () => import('./withdraw-rules.en'),
    'zh-CN': () => import('./withdraw-rules.zh-CN'),
    'zh-TW': () => import('./withdraw-rules.zh-TW'),
  },
  'static-guide': {
    en: () => import('./guide.en'),
    'zh-CN': () => import('./guide.zh-CN'),
    'zh-TW': () => import('./guide.zh-TW'),
  },
};

export function isStaticPageId(id: string): id is StaticPageId {
  return id in STATIC_TEXTS;
}
