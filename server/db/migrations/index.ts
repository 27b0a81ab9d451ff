import type { Migration } from 'kysely';
import type { Engine } from '../engine';
import { accounts } from './001_accounts';
import { articles } from './002_articles';
import { tracking } from './003_tracking';
import { social } from './004_social';
import { contentChanges } from './005_content_changes';
import { booklets } from './006_booklets';
import { pageViews } from './007_page_views';
import { shareCodes } from './008_share_codes';
import { notifications } from './009_notifications';
import { contactMessages } from './010_contact_messages';
import { smsCodes } from './011_sms_codes';
import { wechatIdentities } from './012_wechat_identities';
import { authoring } from './013_authoring';
import { media } from './014_media';
import { pdfExports } from './015_pdf_exports';
import { ledger } from './017_ledger';
import { orders } from './018_orders';
import { redeem } from './019_redeem';
import { contentRules } from './020_content_rules';
import { search } from './021_search';
import { wechatPay } from './022_wechat_pay';
import { rateLimits } from './023_rate_limits';
import { pdfQueue } from './024_pdf_queue';
import { alipay } from './025_alipay';
import { refunds } from './026_refunds';
import { payouts } from './027_payouts';
import { subscriptions } from './028_subscriptions';
import { counters } from './029_counters';
import { searchSubstrings } from './030_search_substrings';
import { pageViewReaders } from './031_page_view_readers';
import { tradeRefunds } from './032_trade_refunds';
import { transferBills } from './033_transfer_bills';
import { wechatPayCertificates } from './034_wechatpay_certificates';
import { readableSlugs } from './035_readable_slugs';
import { reconcileIndexes } from './036_reconcile_indexes';
import { chapterCounts } from './037_chapter_counts';
import { articleVersions } from './038_article_versions';
import { newsletter } from './039_newsletter';
import { usersHidden } from './040_users_hidden';
import { authorStats } from './041_author_stats';
import { listIndexes } from './042_list_indexes';

/** Every migration, in order. Never edit one that has landed: add the next number. */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '001_accounts': accounts(engine),
    '002_articles': articles(engine),
    '003_tracking': tracking(engine),
    '004_social': social(),
    '005_content_changes': contentChanges(engine),
    '006_booklets': booklets(engine),
    '007_page_views': pageViews(),
    '008_share_codes': shareCodes(engine),
    '009_notifications': notifications(engine),
    '010_contact_messages': contactMessages(engine),
    '011_sms_codes': smsCodes(engine),
    '012_wechat_identities': wechatIdentities(engine),
    '013_authoring': authoring(engine),
    '014_media': media(engine),
    '015_pdf_exports': pdfExports(engine),
    '017_ledger': ledger(engine),
    '018_orders': orders(engine),
    '019_redeem': redeem(engine),
    '020_content_rules': contentRules(),
    '021_search': search(engine),
    '022_wechat_pay': wechatPay(engine),
    '023_rate_limits': rateLimits(),
    '024_pdf_queue': pdfQueue(),
    '025_alipay': alipay(engine),
    '026_refunds': refunds(engine),
    '027_payouts': payouts(),
    '028_subscriptions': subscriptions(engine),
    '029_counters': counters(engine),
    '030_search_substrings': searchSubstrings(engine),
    '031_page_view_readers': pageViewReaders(),
    '032_trade_refunds': tradeRefunds(engine),
    '033_transfer_bills': transferBills(),
    '034_wechatpay_certificates': wechatPayCertificates(),
    '035_readable_slugs': readableSlugs(),
    '036_reconcile_indexes': reconcileIndexes(),
    '037_chapter_counts': chapterCounts(engine),
    '038_article_versions': articleVersions(engine),
    '039_newsletter': newsletter(engine),
    '040_users_hidden': usersHidden(),
    '041_author_stats': authorStats(engine),
    '042_list_indexes': listIndexes(engine),
  };
}
