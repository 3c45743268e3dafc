import {
  groupInvitations,
  groupQrQuery,
  groupRegisterPath,
  groupShares,
  groupSharePosters,
  ok as okSchema,
  putGroupInvitations,
  putGroupShares,
  putGroupSharePosters,
  putVisitorGroups,
  visitorGroups,
  visitorGroupsQuery,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { visibleExhibition } from '../exhibition/service.ts';
import { qrSvg, readGroups, readPerGroup, saveGroups, savePerGroup } from './service.ts';

const tags = ['visitor'];
const read = { permission: 'visitorGroup.read' } as const;
const manage = { permission: 'visitorGroup.manage', feature: 'audience' } as const;

/** Visitor groups of an exhibition and their invitation, share and poster settings (docs/visitor-groups.md). */
export const visitorGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    '/api/v1/settings/visitor/groups',
    { config: read, schema: { summary: "The exhibition's visitor groups in their order", tags, querystring: visitorGroupsQuery, response: { 200: okSchema(visitorGroups) } } },
    async (request) => {
      const { exhibitionId } = request.query;
      await visibleExhibition(db, userOf(request), exhibitionId);
      return ok({ exhibitionId, groups: await readGroups(db, exhibitionId) });
    },
  );

  app.put(
    '/api/v1/settings/visitor/groups',
    {
      config: manage,
      schema: { summary: 'Replace the groups (at most 50, names unique): a group sent with its id keeps it, a new one gets one; a group with registered visitors cannot be left out', tags, querystring: visitorGroupsQuery, body: putVisitorGroups, response: { 200: okSchema(visitorGroups) } },
    },
    async (request) => {
      const { exhibitionId } = request.query;
      const groups = await inTransaction(app, request, (ctx) => saveGroups(ctx, exhibitionId, request.body));
      return ok({ exhibitionId, groups });
    },
  );

  const perGroup = <K extends 'invitation' | 'share' | 'sharePoster'>(path: string, kind: K, answer: z.ZodType, body: z.ZodType, what: string) => {
    app.get(
      `/api/v1/settings/visitor/groups/${path}`,
      { config: read, schema: { summary: `Each group's ${what}, defaults where never saved`, tags, querystring: visitorGroupsQuery, response: { 200: okSchema(answer) } } },
      async (request) => {
        const { exhibitionId } = request.query;
        await visibleExhibition(db, userOf(request), exhibitionId);
        return ok({ exhibitionId, items: await readPerGroup(db, exhibitionId, kind) });
      },
    );
    app.put(
      `/api/v1/settings/visitor/groups/${path}`,
      { config: manage, schema: { summary: `Replace the ${what} of the groups named; the others keep theirs`, tags, querystring: visitorGroupsQuery, body, response: { 200: okSchema(answer) } } },
      async (request) => {
        const { exhibitionId } = request.query;
        const { items } = request.body as { items: Parameters<typeof savePerGroup<K>>[3] };
        await inTransaction(app, request, (ctx) => savePerGroup(ctx, exhibitionId, kind, items));
        return ok({ exhibitionId, items: await readPerGroup(db, exhibitionId, kind) });
      },
    );
  };
  perGroup('invitation', 'invitation', groupInvitations, putGroupInvitations, 'invitation page (background colour and image, content offset)');
  perGroup('share', 'share', groupShares, putGroupShares, 'share card (title, English title, summary, image)');
  perGroup('share-poster', 'sharePoster', groupSharePosters, putGroupSharePosters, 'share poster (background, QR position and size, caption colour)');

  app.get(
    '/api/v1/settings/visitor/groups/share-poster/qr',
    {
      config: read,
      schema: { summary: "The QR code (SVG) of a group's registration link on the Chinese (zh) or English (en) site, for the share poster", tags, querystring: groupQrQuery, produces: ['image/svg+xml'] },
    },
    async (request, reply) => {
      const { exhibitionId, groupId, lang } = request.query;
      await visibleExhibition(db, userOf(request), exhibitionId);
      if (!(await readGroups(db, exhibitionId)).some((g) => g.id === groupId)) throw notFound('visitorGroup');
      const origin = app.deps.config.publicUrl.replace(/\/$/, '') || `${request.protocol}://${request.host}`;
      const svg = await qrSvg(`${origin}${groupRegisterPath(exhibitionId, groupId, lang)}`);
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'private, max-age=300').send(svg);
    },
  );
};
