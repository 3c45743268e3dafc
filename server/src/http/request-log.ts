import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One structured line per request, when it completes (Fastify's own pair of lines is off):
 * at info for writes and for every answer of 400 or more, at debug for a successful read, so
 * the default level (LOG_LEVEL=info) does not write a line per page view (docs/performance.md).
 */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode < 400 && READS.has(request.method) ? 'debug' : 'info';
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
