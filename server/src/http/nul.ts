import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, OAuthError } from './errors.ts';

/** The path (`items.0.name`) of the first string or key holding a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return here;
    const found = findNul(v, here);
    if (found !== null) return found;
  }
  return null;
}

/** The field of the request (body, query or path) that holds a NUL, named as the caller sent it. */
function nulField(request: FastifyRequest): string | null {
  for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
    const found = findNul(value);
    if (found !== null) return found || part;
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in what a caller sends (JSON
 * body, form fields, query string, path) is refused here with a 400 naming the field, for every
 * route, before validation and before any query could fail on it. Multipart fields and file
 * names are read by their routes and checked there with `findNul`.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = nulField(request);
    if (field === null) return;
    if (request.routeOptions.url?.startsWith('/connect/')) throw new OAuthError('invalid_request', 'fieldInvalid', { field });
    throw fieldError(field, 'nul');
  });
}
