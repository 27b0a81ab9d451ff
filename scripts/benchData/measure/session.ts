import { BROWSER, freshAddress, type Headers } from './http';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs an account in as a browser does (`npm run bench`'s way): the session and CSRF cookies it then sends. */
export async function signIn(origin: string, who: Credentials): Promise<Headers> {
  const address = freshAddress();
  const page = await fetch(`${origin}/`, { headers: { ...BROWSER, ...address } });
  await page.arrayBuffer();
  const csrf = /csrftoken=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${origin}/api/accounts/login/cookies/`, {
    method: 'POST',
    headers: { ...BROWSER, ...address, 'Content-Type': 'application/json', 'X-CSRFToken': csrf, Cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  await res.arrayBuffer();
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('sessionid='));
  if (!res.ok || !session) throw new Error(`signing in ${who.email} failed: ${res.status}`);
  return { Cookie: `${session}; csrftoken=${csrf}`, 'X-CSRFToken': csrf };
}
