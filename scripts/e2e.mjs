import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale, freePort, root, run, runServer, serverUp } from './lib.mjs';

/**
 * Builds the web app, starts Pavilion on fresh embedded databases, and clicks through it in Chromium.
 * One file at a time on one server; `E2E_SERVERS=2` runs two at a time, each worker against its own server
 * (e2e/browser.ts picks it by VITEST_POOL_ID), since a file changes the demo exhibition's settings for a while
 * (docs/web.md "End-to-end run").
 */
const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('-')).length;
const servers = Math.max(1, Math.min(Number(process.env.E2E_SERVERS ?? 1), named === 1 ? 1 : Infinity));

buildWebIfStale();
const started = [];
for (let i = 0; i < servers; i++) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-e2e-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  // All interfaces, as `npm start` does: e2e/lan.e2e.ts opens the app at the machine's LAN address.
  // The live ingest on a free port too, so a developer's `npm start` (RTMP 1935) and the run do not collide.
  const rtmpPort = await freePort();
  // ACCESS_TOKEN_TTL: the flows share each demo account's session for the whole run (e2e/browser.ts signInAs).
  const server = runServer({ PORT: String(port), RTMP_PORT: String(rtmpPort), DATA_DIR: dataDir, HOST: '0.0.0.0', LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN_PER_IP: '10000', RATE_LIMIT_CODES_PER_IP: '10000', CODE_RESEND_SECONDS: '1', ACCESS_TOKEN_TTL: '7200' }, { stdio: ['ignore', log, log] });
  started.push({ server, dataDir, base: `http://127.0.0.1:${port}` });
}
const up = (await Promise.all(started.map((s) => serverUp(s.base)))).every(Boolean);
const logOf = (s) => fs.readFileSync(path.join(s.dataDir, 'server.log'), 'utf8');
let status = 1;
if (!up) {
  for (const s of started) console.error(`The server at ${s.base} did not start or its sibling did not:\n${logOf(s)}`);
} else {
  const bases = started.map((s) => s.base);
  status = run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...args], {
    E2E_BASE_URL: bases[0],
    E2E_BASE_URLS: bases.join(','),
    E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? path.join(root, 'e2e/screenshots'),
  });
}
for (const s of started) s.server.kill('SIGTERM');
await Promise.all(started.map((s) => new Promise((r) => (s.server.exitCode !== null ? r() : s.server.once('exit', r)))));
// A failed run shows what the servers logged (warnings and errors), since the data folders go with them.
if (status !== 0 && up) {
  for (const s of started) {
    const lines = logOf(s).trim().split('\n');
    console.error(`\nThe log of the server at ${s.base}, last ${Math.min(lines.length, 150)} lines:\n${lines.slice(-150).join('\n')}`);
  }
}
for (const s of started) fs.rmSync(s.dataDir, { recursive: true, force: true });
process.exit(status);
