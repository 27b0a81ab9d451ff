import { describe, expect, it } from 'vitest';
import { schemaInUrl } from './connection';

describe('schemaInUrl', () => {
  it('reads the first schema of a search_path option', () => {
    expect(schemaInUrl('postgres://u@h/db?options=-c%20search_path%3Dzine_a')).toBe('zine_a');
    expect(schemaInUrl('postgres://u@h/db?options=-c search_path=zine_b,public')).toBe('zine_b');
    expect(schemaInUrl('postgres://u@h/db?sslmode=disable&options=-c%20statement_timeout%3D5000%20-c%20search_path%3D%22zine_c%22')).toBe('zine_c');
  });

  it('answers nothing without one, or for a URL it cannot read', () => {
    expect(schemaInUrl('postgres://u@h/db')).toBeUndefined();
    expect(schemaInUrl('postgres://u@h/db?options=-c%20statement_timeout%3D5000')).toBeUndefined();
    expect(schemaInUrl('not a url')).toBeUndefined();
  });
});
