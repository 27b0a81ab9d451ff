import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'This agreement applies to everyone who opens a column on {site} and publishes articles or booklets in it. By publishing you accept it together with the Terms of Service and Content Policy.',
  sections: [
    {
      heading: '1. Your column',
      paragraphs: [
        'A column is your public page at /@username/. It lists the articles, booklets and collections you choose to make public, and readers can follow it.',
        'Your column name, avatar and description must not impersonate another person or organisation, and must follow the Content Policy.',
      ],
    },
    {
      heading: '2. Your content and your rights',
      paragraphs: [
        'You keep the copyright of everything you write. You confirm that you own the content you publish, or have the permission of its owner, including images and quotations beyond fair use.',
        'You grant {site} a worldwide, non-exclusive, royalty-free licence to store, display, cache, resize and distribute your public content, and to show excerpts of it in lists, search results and previews, for as long as it stays published. The licence ends when you delete the content, except for copies other users already received (such as purchased booklets).',
      ],
    },
    {
      heading: '3. Paid content',
      paragraphs: [
        'Booklets may be sold per chapter. You set the price; readers who buy keep access to what they bought even if you later change the price.',
        'Your earnings, fees and how to withdraw them are described in the Withdrawal Rules.',
      ],
    },
    {
      heading: '4. Visibility and quotas',
      paragraphs: [
        'Your membership tier sets your monthly page-view quota and upload traffic. When the quota is used up, readers see a notice until the next month or until you upgrade.',
        'If your membership expires, content that depends on it is hidden from readers until you renew; nothing is deleted.',
      ],
    },
    {
      heading: '5. Review and suspension',
      paragraphs: [
        'We may review content that is reported or flagged. While under review an article shows as "In Reviewing". Content that breaks the law or the Content Policy is blocked, and repeated or serious violations lead to the suspension or banning of the account.',
        'You can appeal any decision through the Feedback form; we answer within three working days.',
      ],
    },
    {
      heading: '6. Changes and contact',
      paragraphs: [
        'We announce changes to this agreement on this page at least fourteen days before they take effect. Continuing to publish after that date means you accept the new version.',
        'Questions about this agreement: use Feedback in the profile menu.',
      ],
    },
  ],
} satisfies StaticText;
