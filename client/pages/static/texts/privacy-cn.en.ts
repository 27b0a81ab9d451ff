import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'This notice supplements the Privacy Policy for users in mainland China, as required by the Personal Information Protection Law (PIPL). Where the two differ for those users, this notice applies.',
  sections: [
    {
      heading: '1. Who handles your information',
      paragraphs: [
        'The operator of {site} is the personal information handler. You can reach our personal information contact through Feedback in the profile menu.',
      ],
    },
    {
      heading: '2. What we collect and why',
      paragraphs: [
        'Account information (user name, e-mail, avatar) to provide your account; your phone number, only when you verify it with an SMS code, to secure your account and to meet real-name requirements for publishing; content you publish; purchase and wallet records to process payments and withdrawals; device and log information (browser, IP address, pages visited) to keep the service safe and working.',
        'We process this information on the basis of your consent and to perform our contract with you. We do not use it for automated decisions that significantly affect you.',
      ],
    },
    {
      heading: '3. Sensitive personal information',
      paragraphs: [
        'Payment and identity information used for withdrawals is sensitive personal information. We collect it only when you withdraw earnings, with your separate consent, and keep it encrypted.',
      ],
    },
    {
      heading: '4. Storage and transfer',
      paragraphs: [
        'Personal information collected in mainland China is stored in mainland China. We transfer it abroad only with your separate consent and after the security assessment or standard contract the law requires.',
        'We share information with payment and SMS providers only as far as needed for them to provide their service to you.',
      ],
    },
    {
      heading: '5. Your rights',
      paragraphs: [
        'You may access, copy, correct and delete your personal information, withdraw your consent, ask us to explain our processing, and cancel your account. Send your request through Feedback; we answer within fifteen working days.',
        'Withdrawing consent does not affect processing that took place before.',
      ],
    },
    {
      heading: '6. Minors',
      paragraphs: [
        'Users under fourteen need the consent of a parent or guardian. If we learn that we collected information of a child without such consent, we delete it.',
      ],
    },
  ],
} satisfies StaticText;
