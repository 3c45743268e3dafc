import { expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { Actor, TestContext } from './harness.ts';
import { bearer } from './harness.ts';
import { record, routeOf, type SecurityCase } from './ledger.ts';

type Request = { method: InjectOptions['method']; url: string; payload?: unknown; headers?: Record<string, string> };

/**
 * The four security cases every route starts with (STYLE.md): anonymous 401, each wrong role
 * 403, another tenant's record 404, the right role succeeds. `request` builds the call for the
 * caller's own tenant; `otherTenant` the same call aimed at the second tenant's record.
 */
export function routeSecurity(
  get: () => TestContext,
  spec: {
    request: (ctx: TestContext) => Request;
    allowed: Actor[];
    denied: Actor[];
    /** Another tenant's record, or why the route has none (it reads only the caller's own data, say). */
    otherTenant?: { as: Actor; request: (ctx: TestContext) => Request } | { none: string };
    /** A machine client's token (client_credentials) the route lets through: the right caller of a route no user role holds. */
    allowedClient?: (ctx: TestContext) => Promise<string>;
    okStatus?: number;
  },
) {
  const file = expect.getState().testPath ?? '';
  const call = async (req: Request, as: Actor | null, token?: string) => {
    const ctx = get();
    const auth = token ? bearer(token) : as ? bearer(await ctx.token(as)) : {};
    return ctx.app.inject({
      method: req.method,
      url: req.url,
      ...(req.payload !== undefined ? { payload: req.payload as never } : {}),
      headers: { ...(req.headers ?? {}), ...auth },
    });
  };
  // Written after the assertions, so only a case that passed, on the route it reached, counts.
  const passed = (c: SecurityCase, res: Awaited<ReturnType<typeof call>>) => {
    const route = routeOf(res);
    if (route) record({ case: c, ...route, file });
  };
  it('refuses an anonymous caller with 401', async () => {
    const res = await call(spec.request(get()), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 4001 });
    passed('anonymous', res);
  });
  for (const as of spec.denied)
    it(`refuses ${as} (wrong role) with 403`, async () => {
      const res = await call(spec.request(get()), as);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 4003 });
      passed('wrongRole', res);
    });
  // Without either, the ledger still asks for one whenever a tenant role holds the permission.
  const o = spec.otherTenant;
  if (o && 'none' in o)
    it(`has no other tenant's record to reach: ${o.none}`, async () => {
      expect(o.none.length).toBeGreaterThan(10);
      const route = routeOf(await call(spec.request(get()), null));
      if (route) record({ case: 'noOtherTenant', ...route, file, reason: o.none });
    });
  else if (o)
    it(`answers 404 to ${o.as} for another tenant's record`, async () => {
      const res = await call(o.request(get()), o.as);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 4004 });
      passed('otherTenant', res);
    });
  for (const as of spec.allowed)
    it(`lets ${as} (right role) through`, async () => {
      const res = await call(spec.request(get()), as);
      expect(res.statusCode, res.body).toBe(spec.okStatus ?? 200);
      passed('allowed', res);
    });
  const client = spec.allowedClient;
  if (client)
    it('lets the machine client (right caller) through', async () => {
      const res = await call(spec.request(get()), null, await client(get()));
      expect(res.statusCode, res.body).toBe(spec.okStatus ?? 200);
      passed('allowed', res);
    });
}
