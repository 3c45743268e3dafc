import type { FastifyPluginAsync } from 'fastify';
import { operationLogRoutes } from './oplog/routes.ts';
import { outboxRoutes } from './messaging/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { bootModules } from './modules/index.ts';
import { mediaRoutes } from './media/index.ts';

/** The shared mechanisms' own routes, then every module of the boot list. */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(operationLogRoutes);
  await app.register(outboxRoutes);
  await app.register(auditRoutes);
  await app.register(mediaRoutes);
  await app.register(bootModules);
  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async () => ({ success: true, code: 0, data: { status: 'ok', db: app.deps.dbKind, shared: app.deps.shared.kind } }));
};
