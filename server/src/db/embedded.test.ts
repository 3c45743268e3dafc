import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const hostNames = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  ((await database.db.execute(sql`select name from host order by name`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);

describe('embedded PostgreSQL', () => {
  // The first start creates the cluster (initdb) and runs every migration: seconds, more on a loaded machine.
  it('creates its cluster in DATA_DIR, migrates, and keeps the data across a restart', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, engine: 'embedded' });
    expect(first.kind).toBe('postgres');
    expect(first.where).toContain(path.join(dir, 'postgres'));
    await first.db.execute(sql`insert into host (name) values ('kept')`);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pavilion.lock'))).toBe(false);

    const again = await openDatabase({ dataDir: dir, engine: 'embedded' });
    expect(await hostNames(again)).toEqual(['kept']);
    await again.close();
  });

  it('takes its cluster back from a process that was killed while it ran', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/db/client.ts').then(async (m) => { const d = await m.openDatabase({ dataDir: process.argv[1], engine: 'embedded' }); await d.db.execute("insert into host (name) values ('before the kill')"); console.log('open'); })`,
        dir,
      ],
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before it opened the database`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const database = await openDatabase({ dataDir: dir, engine: 'embedded' });
    expect(await hostNames(database)).toEqual(['before the kill']);
    await database.close();
  });

  it('keeps using a PGlite database already in DATA_DIR', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const pglite = await openDatabase({ dataDir: dir, engine: 'pglite' });
    await pglite.db.execute(sql`insert into host (name) values ('from PGlite')`);
    await pglite.close();

    const database = await openDatabase({ dataDir: dir, engine: 'embedded' });
    expect(database.kind).toBe('pglite');
    expect(await hostNames(database)).toEqual(['from PGlite']);
    await database.close();
    expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
  });

  it('runs on PGlite where PostgreSQL may not go: as root, a DATA_DIR inside a folder only root may enter', { timeout: 180_000 }, async () => {
    // mkdtemp makes its folder 0700: as root, the postgres user cannot pass through `private` to reach DATA_DIR.
    const dir = path.join(tempDir(), 'private', 'data');
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(path.dirname(dir), 0o700);
    const database = await openDatabase({ dataDir: dir, engine: 'embedded' });
    try {
      const asRoot = process.getuid?.() === 0;
      // Not root: nothing stands in PostgreSQL's way, and it runs.
      expect(database.kind).toBe(asRoot ? 'pglite' : 'postgres');
      expect(fs.existsSync(path.join(dir, asRoot ? 'pgdata' : 'postgres'))).toBe(true);
      await database.db.execute(sql`insert into host (name) values ('anywhere')`);
      expect(await hostNames(database)).toEqual(['anywhere']);
    } finally {
      await database.close();
    }
  });
});
