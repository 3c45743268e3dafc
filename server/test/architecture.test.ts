import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.ts';

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

describe('architecture (docs/architecture.md)', () => {
  it('the boot list names every folder of server/src/modules once, so a new module cannot be forgotten', () => {
    const folders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const named = modules.map((m) => m.name);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(folders);
    for (const m of modules) expect(m.routes.length, `${m.name} registers no routes`).toBeGreaterThan(0);
  });
});
