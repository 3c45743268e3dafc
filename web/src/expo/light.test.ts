import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The visitor site's pages stay within their JS budget (docs/performance.md): a value taken from the contract's root
 * brings that module's zod schemas, and zod with them (25 kB gzip). Pages take types from the root, values from
 * `@pavilion/contract/light` or `/errors`. The registration form is the exception: it checks the answers with the
 * contract's own form rules, and zod comes with it on that page only.
 */
const ALLOWED = new Set(['pages/Register.tsx', 'pages/FormFields.tsx']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

describe('the visitor site and the contract', () => {
  it('takes only types from the contract root, outside the registration form', () => {
    const root = import.meta.dirname;
    const offenders = sources(root)
      .filter((file) => !ALLOWED.has(path.relative(root, file)))
      .filter((file) => /^import (?!type )[^;]*from '@pavilion\/contract';/m.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
