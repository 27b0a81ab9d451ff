import { isRouteErrorResponse } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { hydrationDataOf, serializeHydrationData } from './hydrationData';

/** The route error a loader's `throw data(…)` becomes, as react-router hands it to the page. */
function errorResponse(status: number, statusText: string, body: unknown) {
  return { status, statusText, data: body, internal: false };
}

describe('the hydration data the page carries', () => {
  it('round-trips loader data and route errors through JSON, an error response recognised again', () => {
    const sent = serializeHydrationData({ root: null, article: null }, { root: errorResponse(404, 'Not Found', 'gone') });
    const read = hydrationDataOf(JSON.parse(JSON.stringify(sent)));
    expect(read.loaderData).toEqual({ root: null, article: null });
    const error = read.errors?.root;
    expect(isRouteErrorResponse(error) && [error.status, error.statusText, error.data]).toEqual([404, 'Not Found', 'gone']);
  });

  it('carries another error as its message only', () => {
    const read = hydrationDataOf(JSON.parse(JSON.stringify(serializeHydrationData({}, { root: new Error('Internal Server Error') }))));
    expect(read.errors?.root).toBeInstanceOf(Error);
    expect(isRouteErrorResponse(read.errors?.root)).toBe(false);
    expect(read.errors?.root).toMatchObject({ message: 'Internal Server Error' });
  });

  it('reads a page without data or with garbage as no errors', () => {
    expect(hydrationDataOf(null)).toEqual({ loaderData: {}, errors: null });
    expect(hydrationDataOf({ loaderData: 3, errors: 'x' })).toEqual({ loaderData: {}, errors: null });
  });
});
