import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'This policy explains what information {site} collects when you read, write or buy on it, what we do with it and the choices you have.',
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: [
        'Account: user name, e-mail address, avatar, password (stored only as a salted hash), membership tier and, if you verify it, your phone number.',
        'Content: articles, booklets, comments, ratings and feedback you send us.',
        'Usage: pages you visit, likes, favourites and follows, and technical data such as browser, device, language and IP address, recorded in our logs.',
        'Payments: what you bought and when. Card and bank details are handled by the payment provider and never reach us.',
      ],
    },
    {
      heading: '2. Cookies',
      paragraphs: [
        'We use a session cookie to keep you signed in, a csrftoken cookie that protects forms, a language cookie when you choose a language, and two statistics cookies: a visitor id kept for 30 days and a session id that ends when you close the browser. We do not use advertising cookies.',
      ],
    },
    {
      heading: '3. How we use it',
      paragraphs: [
        'To run the service (show your content, count page views against quotas, send notifications), to keep it secure (limit sign-in attempts, detect abuse), to answer feedback, and to improve the product from aggregated statistics. We do not sell personal information.',
      ],
    },
    {
      heading: '4. Who we share it with',
      paragraphs: [
        'Service providers that work for us (hosting, e-mail, SMS, payments) under contracts that limit their use of the data; authorities when the law requires it. Public content and your public profile are visible to everyone.',
      ],
    },
    {
      heading: '5. How long we keep it',
      paragraphs: [
        'Account data while your account exists; logs for at most 180 days; payment records as long as tax law requires. Deleted content leaves our backups within 30 days.',
      ],
    },
    {
      heading: '6. Your choices and rights',
      paragraphs: [
        'You can correct your profile, delete your content, download a copy of your data or close your account. Depending on where you live you may also object to or restrict processing and complain to a data protection authority. Ask through Feedback in the profile menu.',
      ],
    },
    {
      heading: '7. Changes',
      paragraphs: ['We post changes on this page and update the date above; significant changes are also announced by e-mail or a notification.'],
    },
  ],
} satisfies StaticText;
