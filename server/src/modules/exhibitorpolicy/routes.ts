import { exhibitionIdQuery, exhibitorPolicy, exhibitorPolicyPutBody, ok as okSchema, SettingType, type ExhibitorPolicy } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import type { Executor } from '../../db/client.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { cleanRichText, sanitizeRichText } from '../../http/rich-text.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { visibleExhibition, writableExhibition } from '../exhibition/service.ts';
import { readSettingRow, writeSettingRow } from '../settings/service.ts';

/**
 * The participation policy (参展须知) of an exhibition: kept as one row of the generic settings
 * table (type Exhibition, scope the exhibition id, name `exhibitorPolicy`), so no table of its own.
 */
const key = (exhibitionId: string) => ({ type: SettingType.Exhibition, scope: exhibitionId, name: 'exhibitorPolicy' });

async function readPolicy(db: Executor, exhibitionId: string): Promise<ExhibitorPolicy> {
  const row = await readSettingRow(db, key(exhibitionId));
  const value = (row?.value ?? {}) as { content?: unknown; contentEn?: unknown };
  // Sanitised again on the way out: the generic settings calls can write this row too.
  const read = (v: unknown) => (typeof v === 'string' ? sanitizeRichText(v) : '');
  return { exhibitionId, content: read(value.content), contentEn: read(value.contentEn), updateAt: row?.updatedAt.toISOString() ?? null };
}

export const exhibitorPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['settings'];

  app.get(
    '/api/v3/exhibitorpolicy',
    {
      config: { permission: 'settings.read' },
      schema: { summary: "An exhibition's participation policy (参展须知), sanitised HTML in Chinese and English: its host, or an exhibitor of it", tags, querystring: exhibitionIdQuery, response: { 200: okSchema(exhibitorPolicy) } },
    },
    async (request) => {
      await visibleExhibition(db, userOf(request), request.query.exhibitionId);
      return ok(await readPolicy(db, request.query.exhibitionId));
    },
  );

  app.put(
    '/api/v3/exhibitorpolicy',
    {
      config: { permission: 'settings.manage' },
      schema: {
        summary: 'Replace the participation policy of an exhibition (its host): HTML is reduced to an allow-list (no scripts, styles, frames or event handlers); empty text clears it',
        tags,
        querystring: exhibitionIdQuery,
        body: exhibitorPolicyPutBody,
        response: { 200: okSchema(exhibitorPolicy) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId } = request.query;
      await writableExhibition(db, p, exhibitionId);
      const clean = await cleanRichText(request.server.deps, { content: request.body.content, contentEn: request.body.contentEn });
      await db.transaction(async (tx) => {
        const exh = await writableExhibition(tx, p, exhibitionId);
        const { before } = await writeSettingRow(tx, { ...key(exhibitionId), displayName: '参展须知', hostId: exh.hostId, exhibitionId }, () => clean);
        await writeOpLog(tx, actorOf(request), { action: 'exhibitorPolicy.update', targetType: 'exhibition', targetId: exhibitionId, hostId: exh.hostId, before: before?.value ?? null, after: clean });
      });
      return ok(await readPolicy(db, exhibitionId));
    },
  );
};
