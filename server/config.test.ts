import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteName).toBe('Zine');
    expect(config.secure).toBe(false);
  });

  it('knows an https origin is secure', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://zine.example/' });
    expect(config.secure).toBe(true);
    expect(config.publicOrigin).toBe('https://zine.example');
  });

  it('mails feedback to OPERATOR_EMAIL, else the operator at the public host', () => {
    expect(loadConfig({}).operatorEmail).toBe('operator@localhost');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example' }).operatorEmail).toBe('operator@zine.example');
    expect(loadConfig({ OPERATOR_EMAIL: 'desk@zine.example' }).operatorEmail).toBe('desk@zine.example');
    expect(() => loadConfig({ OPERATOR_EMAIL: 'nobody' })).toThrow(/OPERATOR_EMAIL/);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/);
  });
});
