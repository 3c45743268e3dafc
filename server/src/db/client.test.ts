import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-db-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('refuses a second opener of the same data directory, and keeps data across a restart', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`insert into host (name) values ('kept')`);
    // A live process other than us holds the lock: pretend with our parent's pid.
    fs.writeFileSync(path.join(dir, 'pavilion.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(dir, 'pavilion.lock'), String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pavilion.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    const rows = await again.db.execute(sql`select name from host`);
    expect((rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['kept']);
    await again.close();
  });

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(path.join(dir, 'pavilion.lock'), '999999');
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });
});
