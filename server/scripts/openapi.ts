/**
 * Writes the OpenAPI document of the app (built, never listening, no database opened) and lints it
 * with Redocly's recommended rules (redocly.yaml at the root). `npm run lint:openapi`; CI runs it
 * through `npm run lint`. With a path argument the document is written there and kept.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { memoryState } from '../src/infra/kv.ts';

const root = path.resolve(import.meta.dirname, '../..');
const keep = process.argv[2];
const out = keep ? path.resolve(process.env.INIT_CWD ?? process.cwd(), keep) : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-openapi-')), 'openapi.json');

// Registering routes reads no data; a query here would be a start-up side effect worth knowing about.
// The app does wrap `transaction` at build time (db/after-commit.ts), without calling it.
const refuse = (key: string | symbol) => {
  throw new Error(`The OpenAPI dump does not open a database (db.${String(key)})`);
};
const db = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) => (typeof key === 'symbol' ? target[key] : key === 'transaction' ? () => refuse(key) : refuse(key)),
});
const database = { db, kind: 'pglite', close: async () => {} } as unknown as Database;
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, shared: memoryState(), logger: false });
await app.ready();
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 1));
await app.close();

const redocly = path.join(root, 'node_modules/.bin/redocly');
const lint = spawnSync(redocly, ['lint', out, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '50'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
if (!keep) fs.rmSync(path.dirname(out), { recursive: true, force: true });
process.exit(lint.status ?? 1);
