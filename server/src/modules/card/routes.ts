import {
  card,
  cardCreateBody,
  cardGetQuery,
  cardPatchBody,
  cardPrintedBody,
  cardPrintedResult,
  cardQuery,
  ok as okSchema,
  page,
} from '@pavilion/contract';
import { auditDecisionRoute } from '../../audit/decision-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { inTransaction } from '../../core/write.ts';
import { cardPage, createCard, deleteCard, findCard, markPrinted, updateCard } from './service.ts';

/** Staff badges (参展证, ExCard / admin/card): the exhibitor hands them in, the host reviews and prints them. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibitorCard'];
  // Checked before the transaction: the word list is read outside it (PGlite has one connection).
  const checked = <T extends { name?: string | undefined; position?: string | undefined }>(body: T) =>
    checkText(app.deps, { name: body.name, position: body.position }).then((words) => ({ ...body, ...(body.name !== undefined ? { name: words.name } : {}), ...(body.position !== undefined ? { position: words.position } : {}) }) as T);

  app.post(
    '/api/v3/exhibitorcard/query',
    {
      config: { permission: 'exhibitorCard.read' },
      schema: {
        summary: 'Staff badges: the host’s exhibitions’ (filters keyword, companyName, auditState, printed, type), the exhibitor’s own with identity numbers masked; pending first',
        tags,
        body: cardQuery,
        response: { 200: okSchema(page(card)) },
      },
    },
    async (request) => ok(await cardPage(db, userOf(request), request.body)),
  );

  app.get(
    '/api/v3/exhibitorcard',
    { config: { permission: 'exhibitorCard.read' }, schema: { summary: 'One staff badge with its audit state and reason (identity number whole)', tags, querystring: cardGetQuery, response: { 200: okSchema(card) } } },
    async (request) => ok(await findCard(db, userOf(request), request.query.id)),
  );

  app.post(
    '/api/v3/exhibitorcard',
    {
      config: { permission: 'exhibitorCard.write' },
      schema: {
        summary: 'Add a staff badge. The exhibitor’s own is submitted for the host’s review (at most `CARD_LIMIT`, 10, live badges: 400 naming `exhibitorId` beyond); the host adds one for `exhibitorId`, approved at once',
        tags,
        body: cardCreateBody,
        response: { 200: okSchema(card) },
      },
    },
    async (request) => {
      const body = await checked(request.body);
      return ok(await inTransaction(app, request, (ctx) => createCard(ctx, body)));
    },
  );

  app.patch(
    '/api/v3/exhibitorcard',
    {
      config: { permission: 'exhibitorCard.write' },
      schema: {
        summary: 'Change the badge’s fields sent: the exhibitor’s change goes back to review, the host’s is final; either way it must be printed again',
        tags,
        querystring: cardGetQuery,
        body: cardPatchBody,
        response: { 200: okSchema(card) },
      },
    },
    async (request) => {
      const body = await checked(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateCard(ctx, request.query.id, body)));
    },
  );

  app.delete(
    '/api/v3/exhibitorcard',
    { config: { permission: 'exhibitorCard.write' }, schema: { summary: 'Delete a staff badge (the exhibitor its own, the host one of its exhibitions’)', tags, querystring: cardGetQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteCard(ctx, request.query.id));
      return ok(true);
    },
  );

  auditDecisionRoute(app, {
    method: 'POST',
    url: '/api/v3/exhibitorcard/audit',
    type: 'card',
    permission: 'exhibitorCard.audit',
    summary: 'Approve or reject pending staff badges by their ids (all or none; a reason to reject)',
    tags,
  });

  app.put(
    '/api/v3/exhibitorcard/printed',
    {
      config: { permission: 'exhibitorCard.print' },
      schema: {
        summary: 'Mark staff badges printed (approved ones only: 400 naming `ids` otherwise), or `printed: false` to print them again; all or none',
        tags,
        body: cardPrintedBody,
        response: { 200: okSchema(cardPrintedResult) },
      },
    },
    async (request) => ok({ updated: await inTransaction(app, request, (ctx) => markPrinted(ctx, request.body.ids, request.body.printed)) }),
  );
};
