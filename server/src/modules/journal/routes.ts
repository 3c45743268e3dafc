import {
  idQuery,
  cacheBuster,
  isHostQuery,
  journal,
  journalGetQuery,
  journalPatchBody,
  journalPutBody,
  journalQuery,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { ok } from '../../http/reply.ts';
import { exhibitorIdFor } from '../exhibitor/service.ts';
import { inTransaction } from '../../core/write.ts';
import { checkText } from '../../sensitive/check.ts';
import { deleteJournal, findJournal, journalKeys, journalPage, saveJournal } from './service.ts';

/** The catalogue entry (会刊, ExJournal / admin/periodical): the exhibitor submits, the host edits and audits. */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibitorJournal'];

  app.post(
    '/api/v3/exhibitorjournal/query',
    {
      config: { permission: 'exhibitorJournal.read' },
      schema: { summary: "Catalogue entries: the host's exhibitions' (drafts never), the exhibitor's own; newest submission first", tags, body: journalQuery, response: { 200: okSchema(page(journal)) } },
    },
    async (request) => ok(await journalPage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/exhibitorjournal',
    {
      config: { permission: 'exhibitorJournal.read' },
      schema: { summary: 'One catalogue entry by `id`, or an exhibitor’s by `exhibitorId` (null when none yet; an exhibitor without either gets its own), with its audit state and reason', tags, querystring: journalGetQuery, response: { 200: okSchema(journal.nullable()) } },
    },
    async (request) => {
      const p = userOf(request);
      const { id, exhibitorId } = request.query;
      return ok(await findJournal(db, p, id ? { id } : { exhibitorId: exhibitorIdFor(p, exhibitorId) }));
    },
  );

  for (const [method, body, replace] of [
    ['PUT', journalPutBody, true],
    ['PATCH', journalPatchBody, false],
  ] as const)
    app.route({
      method,
      url: '/api/v3/exhibitorjournal',
      config: { permission: 'exhibitorJournal.write' },
      schema: {
        summary:
          method === 'PUT'
            ? 'Save the whole catalogue entry (absent fields are cleared). An exhibitor’s save is submitted for audit (`draft: true` keeps it unsubmitted); `isHost=true` is the host editing it, final at once'
            : 'Change the catalogue entry’s fields sent; submitted for audit as PUT',
        tags,
        querystring: isHostQuery,
        body,
        response: { 200: okSchema(journal) },
      },
      handler: async (request) => {
        // Checked before the transaction: the word list is read outside it (PGlite has one connection).
        const body = { ...request.body, ...(await checkText(request.server.deps, Object.fromEntries(journalKeys.map((k) => [k, request.body[k]])))) };
        return ok(await inTransaction(app, request, (ctx) => saveJournal(ctx, request.query.isHost, body, replace)));
      },
    });

  app.delete(
    '/api/v3/exhibitorjournal',
    { config: { permission: 'exhibitorJournal.write' }, schema: { summary: 'Delete a catalogue entry (the exhibitor its own, the host one of its exhibitions’)', tags, querystring: idQuery.extend(cacheBuster.shape), response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteJournal(ctx, request.query.id));
      return ok(true);
    },
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/exhibitorjournal/audit',
    type: 'journal',
    permission: 'exhibitorJournal.audit',
    summary: 'Approve or reject catalogue entries by their ids (all or none; a reason to reject)',
    tags,
  });
};
