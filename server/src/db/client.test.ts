import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-db-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database', () => {
  // Opening runs every migration on PGlite: tens of seconds on a loaded two-core machine.
  it('refuses a second process opening the same data directory, and keeps data across a restart', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`insert into host (name) values ('kept')`);
    const second = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', `import('./src/db/client.ts').then((m) => m.openDatabase({ dataDir: process.argv[1] })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`, dir],
      { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' },
    );
    expect(second.status, second.stderr).toBe(3);
    expect(second.stderr).toMatch(new RegExp(`in use by process ${process.pid}`));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pavilion.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    const rows = await again.db.execute(sql`select name from host`);
    expect((rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['kept']);
    await again.close();
  });

  it('takes over a lock left by a process that died', { timeout: 120_000 }, async () => {
    fs.writeFileSync(path.join(dir, 'pavilion.lock'), '999999');
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });
});
