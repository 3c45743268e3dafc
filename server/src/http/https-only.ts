import type { FastifyInstance } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS and the CSP's `upgrade-insecure-requests` only for requests that really came over HTTPS
 * (the socket, or X-Forwarded-Proto from a proxy trusted by TRUST_PROXY). Sent over plain HTTP, the
 * upgrade makes a browser fetch every asset of a LAN address over https, which fails: a blank page.
 * Runs after helmet's onRequest hooks, which write the other headers straight to the response.
 */
export function installHttpsOnlyHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.raw.setHeader('strict-transport-security', HSTS);
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
}
