import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Fails when the tables in code and the committed migrations differ: drizzle-kit generates into a
 * copy of server/drizzle, and any new migration there is a change nobody generated. Landed
 * migrations are never edited; a schema change gets a new one (`npm run db:generate`).
 */
const server = path.resolve(import.meta.dirname, '..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-schema-'));
fs.cpSync(path.join(server, 'drizzle'), copy, { recursive: true });
const before = new Set(fs.readdirSync(copy));
const gen = spawnSync('npx', ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--casing', 'snake_case', '--out', path.relative(server, copy), '--name', 'unsaved'], { cwd: server, encoding: 'utf8' });
const added = fs.readdirSync(copy).filter((f) => !before.has(f));
fs.rmSync(copy, { recursive: true, force: true });
// drizzle-kit can print an error and still exit 0: only its two answers count.
if (gen.status !== 0 || !(added.length || /No schema changes/.test(gen.stdout))) {
  console.error(gen.stdout, gen.stderr);
  process.exit(1);
}
if (added.length) {
  console.error(`The tables in server/src differ from the committed migrations (drizzle-kit would write ${added.join(', ')}). Run \`npm run db:generate\` and commit the new migration.`);
  process.exit(1);
}
console.log('Schema and migrations agree.');
