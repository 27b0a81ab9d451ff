import type { Response } from 'express';
import type { PageTexts } from '../../../client/i18n/pageTexts';
import { textLocale } from '../../../shared/locale';
import type { SandboxTexts } from './document';

/** The checkout's words in each language, a page's table like every other (client/i18n/pageTexts.ts). */
export const SANDBOX_TEXTS = {
  en: {
    item: 'For',
    title: 'Sandbox checkout',
    note: 'Test payment: no money moves.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    paid: 'This order is paid.',
    missing: 'No such order.',
  },
  'zh-CN': {
    item: '商品',
    title: '沙箱收银台',
    note: '测试支付：不会扣款。',
    order: '订单',
    amount: '金额',
    pay: '支付',
    fail: '支付失败',
    paid: '该订单已支付。',
    missing: '订单不存在。',
  },
  'zh-TW': {
    item: '商品',
    title: '沙箱收銀台',
    note: '測試支付：不會扣款。',
    order: '訂單',
    amount: '金額',
    pay: '支付',
    fail: '支付失敗',
    paid: '該訂單已支付。',
    missing: '訂單不存在。',
  },
} as const satisfies PageTexts<keyof SandboxTexts>;

/** The words in the reader's language (res.locals.locale). */
export function textsFor(res: Response): SandboxTexts {
  return SANDBOX_TEXTS[textLocale(res.locals.locale)];
}
