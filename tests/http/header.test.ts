import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('the standard header and the profile menu, server-rendered', async () => {
  const { app, database } = await testApp();
  await createPerson(database, 'ann');
  for (const name of ['vic', 'pam', 'eve', 'old']) await createPerson(database, name);
  const users = new UserDirectory(database.db, Date.now);
  const year = 365 * 24 * 3600_000;
  await users.setMembership('vic@example.com', 'vip', Date.now() + year);
  await users.setMembership('pam@example.com', 'premium', Date.now() + year);
  await users.setMembership('eve@example.com', 'enterprise', Date.now() + year);
  await users.setMembership('old@example.com', 'vip', Date.now() - 1000);
  const pageFor = async (name: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return (await visitor.get('/')).text;
  };

  it('shows a signed-out reader the logo, the slogan, a Sign In button and the footer, and no menu', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    expect(html).toContain('class="site-header__slogan">Discover the Fun of Creation</p>');
    expect(html).toMatch(/<a [^>]*href="\/sign\/in\/\?next=%2F"[^>]*>Sign In<\/a>/);
    expect(html).not.toContain('role="menu"');
    expect(html).toContain(`© 2012–${new Date().getFullYear()} Zine.`);
    expect(html).toContain('href="/page/service/terms/"');
  });

  it('shows the page title beside the back button in the native app and the mini program, the slogan beside the logo', async () => {
    const app2 = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 ZineApp/2.1';
    const mini = 'Mozilla/5.0 (Linux; Android 13) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47 miniProgram';
    for (const ua of [app2, mini]) {
      const html = (await request(app).get('/page/service/terms/').set('User-Agent', ua).expect(200)).text;
      expect(html).toContain('class="site-header__back"');
      expect(html).toContain('class="site-header__title">Terms of Service and Content Policy</p>');
      expect(html).not.toContain('site-header__slogan');
      // At the root there is no back button: the logo and the slogan.
      expect((await request(app).get('/').set('User-Agent', ua)).text).toContain('class="site-header__slogan">');
    }
    const browser = (await request(app).get('/page/service/terms/').expect(200)).text;
    expect(browser).toContain('class="site-header__slogan">Discover the Fun of Creation</p>');
    expect(browser).not.toContain('site-header__title');
  });

  it('keeps a signed-in reader’s header on a 404 at a path no page declares, and on a page that is not found', async () => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn('ann@example.com', PASSWORD)).status).toBe(200);
    for (const path of ['/no/such/page/', '/article/no-such-article/']) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('class="profile__avatar"');
      expect(res.text, path).toContain('<strong>ann</strong>');
      expect(res.text, path).not.toMatch(/>Sign In<\/a>/);
    }
    // A signed-out reader’s 404 offers to sign in.
    expect((await request(app).get('/no/such/page/').expect(404)).text).toMatch(/>Sign In<\/a>/);
  });

  it('renders the signed-in menu with its items in order, closed, for the reader only', async () => {
    const html = await pageFor('ann');
    const menu = /<div class="profile__menu"[^>]*role="menu"[^>]*hidden="">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(menu).toContain('<strong>ann</strong><span>ann@example.com</span>');
    const items = [...menu.matchAll(/role="menuitem"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(items).toEqual(['Enter Column', 'My Wallet', 'Upgrade Membership', 'Feedback', 'User Guide', 'E-mail Sign In', 'Sign Out']);
    expect(menu).toContain('href="/@ann/"');
    expect(menu).toContain('href="/profile/wallet/"');
    expect(menu).toMatch(/href="\/member\/" target="_blank" rel="noopener"/);
    expect(menu).toMatch(/href="\/page\/guide" target="_blank" rel="noopener"/);
    expect(menu).toContain('profile__item profile__item--danger');
    expect(html).toContain('class="profile__avatar"');
    expect(html).not.toContain('>Sign In</a>');
  });

  it.each([
    ['vic', 'vip', 'VIP member'],
    ['pam', 'premium', 'Premium member'],
    ['eve', 'enterprise', 'Enterprise member'],
  ])('marks the avatar of %s with the %s border and badge', async (name, tier, label) => {
    const html = await pageFor(name);
    expect(html).toContain(`class="profile__avatar profile__avatar--${tier}"`);
    expect(html).toContain(`class="profile__badge profile__badge--${tier}" title="${label}"`);
  });

  it('shows no tier once the membership has expired', async () => {
    const html = await pageFor('old');
    expect(html).toContain('class="profile__avatar"');
    expect(html).not.toContain('profile__badge');
  });
});
