import { formDefinition, formQuery, formWrite, formWriteQuery, ok as okSchema, saveFormBody } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { exhibitionOfItem, readAnswers, readVisibleForm, saveForm } from './service.ts';

const tags = ['form'];
/** The exhibition whose `audience` feature the call needs: the form's item, or a visitor group's exhibition (docs/forms.md). */
const itemOf = async (request: FastifyRequest) => {
  const from = (o: unknown) => (o && typeof o === 'object' && typeof (o as { itemId?: unknown }).itemId === 'string' ? (o as { itemId: string }).itemId : null);
  const itemId = from(request.query) ?? from(request.body);
  return itemId ? (await exhibitionOfItem(request.server.deps.db, itemId)).exhibitionId : null;
};

/** The form builder of part 2 §3 (docs/forms.md). */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    '/api/v3/form',
    {
      config: { permission: 'settings.read' },
      schema: { summary: 'The form of an item (the exhibition, or a visitor group: forms 1 and 2, its host only): 1 visitor (Chinese), 2 visitor (English), 3 exhibitor registration, 4 survey; a group without its own answers the exhibition\'s; the defaults until the host saves one', tags, querystring: formQuery, response: { 200: okSchema(formDefinition) } },
    },
    async (request) => ok(await readVisibleForm(db, userOf(request), request.query.itemId, request.query.formType)),
  );

  app.post(
    '/api/v3/form/update/formitem',
    {
      config: { permission: 'settings.manage', feature: 'audience', featureExhibition: itemOf },
      schema: { summary: 'Replace the item list of a form; names unique, checks and patterns valid, locked items kept', tags, body: saveFormBody, response: { 200: okSchema(formDefinition) } },
    },
    async (request) => ok(await inTransaction(app, request, (ctx) => saveForm(ctx, request.body))),
  );

  app.get(
    '/api/v3/formwrite/by',
    {
      config: { permission: 'formWrite.read', feature: 'audience', featureExhibition: itemOf },
      schema: { summary: "A user's answers to a form: the exhibition's host reads its visitors', a user its own", tags, querystring: formWriteQuery, response: { 200: okSchema(formWrite) } },
    },
    async (request) => ok(await readAnswers(db, userOf(request), request.query)),
  );
};
