import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_KINDS, DomainError, type DomainErrorKind } from '../domain/DomainError';
import { createLogger } from '../logger';
import { errorHandler } from '../middleware/errorHandler';
import { requestLogging } from '../middleware/requestLogging';
import { domainErrorAnswer } from './domainErrorAnswer';
import { apiErrorHandler, errorAnswer } from './errors';

const STATUSES: Record<DomainErrorKind, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, limit: 429 };

describe('domainErrorAnswer', () => {
  it.each(DOMAIN_ERROR_KINDS)('answers %s with its status and the message as detail', (kind) => {
    expect(domainErrorAnswer(new DomainError(kind, 'Something happened.'))).toEqual({ status: STATUSES[kind], body: { detail: 'Something happened.' } });
  });

  it.each(DOMAIN_ERROR_KINDS)('answers %s about one input as that field error', (kind) => {
    expect(domainErrorAnswer(new DomainError(kind, 'Unknown app_id.', 'app_id'))).toEqual({ status: STATUSES[kind], body: { app_id: ['Unknown app_id.'] } });
  });

  it('answers what the payments refusals answered before they were domain errors', () => {
    expect(domainErrorAnswer(new DomainError('invalid', 'Unknown booklet.'))).toEqual({ status: 400, body: { detail: 'Unknown booklet.' } });
    expect(domainErrorAnswer(new DomainError('not_found', 'Not found.'))).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(domainErrorAnswer(new DomainError('limit', 'Too many unpaid orders. Please try again later.'))).toEqual({
      status: 429,
      body: { detail: 'Too many unpaid orders. Please try again later.' },
    });
  });

  it('is what errorAnswer gives for a domain error (the in-process page reads)', () => {
    const error = new DomainError('not_found', 'Not found.');
    expect(errorAnswer(error)).toEqual(domainErrorAnswer(error));
  });
});

describe('a domain error thrown by a handler', () => {
  const silent = createLogger({ logLevel: 'silent' });
  const app = (last: express.ErrorRequestHandler) =>
    express()
      .use(requestLogging(silent))
      .get('/:kind', (req) => {
        const kind = DOMAIN_ERROR_KINDS.find((k) => k === req.params.kind) ?? 'invalid';
        throw new DomainError(kind, 'Refused.', typeof req.query.field === 'string' ? req.query.field : undefined);
      })
      .use(last);

  it.each([
    ['the API', apiErrorHandler()],
    ['the pages', errorHandler()],
  ])('is answered the same by %s', async (_name, last) => {
    for (const kind of DOMAIN_ERROR_KINDS) {
      const res = await request(app(last)).get(`/${kind}`);
      expect([res.status, res.body]).toEqual([STATUSES[kind], { detail: 'Refused.' }]);
    }
    const field = await request(app(last)).get('/invalid?field=amount');
    expect([field.status, field.body]).toEqual([400, { amount: ['Refused.'] }]);
  });
});
