import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, notModified, preferredEncoding } from './cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers index.html for a screen path (the not-found handler decides which paths are screens). */
    spaIndex?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

/** index.html compressed once at start: it is answered for every screen path, outside @fastify/compress's routes. */
function spaPage(html: Buffer) {
  const bodies = { identity: html, gzip: gzipSync(html), br: brotliCompressSync(html) };
  const etag = etagOf(html);
  return (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (notModified(request, reply, etag)) return reply;
    const encoding = preferredEncoding(request);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.send(bodies[encoding]);
  };
}

/** The visitor site's screens: /expo/{exhibitionId}/… and /expo-en/{exhibitionId}/…. */
const EXPO_PATH = /^\/expo(-en)?\//;

/** The built web app: hashed assets cached for a year, index.html never; screen paths get index.html (see the not-found handler). */
const plugin: FastifyPluginAsync = async (app) => {
  const root = app.deps.config.webDist;
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No built web app at ${root}; run "npm run build".`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build wrote each asset's .br and .gz (web/vite.config.ts): sent as they are, @fastify/compress leaves them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const backOffice = spaPage(fs.readFileSync(index));
  // The visitor site is its own light page (docs/visitor-site.md); without its build the back office answers.
  const expoFile = path.join(root, 'expo.html');
  const expo = fs.existsSync(expoFile) ? spaPage(fs.readFileSync(expoFile)) : backOffice;
  app.decorate('spaIndex', (request: FastifyRequest, reply: FastifyReply) => (EXPO_PATH.test(request.url) ? expo : backOffice)(request, reply));
};

export const serveWeb = fp(plugin, { name: 'serve-web' });
