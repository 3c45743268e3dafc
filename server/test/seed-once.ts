import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { freshPostgres, seedTestData, testConfig, type SeededStart } from './harness.ts';

/**
 * Migrates and seeds one database for the whole run (global setup of the server project); each
 * test file then starts from a copy of it instead of migrating, hashing passwords and seeding again.
 */
export default async function seedOnce(project: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-seed-'));
  const config = testConfig(tmp);
  const pgAdmin = process.env.TEST_DATABASE_URL;
  let seeded: SeededStart;
  let cleanup: () => Promise<void>;
  if (pgAdmin) {
    const template = await freshPostgres(pgAdmin);
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    const other = await seedTestData(database.db, config);
    await database.close();
    seeded = { other, snapshot: null, template: new URL(template.url).pathname.slice(1) };
    cleanup = template.drop;
  } else {
    const database = await openDatabase({ dataDir: null });
    const other = await seedTestData(database.db, config);
    const dump = await database.dump!();
    const file = path.join(tmp, 'seeded.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    seeded = { other, snapshot: file, template: null };
    cleanup = async () => {};
  }
  project.provide('seeded', seeded);
  return async () => {
    await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
