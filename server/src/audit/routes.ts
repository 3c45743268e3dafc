import {
  auditCounts,
  auditCountsQuery,
  auditDecisionBody,
  auditDecisionResult,
  auditDetail,
  auditDetailQuery,
  auditItem,
  auditListQuery,
  auditResyncBody,
  auditResyncResult,
  ok as okSchema,
  page,
  Role,
} from '@pavilion/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/guard.ts';
import { exhibitionScope } from '../auth/scope.ts';
import { notFound } from '../http/errors.ts';
import { actorOf, ok } from '../http/reply.ts';
import { exhibition } from '../core/tables.ts';
import { decideRecords, listAudits, pendingCounts, resync } from './audit.ts';
import { auditDetailOf } from './detail.ts';

/** The request api's `/api/Audit` calls: the host's queue across types, decisions, re-sync and badges. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['audit'];

  app.post(
    '/api/Audit/GetAuditList',
    {
      config: { permission: 'audit.read' },
      schema: { summary: "The audit queue across types (a host's exhibitions; an exhibitor's own submissions); drafts never listed; pending first", tags, body: auditListQuery, response: { 200: okSchema(page(auditItem)) } },
    },
    async (request) => ok(await listAudits(db, userOf(request), request.body)),
  );

  app.get(
    '/api/Audit/GetAuditDetail',
    {
      config: { permission: 'audit.decide' },
      schema: {
        summary: "What was submitted of one target (`type`, `id` the target's id): its latest submission and each described field as submitted and as last approved, with what changed; 404 when it was never submitted or is not the caller's to audit",
        tags,
        querystring: auditDetailQuery,
        response: { 200: okSchema(auditDetail) },
      },
    },
    async (request) => ok(await auditDetailOf(db, userOf(request), request.query.type, request.query.id)),
  );

  app.post(
    '/api/Audit/Audit',
    {
      config: { permission: 'audit.decide' },
      schema: { summary: 'Approve or reject queue items by their ids (all or none); a reason is required to reject; one operation-log row per decision', tags, body: auditDecisionBody, response: { 200: okSchema(auditDecisionResult) } },
    },
    async (request) => {
      const items = await db.transaction((tx) => decideRecords(tx, actorOf(request), request.body));
      return ok({ decided: items.length, items });
    },
  );

  app.post(
    '/api/Audit/ReSync',
    {
      config: { permission: 'audit.decide' },
      schema: { summary: "Rebuild the queue from the targets' states (one exhibition, or all the caller's) and answer the counts", tags, body: auditResyncBody, response: { 200: okSchema(auditResyncResult) } },
    },
    async (request) => {
      const p = userOf(request);
      return ok(await db.transaction((tx) => resync(tx, actorOf(request), p, request.body.exhibitionId)));
    },
  );

  app.get(
    '/api/Audit/GetHasAuditInfos',
    {
      config: { permission: 'audit.read' },
      schema: { summary: 'Pending items per type, for badges (one exhibition, or all the caller may see)', tags, querystring: auditCountsQuery, response: { 200: okSchema(auditCounts) } },
    },
    async (request) => {
      const p = userOf(request);
      const { exhibitionId } = request.query;
      if (exhibitionId) {
        const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(exhibitionScope(p), eq(exhibition.id, exhibitionId)));
        if (!row) throw notFound('exhibition');
      } else if (p.role === Role.Exhibitor && !p.exhibitorId) throw notFound('exhibition');
      return ok(await pendingCounts(db, p, exhibitionId));
    },
  );
};
