import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths whose answers are data rather than files: they are never stored unless the route says so. */
const API_PATH = /^\/(api|connect|graphql|config)(\/|\?|$)/i;
/** The API's own description and its browser: the same for everyone. */
const DOCS_PATH = /^\/api\/docs(\/|\?|$)/i;

/**
 * Answers of the API and every answer to a request carrying credentials are `no-store`: they can be
 * personal (a token, the signed-in user, a tenant's records), and a shared cache must not keep them.
 * A route opts into caching by setting its own Cache-Control (the directory trees, hashed assets).
 */
export function installNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (request.headers.authorization !== undefined || request.principal || (API_PATH.test(request.url) && !DOCS_PATH.test(request.url)))
      void reply.header('cache-control', 'no-store');
  });
}

/** A validator of a body built once and sent many times; weak, as the gzip and plain forms share it. */
export const etagOf = (body: string | Buffer) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** True when the caller already holds this version (If-None-Match, RFC 9110 §13.1.2, weak comparison). */
export function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

/** Sets the validator and answers 304 without a body when the caller is up to date; false otherwise. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  if (!isFresh(request, etag)) return false;
  void reply.code(304).send();
  return true;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best of br and gzip the caller accepts (q > 0), else identity. */
export function preferredEncoding(request: FastifyRequest): Encoding {
  const accepted = new Map<string, number>();
  for (const part of String(request.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}
