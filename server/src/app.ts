import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES, MAX_FILE_BYTES } from '@pavilion/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { installGuard } from './auth/guard.ts';
import { trackPrincipalChanges } from './auth/principal-cache.ts';
import { attachReadCache } from './infra/read-cache.ts';
import { attachTableCache } from './infra/table-cache.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installHttpsOnlyHeaders } from './http/https-only.ts';
import { installNulGuard } from './http/nul.ts';
import { installNoStore } from './http/cache.ts';
import { installRequestLog } from './http/request-log.ts';
import { swaggerOptions } from './http/openapi.ts';
import type { SharedState } from './infra/kv.ts';
import { createMessenger, outboxDriver, type MessageDriver } from './messaging/messenger.ts';
import { localStorage, s3Storage, type Storage } from './storage/storage.ts';
import { routes } from './routes.ts';
import { createMediaDriver } from './media/index.ts';
import { serveWeb } from './http/web.ts';
import path from 'node:path';


declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every route as registered, for the conventions tests and the route inventory. */
    routeList: { method: string; url: string; permission?: string; public?: boolean; beforePasswordChange?: boolean }[];
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  shared: SharedState;
  messageDriver?: MessageDriver;
  storage?: Storage;
  logger?: boolean | object;
  /** Serve the built web app from this process (off in API tests). */
  web?: boolean;
};

export type App = FastifyInstance;

const mediaOrigins = (config: Config) =>
  [config.media.publicPullUrl, config.media.publicHlsUrl].filter((u): u is string => !!u && /^https?:\/\//.test(u)).map((u) => new URL(u).origin);

/** External plugins, then the app's own (deps, errors, guard), then routes: the fastify-demo order. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    // Asynchronous writes (pino's buffered destination, flushed on exit): a synchronous write per line cost 16 % of CPU under load.
    logger: opts.logger ?? { level: config.logLevel, stream: pino.destination({ sync: false, minLength: 4096 }) },
    // One line per request, written at completion (http/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : [])],
        // Videos play from the store too (docs/video.md); without this they fall back to default-src.
        mediaSrc: ["'self'", 'blob:', ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Live players fetch the stream (docs/live.md, "The stream"); an external media server or CDN is another origin.
        connectSrc: ["'self'", ...mediaOrigins(config)],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  installHttpsOnlyHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 20, fields: 20 } });
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorate('deps', {
    config,
    db: opts.database.db,
    dbKind: opts.database.kind,
    shared: opts.shared,
    tokens: createTokenSigner(config.tokenSecret, config.accessTokenTtl),
    messenger: createMessenger(opts.messageDriver ?? outboxDriver(app.log)),
    storage:
      opts.storage ??
      (config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads'))),
    media: createMediaDriver(config, app.log, () => app.deps),
  });
  const untrack = trackPrincipalChanges(opts.database.db, opts.shared);
  const unlistenReads = await attachReadCache(opts.database.db, opts.shared);
  const unlistenTables = await attachTableCache(opts.database.db, opts.shared);
  app.addHook('onClose', async () => {
    untrack();
    await unlistenReads();
    await unlistenTables();
  });
  installRequestLog(app);
  installErrorHandler(app);
  installGuard(app);
  installNulGuard(app);
  installNoStore(app);
  app.decorate('routeList', []);
  app.addHook('onRoute', (r) => {
    const cfg = (r.config ?? {}) as { permission?: string; public?: boolean; beforePasswordChange?: boolean };
    for (const method of [r.method].flat())
      if (method !== 'HEAD') app.routeList.push({ method, url: r.url, permission: cfg.permission, public: cfg.public, beforePasswordChange: cfg.beforePasswordChange });
  });

  await app.register(routes);
  if (opts.web) await app.register(serveWeb);
  return app;
}
