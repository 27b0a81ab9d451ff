import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'These rules explain how authors on {site} receive the money readers pay for their booklets, and how to withdraw it from the wallet.',
  sections: [
    {
      heading: '1. Earnings',
      paragraphs: [
        "When a reader buys a chapter or a booklet, the price less the platform fee (10%) and the payment provider's fee is credited to your wallet as pending.",
        'Pending earnings become available seven days after the purchase, once the refund period has passed. Refunded purchases are removed from your earnings.',
      ],
    },
    {
      heading: '2. Who can withdraw',
      paragraphs: [
        "You need a verified phone number (verified with an SMS code) and, for the first withdrawal, your real name and a payment account in that name. Enterprise accounts withdraw to the organisation's bank account.",
      ],
    },
    {
      heading: '3. Amounts and timing',
      paragraphs: [
        "The minimum withdrawal is 100.00 in your wallet's currency; you can withdraw up to four times a month. Requests made on a working day are paid within three working days.",
        'Withdrawals are free of charge from us; your bank or payment provider may charge its own fees.',
      ],
    },
    {
      heading: '4. Holds',
      paragraphs: [
        'We may hold a withdrawal while we look into a dispute, a suspected fraudulent purchase or content that breaks the Content Policy, and tell you why. Earnings from content removed for a violation may be refunded to the readers who paid.',
      ],
    },
    {
      heading: '5. Taxes',
      paragraphs: ['You are responsible for declaring your earnings. Where the law requires it, we withhold tax and give you a statement.'],
    },
  ],
} satisfies StaticText;
