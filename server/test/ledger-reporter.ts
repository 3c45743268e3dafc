import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { roleHas, type PermissionKey } from '@pavilion/contract';
import { missingCases, readLedger } from './ledger.ts';

/** Routes that predate the ledger and still owe cases: it may only shrink (issue 9). */
const OWED = path.join(import.meta.dirname, 'security-owed.txt');

const serverTests = (root: string) =>
  ['server/src', 'server/test'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join(root, dir, f)),
  );

/**
 * The conventions check that needs the whole run: after every server test file ran, each guarded
 * route must have had its four security cases (server/test/ledger.ts). A partial run (one file,
 * a filter) cannot judge and says so.
 */
export default class SecurityLedgerReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const dir = process.env.PAVILION_SECURITY_LEDGER;
    if (!dir || !fs.existsSync(dir)) return;
    const root = path.resolve(import.meta.dirname, '../..');
    const ran = new Set(modules.filter((m) => m.project.name === 'server').map((m) => m.moduleId));
    const all = serverTests(root);
    const { guarded, cases } = readLedger(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    if (!all.every((f) => ran.has(f))) return;
    if (modules.some((m) => m.project.name === 'server' && m.state() !== 'passed')) return;
    if (!guarded) {
      console.error('\nSecurity ledger: the conventions test did not list the guarded routes.');
      process.exitCode = 1;
      return;
    }
    const missing = missingCases(guarded, cases, (role, p) => roleHas(role, p as PermissionKey));
    const owed = new Set(fs.readFileSync(OWED, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
    const fresh = missing.filter((m) => !owed.has(m));
    const paid = [...owed].filter((m) => !missing.includes(m));
    if (fresh.length) console.error(`\nSecurity ledger: ${fresh.length} guarded routes lack security cases (add them with routeSecurity, server/test/security.ts):\n  ${fresh.join('\n  ')}`);
    if (paid.length) console.error(`\nSecurity ledger: these lines of ${path.relative(root, OWED)} are covered now (or changed); remove them:\n  ${paid.join('\n  ')}`);
    if (fresh.length || paid.length) process.exitCode = 1;
  }
}
