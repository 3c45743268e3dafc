import type { FastifyRequest } from 'fastify';
import type { Actor } from '../oplog/oplog.ts';

export const ok = <T>(data: T) => ({ success: true as const, code: 0 as const, data });

/** Who did it, for the operation log. */
export const actorOf = (request: FastifyRequest): Actor => ({ principal: request.principal, ip: request.ip });
