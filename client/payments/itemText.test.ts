import { describe, expect, it } from 'vitest';
import type { WalletTransaction } from '../../shared/payments';
import { pageTranslator } from '../i18n/pageTexts';
import { itemText, walletEntryText } from './itemText';
import { PAYMENT_TEXTS } from './texts';

const en = pageTranslator(PAYMENT_TEXTS, 'en', 'Zine');
const zh = pageTranslator(PAYMENT_TEXTS, 'zh-CN', 'Zine');
const booklet = { type: 'booklet' as const, identity: '2', item: { type: 'booklet' as const, identity: '2', name: '春风集', path: '/booklet/spring/' } };
const entry = (kind: string, rest: Partial<WalletTransaction> = {}): WalletTransaction => ({
  id: 1,
  kind,
  amount: '9.90',
  direction: 'out',
  description: 'Booklet purchase (order abc)',
  created: '2026-11-18T20:00:00.000Z',
  ...rest,
});

describe('itemText', () => {
  it('names a booklet by its name and a membership by tier and period, in the reader’s language', () => {
    expect(itemText(en, booklet)).toBe('Booklet “春风集”');
    expect(itemText(zh, booklet)).toBe('小册《春风集》');
    expect(itemText(zh, { type: 'membership', identity: 'vip_monthly_manual' })).toBe('VIP 会员（一个月）');
    expect(itemText(en, { type: 'booklet', identity: '9', item: null })).toBe('Booklet #9');
  });
});

describe('walletEntryText', () => {
  it('names what an entry paid for or sold, never the server’s English, in Chinese', () => {
    expect(walletEntryText(zh, entry('order_booklet', { order: 'abc', item: booklet.item }))).toBe('购买小册《春风集》');
    expect(walletEntryText(en, entry('booklet_sale', { order: 'abc', item: booklet.item, direction: 'in' }))).toBe('Sale: Booklet “春风集”');
    expect(walletEntryText(zh, entry('order_booklet', { order: 'abc', item: null }))).toBe('购买订单 abc');
    expect(walletEntryText(zh, entry('adjustment', { description: 'Adjustment', note: null }))).toBe('平台调整');
    expect(walletEntryText(zh, entry('adjustment', { description: 'Welcome', note: 'Welcome' }))).toBe('平台调整：Welcome');
    expect(walletEntryText(zh, entry('withdrawal'))).toBe('提现到微信');
    expect(walletEntryText(zh, entry('some_new_kind', { description: 'Something new' }))).toBe('Something new');
  });
});
