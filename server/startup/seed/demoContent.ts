import type { NewAccount } from '../../accounts/users';

/** The demo sign-in the README gives. */
export const DEMO_AUTHOR = { email: 'demo@zine.local', password: 'zine-demo-2026' } as const;

export const DEMO_PEOPLE: (NewAccount & { tier?: 'premium' | 'vip' | 'enterprise' })[] = [
  {
    email: DEMO_AUTHOR.email,
    username: 'linqiao',
    password: DEMO_AUTHOR.password,
    tier: 'vip',
    profile: {
      description: '写城市、旧物和慢下来的日子。Writing about cities, old things and slow days.',
      city: '杭州',
      city_key: 'hangzhou',
      habits: '阅读, 摄影',
      habits_key: 'reading,photography',
      gender: 0,
    },
  },
  {
    email: 'mei@zine.local',
    username: 'meichen',
    password: 'zine-demo-2026',
    tier: 'premium',
    profile: { description: '台北的插畫師，也寫一點字。', city: '台北', city_key: 'taipei', habits: '插畫', habits_key: 'illustration', gender: 0 },
  },
  {
    email: 'oliver@zine.local',
    username: 'olivergrant',
    password: 'zine-demo-2026',
    profile: { description: 'Editor by day, long walks by night. Notes on craft and attention.', city: 'Edinburgh', city_key: 'edinburgh', gender: 1 },
  },
  {
    email: 'reader@zine.local',
    username: 'adareads',
    password: 'zine-demo-2026',
    profile: { description: 'I read everything twice.', city: 'Lisbon', city_key: 'lisbon' },
  },
];

export interface DemoArticle {
  author: string;
  slug: string;
  language: 'en' | 'zh-CN' | 'zh-TW';
  title: string;
  description: string;
  paragraphs: string[];
  /** Theme and background (shared/themes.ts); default and none when absent. */
  theme?: string;
  style?: string;
  cover?: string;
  /** Images placed after the paragraph of the given index, with their size (no layout shift). */
  figures?: { after: number; src: string; alt: string; width: number; height: number }[];
  /** One paragraph as the editor styles it (alignment, colour), placed last. */
  styledParagraph?: { text: string; style: string };
  comments: { author: string; text: string; replies?: { author: string; text: string }[] }[];
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    author: 'linqiao',
    slug: 'west-lake-in-the-rain',
    language: 'zh-CN',
    title: '雨中的西湖',
    description: '一场不期而遇的雨，让熟悉的湖重新变得陌生。',
    theme: 'theme-1',
    figures: [
      { after: 0, src: '/images/demo/west-lake-rain.svg', alt: '雨中的湖面和远处的塔', width: 1200, height: 800 },
      { after: 1, src: '/images/demo/tea-house-window.svg', alt: '茶馆窗外的湖', width: 1200, height: 900 },
    ],
    styledParagraph: { text: '——记于杭州，一个下雨的午后', style: 'text-align: right; color: #706c68' },
    paragraphs: [
      '那天出门时天还晴着，走到断桥边，云就压了下来。雨点先是稀稀落落地打在湖面上，很快连成一片，远处的保俶塔只剩一个淡淡的影子。',
      '我躲进一家茶馆，靠窗坐下。老板端来一杯龙井，说这样的雨一年里总有几回，本地人早就习惯了，只有外地人才会惊讶地拿出手机。',
      '可我还是拍了好几张。湖水是灰绿色的，柳枝垂到水里，偶尔有一条小船慢慢划过。那一刻我忽然明白，所谓风景，其实是你愿意停下来的地方。',
    ],
    comments: [
      { author: 'meichen', text: '讀著讀著好像也聞到了雨的味道。', replies: [{ author: 'linqiao', text: '谢谢！下次来杭州一起去喝茶。' }] },
      { author: 'adareads', text: 'The last line stays with me.' },
    ],
  },
  {
    author: 'linqiao',
    slug: 'things-my-grandmother-kept',
    language: 'zh-CN',
    title: '外婆留下的东西',
    description: '一个铁皮饼干盒里，装着一个人的半生。',
    theme: 'theme-3',
    figures: [{ after: 0, src: '/images/demo/biscuit-tin.svg', alt: '一个旧铁皮饼干盒', width: 1000, height: 750 }],
    paragraphs: [
      '整理外婆的房间时，我在衣柜最深处找到一个铁皮饼干盒。盒盖上的图案已经磨得看不清，打开却是满满的纽扣、车票和折得整整齐齐的信。',
      '最底下是一张 1978 年的火车票，从绍兴到上海。妈妈说，那是外婆第一次出远门，去看在工厂上班的外公。',
      '我把盒子带回了家，放在书架上。每次看到它，都像听见外婆在说：日子是一点一点攒起来的。',
    ],
    comments: [{ author: 'olivergrant', text: 'Beautifully told. We keep such boxes in every language.' }],
  },
  {
    author: 'meichen',
    slug: 'drawing-the-night-market',
    language: 'zh-TW',
    title: '畫夜市的那些晚上',
    description: '在人聲和油煙裡，練習快速地看見。',
    theme: 'theme-2',
    cover: '/images/demo/night-market.svg',
    paragraphs: [
      '每個星期四，我帶著一本小速寫本去寧夏夜市。攤販們動作很快，我只能用幾條線抓住他們翻鍋、遞碗的瞬間。',
      '剛開始總是畫不完，後來學會先畫光：燈泡下的那一圈暖黃，決定了整張畫的氣氛。',
      '一年下來，速寫本畫滿了三本。翻回第一頁，線條僵硬得好笑，但那也是我看見這座城市的起點。',
    ],
    comments: [{ author: 'linqiao', text: '先画光，这个方法太好了！', replies: [{ author: 'meichen', text: '試試看，很有用的。' }] }],
  },
  {
    author: 'olivergrant',
    slug: 'the-art-of-the-second-draft',
    language: 'en',
    title: 'The Art of the Second Draft',
    description: 'The first draft is for you. The second is for the reader.',
    paragraphs: [
      'Every first draft I have ever written was a conversation with myself. It wanders, repeats, and circles the point before landing on it somewhere near the end.',
      'The second draft begins by finding that landing place and moving it to the top. Then comes the harder part: cutting every paragraph that only existed to help me think.',
      'What remains is smaller and clearer. It is also, almost always, more like what I meant to say in the first place.',
    ],
    comments: [
      { author: 'adareads', text: 'Printing this and taping it above my desk.' },
      { author: 'linqiao', text: '第二稿是写给读者的——说得真好。' },
    ],
  },
  {
    author: 'olivergrant',
    slug: 'walking-without-headphones',
    language: 'en',
    title: 'Walking Without Headphones',
    description: 'A month of unplugged walks, and what the city sounded like.',
    style: 'lines',
    paragraphs: [
      'In March I left my headphones at home for every walk. The first week was uncomfortable: the city was louder and less interesting than my podcasts.',
      'By the third week I was noticing things: the bus that always brakes twice, the bakery door that chimes in two notes, the gulls arguing over the same roof each morning.',
      'I have gone back to music on long journeys, but the morning walk stays quiet. It is the only part of the day that is not asking me for anything.',
    ],
    comments: [{ author: 'meichen', text: '我也想試試看一個月。' }],
  },
];
