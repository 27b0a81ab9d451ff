import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'This agreement covers the paid membership of {site}: the premium, vip and enterprise tiers. It supplements the Terms of Service.',
  sections: [
    {
      heading: '1. What a membership gives',
      paragraphs: [
        'Each tier raises your monthly page-view quota, your upload traffic and the number of PDF exports, and shows a badge on your avatar. The current limits of each tier are listed on the Upgrade Membership page.',
        'Enterprise memberships can be shared by the members of one organisation; see the business page.',
      ],
    },
    {
      heading: '2. Buying and term',
      paragraphs: [
        'A membership starts when the payment is confirmed and runs for the period you bought (a month or a year). Buying again before it ends extends it. Upgrading to a higher tier credits the unused part of the current one.',
        'Memberships do not renew automatically unless you turn on renewal in the app; we remind you seven days before the end.',
      ],
    },
    {
      heading: '3. When it ends',
      paragraphs: [
        'When a membership expires, the limits of the free tier apply again. Content published under the membership that exceeds the free limits is hidden from readers ("Suspend Access") until you renew; nothing is deleted.',
      ],
    },
    {
      heading: '4. Refunds',
      paragraphs: [
        "You may cancel within seven days of the purchase for a full refund if you have not used the membership's extra quotas. After that, or once they are used, the membership is not refundable, except where the law provides otherwise.",
      ],
    },
    {
      heading: '5. Fair use',
      paragraphs: [
        'A membership is personal (enterprise excepted) and may not be resold. We may suspend a membership that is used to break the Content Policy, to resell traffic or to evade limits, and refund the unused part.',
      ],
    },
    {
      heading: '6. Price changes',
      paragraphs: ['Price changes apply to purchases made after they are announced, never to a period you have already paid for.'],
    },
  ],
} satisfies StaticText;
