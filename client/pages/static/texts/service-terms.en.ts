import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'These terms govern your use of {site}: reading, writing, buying and selling. The Content Policy in section 3 says what may be published.',
  sections: [
    {
      heading: '1. Accounts',
      paragraphs: [
        'Accounts are created in the iOS or Android app; on the web you sign in with your e-mail or the chat app. Keep your password secret: you are responsible for what is done with your account.',
        'You must be at least fourteen years old, or have the consent of a parent or guardian.',
      ],
    },
    {
      heading: '2. Using the service',
      paragraphs: [
        'Do not disrupt the service, scrape it at scale, get around quotas, paywalls or security measures, or use it to send spam. Automated access is allowed only through documented interfaces.',
      ],
    },
    {
      heading: '3. Content Policy',
      paragraphs: [
        'You may not publish content that: is illegal where it is published or read; sexually exploits minors; contains pornography or gratuitous violence; promotes terrorism, hatred or discrimination against people for who they are; harasses or threatens anyone or reveals their private information; infringes copyright, trademarks or other rights; deceives readers (fraud, phishing, fake news presented as fact); spreads malware; or advertises without saying so.',
        'Articles that may break this policy are reviewed ("In Reviewing") and blocked ("Access Forbidden") when they do. Serious or repeated violations lead to the suspension or banning of the account. You can report content and appeal decisions through Feedback.',
      ],
    },
    {
      heading: '4. Your content',
      paragraphs: ['You keep the rights to your content and grant us the licence described in the Column Agreement so that we can show it to readers.'],
    },
    {
      heading: '5. Payments',
      paragraphs: [
        'Purchases of booklets and memberships are governed by the Membership Service Agreement and the Withdrawal Rules. Prices include the taxes shown at checkout.',
      ],
    },
    {
      heading: '6. Liability',
      paragraphs: [
        'We provide the service with reasonable care but cannot promise it is always available or free of errors. Authors are responsible for their content. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: '7. Changes and ending',
      paragraphs: [
        'We announce changes to these terms at least fourteen days ahead. You may stop using the service and close your account at any time; we may end an account that seriously breaks these terms, after notice where the law requires it.',
      ],
    },
  ],
} satisfies StaticText;
