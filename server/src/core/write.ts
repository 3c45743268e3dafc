import { ErrorCode } from '@pavilion/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserPrincipal } from '../auth/principal.ts';
import { userOf } from '../auth/guard.ts';
import type { Executor } from '../db/client.ts';
import { fieldError, uniqueViolation } from '../http/errors.ts';
import { actorOf } from '../http/reply.ts';
import type { Actor } from '../oplog/oplog.ts';

/** What a service's write gets: the transaction, who asks, and who to name in the operation log. Never the HTTP request. */
export type WriteContext = { tx: Executor; principal: UserPrincipal; actor: Actor };

/** Unique constraints and the field a 409 names; each module registers its own at start-up. */
const conflictFields = new Map<string, string>();
export function registerConflictFields(fields: Record<string, string>): void {
  for (const [constraint, field] of Object.entries(fields)) conflictFields.set(constraint, field);
}

/**
 * Runs a change in one transaction with the caller's context; a unique clash that slipped past
 * the service's own check (two requests at once) is a 409 naming the field, never a 500: the field
 * from `unique` (a resource's own table), else from the modules' registrations, else `fallback`.
 */
export async function inTransaction<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  work: (ctx: WriteContext) => Promise<T>,
  conflicts: { unique?: Record<string, string>; fallback?: string } = {},
): Promise<T> {
  const principal = userOf(request);
  const actor = actorOf(request);
  try {
    return await app.deps.db.transaction((tx) => work({ tx, principal, actor }));
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw fieldError(conflicts.unique?.[constraint] ?? conflictFields.get(constraint) ?? conflicts.fallback ?? 'id', 'taken', {}, ErrorCode.Conflict);
    throw err;
  }
}
