import { adminUser, adminUserQuery, createAdminUserBody, idQuery, ok as okSchema, page, updateAdminUserBody } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { adminUserPage, createAdminUser, deleteAdminUser, loadAdminUser, updateAdminUser } from './service.ts';

/** Administrator logins (issue 5): only administrators manage them; the platform always keeps one active. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['admin user'];
  const config = { permission: 'adminUser.manage' } as const;

  app.post(
    '/api/v3/adminuser/query',
    { config, schema: { summary: 'Administrator logins, oldest first; by keyword (user name, name, phone) and disabled state', tags, body: adminUserQuery, response: { 200: okSchema(page(adminUser)) } } },
    async (request) => ok(await adminUserPage(db, userOf(request), request.body)),
  );

  app.post(
    '/api/v3/adminuser',
    {
      config,
      schema: { summary: 'Create an administrator login (role 2): user name, password (8–128 characters), name and phone optional', tags, body: createAdminUserBody, response: { 200: okSchema(adminUser) } },
    },
    async (request) => {
      const me = userOf(request);
      const id = await db.transaction((tx) => createAdminUser(tx, actorOf(request), request.body));
      return ok(await loadAdminUser(db, me, id));
    },
  );

  app.patch(
    '/api/v3/adminuser',
    {
      config,
      schema: {
        summary: 'Change an administrator: name, phone, disabled (its sign-ins end). Disabling yourself (4035) or the last active administrator (4034) is refused',
        tags,
        querystring: idQuery,
        body: updateAdminUserBody,
        response: { 200: okSchema(adminUser) },
      },
    },
    async (request) => {
      const me = userOf(request);
      await db.transaction((tx) => updateAdminUser(tx, actorOf(request), me, request.query.id, request.body));
      return ok(await loadAdminUser(db, me, request.query.id));
    },
  );

  app.delete(
    '/api/v3/adminuser',
    {
      config,
      schema: {
        summary: 'Delete an administrator: it can no longer sign in and its sign-ins end. Yourself (4035) or the last active administrator (4034) is refused',
        tags,
        querystring: idQuery,
        response: { 200: okSchema(z.boolean()) },
      },
    },
    async (request) => {
      const me = userOf(request);
      await db.transaction((tx) => deleteAdminUser(tx, actorOf(request), me, request.query.id));
      return ok(true);
    },
  );
};
