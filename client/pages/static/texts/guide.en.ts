import type { StaticText } from './types';

export default {
  updated: '2026-11-01',
  lead: 'Welcome to {site}. This guide walks you through reading, writing and getting the most out of your column.',
  sections: [
    {
      heading: 'Getting an account',
      paragraphs: [
        'Accounts are created in the {site} app for iOS or Android (see Download the App). Then sign in on the web with your e-mail and password, or with the chat app. Forgot your password? Use "Forgot password" in the sign-in window and follow the link we mail you.',
      ],
    },
    {
      heading: 'Reading',
      paragraphs: [
        'Open any article to read it; tap an image to view it full screen, swipe between images and pinch or scroll to zoom. Like, favourite or comment with the buttons under the article, and follow the author to see their new work.',
        'Booklets are books made of chapters. The first chapters are often free; the others can be bought one by one or all together.',
      ],
    },
    {
      heading: 'Writing',
      paragraphs: [
        'Open the editor from your column. Articles save as you type. Choose who can read each article: everyone, only people with a share link, or only you. Group articles into booklets and collections from your column.',
      ],
    },
    {
      heading: 'Your column',
      paragraphs: [
        "Your column at /@username/ shows your public work. Share its address or an article's share link; followers get a notification when you publish.",
      ],
    },
    {
      heading: 'Notifications and the menu',
      paragraphs: [
        'The bell at the top shows likes, favourites, follows, comments and replies; a red number counts the unread ones. Your avatar opens the menu: your column, wallet, membership, feedback, this guide and sign-out.',
      ],
    },
    {
      heading: 'Membership and wallet',
      paragraphs: [
        'A membership raises your page-view quota, upload traffic and exports. Your wallet collects what readers pay for your booklets; see the Withdrawal Rules to cash out.',
      ],
    },
    {
      heading: 'Language and help',
      paragraphs: [
        "The site follows your browser's language (English, Simplified or Traditional Chinese). Questions or problems: send us Feedback from the menu; we reply by e-mail within one working day.",
      ],
    },
  ],
} satisfies StaticText;
