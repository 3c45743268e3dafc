import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

/** API with reload on :8080 (tsx watch) and the web app with hot reload on :5173, proxying to it. */
const api = spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: `${root}/server`, stdio: 'inherit', env: { ...process.env, WEB_DIST: '/nonexistent' } });
const web = spawn('npx', ['vite'], { cwd: `${root}/web`, stdio: 'inherit' });
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
web.on('exit', stop);
