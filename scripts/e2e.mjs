import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale, freePort, root, run, runServer, serverUp } from './lib.mjs';

/** Builds the web app, starts Pavilion on a fresh embedded database, and clicks through it in Chromium. */
buildWebIfStale();
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pavilion-e2e-'));
const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
// All interfaces, as `npm start` does: e2e/lan.e2e.ts opens the app at the machine's LAN address.
// The live ingest on a free port too, so a developer's `npm start` (RTMP 1935) and the run do not collide.
const rtmpPort = await freePort();
const server = runServer({ PORT: String(port), RTMP_PORT: String(rtmpPort), DATA_DIR: dataDir, HOST: '0.0.0.0', LOG_LEVEL: 'warn', RATE_LIMIT_LOGIN_PER_IP: '10000', RATE_LIMIT_CODES_PER_IP: '10000', CODE_RESEND_SECONDS: '1' }, { stdio: ['ignore', log, log] });
const base = `http://127.0.0.1:${port}`;
const up = await serverUp(base);
let status = 1;
if (!up) {
  console.error(`The server did not start:\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
} else {
  status = run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], { E2E_BASE_URL: base, E2E_SCREENSHOTS: path.join(root, 'e2e/screenshots') });
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
// A failed run shows what the server logged (warnings and errors), since the data folder goes with it.
if (status !== 0 && up) {
  const lines = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').trim().split('\n');
  console.error(`\nThe server's log, last ${Math.min(lines.length, 150)} lines:\n${lines.slice(-150).join('\n')}`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
