import type { Server } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';

/** A browser-like client: keeps cookies and sends `X-CSRFToken` from its `csrftoken` cookie. */
export class Visitor {
  readonly agent: TestAgent;
  csrf = '';

  /** The app, or a server it listens on (work that runs after a request, such as a PDF export, may call it back). */
  constructor(app: Express | Server) {
    this.agent = request.agent(app);
  }

  /** Opens a page, as a browser does first, to receive the CSRF cookie. */
  async open(path = '/'): Promise<request.Response> {
    const res = await this.agent.get(path);
    this.remember(res);
    return res;
  }

  async post(path: string, body: unknown): Promise<request.Response> {
    const res = await this.agent
      .post(path)
      .set('X-CSRFToken', this.csrf)
      .send(body as object);
    this.remember(res);
    return res;
  }

  /** As our client does, every call carries the token (the GETs that change something need it). */
  async get(path: string): Promise<request.Response> {
    const res = await (this.csrf ? this.agent.get(path).set('X-CSRFToken', this.csrf) : this.agent.get(path));
    this.remember(res);
    return res;
  }

  async signIn(email: string, password: string): Promise<request.Response> {
    if (!this.csrf) await this.open();
    return this.post('/api/accounts/login/cookies/', { email, password });
  }

  private remember(res: request.Response): void {
    const token = cookieValue(res, 'csrftoken');
    if (token) this.csrf = token;
  }
}

/** The value a response sets for a cookie, or undefined. */
export function cookieValue(res: request.Response, name: string): string | undefined {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  return header?.slice(name.length + 1).split(';')[0];
}

export function setCookieHeader(res: request.Response, name: string): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
}
