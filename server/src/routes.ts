import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './modules/account/routes.ts';
import { contactRoutes } from './modules/account/contact-routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { hostRoutes } from './modules/host/routes.ts';
import { exhibitionRoutes } from './modules/exhibition/routes.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { uploadRoutes } from './modules/upload/routes.ts';
import { configRoutes } from './modules/system/config-routes.ts';
import { operationLogRoutes } from './oplog/routes.ts';
import { outboxRoutes } from './messaging/routes.ts';
import { industryRoutes } from './modules/industry/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';

export const routes: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(contactRoutes);
  await app.register(verificationRoutes);
  await app.register(hostRoutes);
  await app.register(exhibitionRoutes);
  await app.register(companyRoutes);
  await app.register(uploadRoutes);
  await app.register(configRoutes);
  await app.register(operationLogRoutes);
  await app.register(outboxRoutes);
  await app.register(industryRoutes);
  await app.register(referenceRoutes);
  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async () => ({ success: true, code: 0, data: { status: 'ok', db: app.deps.dbKind, shared: app.deps.shared.kind } }));
};
