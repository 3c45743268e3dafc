import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Executor } from '../db/client.ts';
import { cachedByTables } from '../infra/table-cache.ts';
import { langOf } from './i18n.ts';

/** What a principal's reach depends on (auth/scope.ts reads only these), so two sessions of one user share entries. */
function reachOf(p: Principal | null | undefined): string {
  if (!p) return '-';
  if (p.kind !== 'user') return JSON.stringify(p);
  return [p.userId, p.role, p.hostIds, p.fullHostIds, p.assignedExhibitionIds, p.exhibitionId, p.exhibitorId, p.companyId, p.memberId].join('|');
}

/**
 * A read's answer, serialized by the route's own response schema once and kept until a table it read is written
 * (infra/table-cache.ts). Keyed by the route, the caller's reach and language, and the request's query and body;
 * the guard has already allowed the call. Sent as the JSON text it is, so a hit costs no query and no serialization.
 */
export async function cachedReply(db: Executor, request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>): Promise<void> {
  // `t` is the spec's cache-buster: a different one every call, the same answer.
  const { t: _buster, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const key = [request.method, request.routeOptions.url, reachOf(request.principal), langOf(request), JSON.stringify(query), JSON.stringify(request.body ?? null)].join('\n');
  const text = await cachedByTables(db, key, async () => reply.serialize(await load()) as string);
  await reply.type('application/json; charset=utf-8').send(text);
}
