import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type LookTextKey = 'theme' | 'background' | 'backgroundNone' | 'backgroundNumber' | 'typingSound' | 'immersive' | 'leaveImmersive' | 'navigation';

/** The look controls' labels (editor chunk only; the theme titles are in the catalogues, which readers use too). */
export const LOOK_TEXTS: PageTexts<LookTextKey> = {
  en: {
    theme: 'Theme',
    background: 'Background',
    backgroundNone: 'Background: none',
    backgroundNumber: 'Background {number} of {count}',
    typingSound: 'Typing sound',
    immersive: 'Immersive mode',
    leaveImmersive: 'Leave immersive mode (Esc)',
    navigation: 'Show or hide the article list',
  },
  'zh-CN': {
    theme: '主题',
    background: '背景',
    backgroundNone: '背景：无',
    backgroundNumber: '背景 {number}/{count}',
    typingSound: '打字音效',
    immersive: '沉浸模式',
    leaveImmersive: '退出沉浸模式（Esc）',
    navigation: '显示或隐藏文章列表',
  },
  'zh-TW': {
    theme: '主題',
    background: '背景',
    backgroundNone: '背景：無',
    backgroundNumber: '背景 {number}/{count}',
    typingSound: '打字音效',
    immersive: '沉浸模式',
    leaveImmersive: '離開沉浸模式（Esc）',
    navigation: '顯示或隱藏文章列表',
  },
};

export const lookTexts = siteFreeTexts(LOOK_TEXTS);
