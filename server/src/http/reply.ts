import type { FastifyRequest } from 'fastify';
import type { Actor } from '../oplog/oplog.ts';

export const ok = <T>(data: T) => ({ success: true as const, code: 0 as const, data });

/** Who did it, for the operation log. */
export const actorOf = (request: FastifyRequest): Actor => ({ principal: request.principal, ip: request.ip, origin: `${request.protocol}://${request.host}` });

/**
 * The base address links in messages start with: PUBLIC_URL when configured, else the origin of
 * the request that caused the message (docs/api.md "Links in messages"). Never relative.
 */
export const publicBase = (publicUrl: string, actor: Pick<Actor, 'origin'>) => (publicUrl || actor.origin || '').replace(/\/+$/, '');
