import { auditDecisionBody, auditDecisionResult, ok as okSchema, type AuditType, type PermissionKey } from '@pavilion/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserPrincipal } from '../auth/principal.ts';
import type { Executor } from '../db/client.ts';
import { inTransaction } from '../core/write.ts';
import { ok } from '../http/reply.ts';
import { decide } from './audit.ts';

type Answer<T> = {
  /** The schema of one decided target in the module's own shape. */
  schema: z.ZodType<T>;
  /** The decided targets, read in the decision's transaction. */
  load(tx: Executor, ids: string[], principal: UserPrincipal): Promise<T[]>;
};

export type AuditDecisionRoute<T> = {
  method: 'POST' | 'PUT';
  url: string;
  type: AuditType;
  permission: PermissionKey;
  /** The feature gate of the call (`feature`, `featureExhibition`), when the module's routes are gated. */
  gate?: Pick<FastifyContextConfig, 'feature' | 'featureExhibition'>;
  summary: string;
  tags: string[];
  /** Runs before the decision in its transaction: a module's own tenancy check (throws 404). */
  check?(tx: Executor, principal: UserPrincipal, ids: string[]): Promise<void>;
  /** Absent: the decided queue items (`auditDecisionResult`). */
  answer?: Answer<T>;
};

/**
 * A module's approve / reject call over the one audit mechanism: `{ ids, approve, reason }` in, the
 * decision in one transaction (all or none, a reason to reject, one operation-log row each), and
 * `{ decided, items }` out. A unique clash raised by a decision's effect (an approved application
 * creating its company) is a 409, never a 500.
 */
export function auditDecisionRoute<T = never>(app: FastifyInstance, route: AuditDecisionRoute<T>): void {
  const items = route.answer ? z.array(route.answer.schema) : auditDecisionResult.shape.items;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.url,
    config: { permission: route.permission, ...route.gate },
    schema: { summary: route.summary, tags: route.tags, body: auditDecisionBody, response: { 200: okSchema(z.object({ decided: z.number().int(), items })) } },
    handler: async (request) => {
      const { approve, reason } = request.body;
      const ids = [...new Set(request.body.ids)];
      const out = await inTransaction(app, request, async ({ tx, principal, actor }) => {
        await route.check?.(tx, principal, ids);
        const decided = await decide(tx, actor, { type: route.type, ids, approve, reason: reason ?? null });
        return route.answer ? route.answer.load(tx, ids, principal) : decided;
      });
      return ok({ decided: out.length, items: out });
    },
  });
}
