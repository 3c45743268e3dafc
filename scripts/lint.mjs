import { spawn } from 'node:child_process';
import os from 'node:os';
import { root } from './lib.mjs';

/**
 * `npm run lint`: ESLint, the type-check of each TypeScript project, the OpenAPI lint and the schema check.
 * Each of them runs on one core, so they run side by side, as many at once as the machine has cores; each
 * one's output is printed whole when it ends, and the run fails if any of them does.
 */
const tasks = [
  ['eslint', ['npx', 'eslint', '.']],
  ['tsc server', ['npx', 'tsc', '-p', 'server']],
  ['tsc web', ['npx', 'tsc', '-p', 'web']],
  ['tsc e2e', ['npx', 'tsc', '-p', 'e2e']],
  ['tsc bench', ['npx', 'tsc', '-p', 'bench']],
  ['tsc contract', ['npx', 'tsc', '-p', 'packages/contract']],
  ['openapi', ['npm', 'run', '--silent', 'lint:openapi']],
  ['schema', ['npm', 'run', '--silent', 'lint:schema']],
];

function runTask([name, [cmd, ...args]]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}, ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

// `node scripts/lint.mjs tsc` (npm run typecheck): only the checks whose name starts with an argument.
const wanted = process.argv.slice(2);
const queue = tasks.filter(([name]) => !wanted.length || wanted.some((w) => name.startsWith(w)));
const lanes = Math.max(2, os.availableParallelism());
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const ok = [];
    for (let task = queue.shift(); task; task = queue.shift()) ok.push(await runTask(task));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
