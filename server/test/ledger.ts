import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';

/**
 * The security ledger: every routeSecurity() case that passed writes the route it reached, and the
 * conventions check (server/test/ledger-reporter.ts) compares that with the guarded routes after
 * the whole server suite ran. A case counts only when the request really reached the route.
 */
export type SecurityCase = 'anonymous' | 'wrongRole' | 'otherTenant' | 'noOtherTenant' | 'allowed';
export type LedgerEntry = { case: SecurityCase; method: string; url: string; file: string; reason?: string };
export type GuardedRoute = { method: string; url: string; permission: string };

const ledgerDir = () => process.env.PAVILION_SECURITY_LEDGER ?? null;

const reached = new WeakMap<object, { method: string; url: string }>();

/** Remembers which route answered each request, so a case is tied to the route it exercised. */
export function traceRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (url) reached.set(request.raw, { method: request.method, url });
  });
}

export function routeOf(res: LightMyRequestResponse) {
  return reached.get(res.raw.req) ?? null;
}

function append(name: string, line: unknown) {
  const dir = ledgerDir();
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, name), `${JSON.stringify(line)}\n`);
}

export const record = (entry: LedgerEntry) => append(`cases-${process.pid}.jsonl`, entry);
export const recordGuarded = (routes: GuardedRoute[]) => append('guarded.jsonl', routes);

export function readLedger(dir: string) {
  const lines = (name: string) =>
    fs.existsSync(path.join(dir, name))
      ? fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown)
      : [];
  const guarded = (lines('guarded.jsonl').at(-1) ?? null) as GuardedRoute[] | null;
  const cases = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('cases-'))
    .flatMap((f) => lines(f) as LedgerEntry[]);
  return { guarded, cases };
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * What each guarded route still lacks: the anonymous refusal and the right role always; a wrong
 * role whenever some role lacks the permission; another tenant's record whenever hosts,
 * exhibitors or visitors (the tenants) hold it, unless a test stated why the route has no such record.
 */
export function missingCases(guarded: GuardedRoute[], cases: LedgerEntry[], roleHas: (role: 0 | 1 | 2 | 3, permission: string) => boolean) {
  const seen = new Map<string, Set<SecurityCase>>();
  for (const c of cases) {
    const s = seen.get(key(c)) ?? new Set<SecurityCase>();
    s.add(c.case);
    seen.set(key(c), s);
  }
  const missing: string[] = [];
  for (const r of guarded) {
    const s = seen.get(key(r)) ?? new Set();
    // Role 3 (visitor) counts: every back-office route owes its refusal, which the conventions test
    // proves for all of them at once with the demo visitor's token.
    const roles = ([0, 1, 2, 3] as const).filter((role) => roleHas(role, r.permission));
    const need: SecurityCase[] = ['anonymous', 'allowed'];
    if (roles.length < 4) need.push('wrongRole');
    if (roles.some((role) => role !== 2) && !s.has('noOtherTenant')) need.push('otherTenant');
    const lacking = need.filter((c) => !s.has(c));
    if (lacking.length) missing.push(`${key(r)} (${r.permission}): ${lacking.join(', ')}`);
  }
  return missing;
}
