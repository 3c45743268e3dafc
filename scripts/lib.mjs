import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from '../server/scripts/build.mjs';

export const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** Builds the web app when web/dist is missing or older than any of its sources. */
export function buildWebIfStale() {
  const index = path.join(root, 'web/dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, 'web/src')),
    newest(path.join(root, 'web/index.html')),
    newest(path.join(root, 'web/vite.config.ts')),
    newest(path.join(root, 'web/public')),
    newest(path.join(root, 'packages/contract/src')),
  );
  if (built && built >= sources) return;
  console.log(built ? 'The web app is older than its sources: building it…' : 'Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Bundles the server into server/dist (half a second; server/scripts/build.mjs), so it runs as plain JavaScript. */
export function buildServer() {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', 'main'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Builds and runs the server in this terminal, passing signals on so it shuts down cleanly. */
export function runServer(env = {}, opts = {}) {
  buildServer();
  const child = spawn(process.execPath, [...serverNodeFlags(), 'dist/main.mjs'], {
    cwd: path.join(root, 'server'),
    env: serverEnv({ ...process.env, ...env }),
    stdio: opts.stdio ?? 'inherit',
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return child;
}

export function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/** Whether the server at `base` answers its health check within about three minutes. */
export async function serverUp(base) {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

export function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}
