import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 8080 and ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve(import.meta.dirname, '../../data'));
    expect(loadConfig({ DATA_DIR: 'x', INIT_CWD: '/srv/app' }).dataDir).toBe('/srv/app/x');
    expect(c.seedDemo).toBe(true);
  });
  it('refuses production without a signing key or with the demo secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'pavilion-development-token-secret-change-me' })).toThrow(/demo secrets/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40) })).toThrow(/demo secrets/);
    const c = loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), CLIENT_SECRET: 'a-real-secret' });
    expect(c.seedDemo).toBe(false);
  });
  it('names a bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
