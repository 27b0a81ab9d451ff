import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicFiles } from './publicFiles';

const app = express();
app.use(publicFiles(path.resolve('public')));
app.use((_req, res) => {
  res.status(404).send('page');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('publicFiles', () => {
  it('serves the files of public/, cached a day', async () => {
    const res = await request(app).get('/favicon.svg').expect(200);
    expect(res.headers['content-type']).toMatch(/svg/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    await request(app).get('/themes/theme-1.css').expect(200).expect('Content-Type', /css/);
  });

  it('lets any other path through without asking the file system', async () => {
    const stat = vi.spyOn(fs, 'stat');
    for (const url of ['/article/some-slug/', '/', '/themes/', '/../package.json', '/favicon.svg/x']) {
      expect((await request(app).get(url)).text, url).toBe('page');
    }
    expect(stat).not.toHaveBeenCalled();
  });
});
