import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    spaIndex?: Buffer;
  }
}

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
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('spaIndex', fs.readFileSync(index));
};

export const serveWeb = fp(plugin, { name: 'serve-web' });
