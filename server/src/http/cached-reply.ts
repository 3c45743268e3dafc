import type { FastifyReply, FastifyRequest } from 'fastify';
import { reachKey } from '../auth/scope.ts';
import type { Executor } from '../db/client.ts';
import { cachedByTables } from '../infra/table-cache.ts';
import { etagOf, notModified } from './cache.ts';
import { langOf, type Lang } from './i18n.ts';

/** The cache key of a read: route, the caller's reach and language, its parameters, query (without the `t` cache-buster) and body. */
function keyOf(request: FastifyRequest, lang: string = langOf(request)): string {
  const { t: _buster, ...query } = (request.query ?? {}) as Record<string, unknown>;
  return [request.method, request.routeOptions.url, reachKey(request.principal), lang, JSON.stringify(request.params ?? null), JSON.stringify(query), JSON.stringify(request.body ?? null)].join('\n');
}

/**
 * A read's answer, serialized by the route's own response schema once and kept until a table it read is written
 * (infra/table-cache.ts). The guard has already allowed the call. Sent as the JSON text it is, so a hit costs no
 * query and no serialization. `lang`: where the route reads the caller's language elsewhere than `langOf` does.
 */
export async function cachedReply(db: Executor, request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>, lang?: Lang): Promise<void> {
  const text = await cachedByTables(db, keyOf(request, lang), async () => reply.serialize(await load()) as string);
  await reply.type('application/json; charset=utf-8').send(text);
}

/**
 * A public JSON answer any cache may keep for `maxAge` seconds, then revalidate by its ETag (304 when unchanged);
 * the text and its ETag are kept here too, as `cachedReply` keeps its answers.
 */
export async function sendCacheable(db: Executor, request: FastifyRequest, reply: FastifyReply, maxAge: number, load: () => Promise<unknown>): Promise<FastifyReply> {
  const { text, etag } = await cachedByTables(db, keyOf(request), async () => {
    const body = JSON.stringify(await load());
    return { text: body, etag: etagOf(body) };
  });
  void reply.type('application/json; charset=utf-8').header('cache-control', `public, max-age=${maxAge}`);
  if (notModified(request, reply, etag)) return reply;
  return reply.send(text);
}
