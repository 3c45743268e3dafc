import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** A fresh `npm install` on the Node version the README states must print no engine warning. */
describe('the stated Node version and the dependencies agree', () => {
  const stated = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const oldest = semver.minVersion(stated)!.version;

  it('the README states the same oldest Node as package.json', () => {
    expect(read('README.md')).toContain(`Node.js ${semver.major(oldest)} (${semver.major(oldest)}.${semver.minor(oldest)} or newer`);
  });

  it('every locked package accepts the oldest stated Node', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name} needs ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('install scripts are reviewed, so npm prints no install-scripts warning', () => {
    const pkg = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = new Set(Object.entries(lock.packages).filter(([k, p]) => k && p.hasInstallScript).map(([k]) => k.split('node_modules/').pop()!));
    expect([...withScripts].filter((name) => !(name in (pkg.allowScripts ?? {})))).toEqual([]);
  });
});
