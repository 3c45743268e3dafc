import { eq } from 'drizzle-orm';
import { AuditState, lintel as lintelSchema, lintelPatchBody, lintelPatchQuery, lintelQuery, ok as okSchema, Role, type Lintel } from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAuditType } from '../../audit/audit.ts';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { actorOf, ok } from '../../http/reply.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { checkText } from '../../sensitive/check.ts';
import { loadExhibitor } from '../exhibitor/service.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import { inTransaction } from '../../core/write.ts';
import { exhibitorLintel } from './tables.ts';

type Row = typeof exhibitorLintel.$inferSelect;

registerAuditType({
  type: 'lintel',
  table: exhibitorLintel,
  stateColumn: exhibitorLintel.auditState,
  reasonColumn: exhibitorLintel.auditReason,
  submitAtColumn: exhibitorLintel.submitAt,
  auditAtColumn: exhibitorLintel.auditAt,
  exhibitionIdColumn: exhibitorLintel.exhibitionId,
  exhibitorIdColumn: exhibitorLintel.exhibitorId,
  autoAudit: 'enabledAutoAuditExhibitor',
  title: (row: Row) => row.name,
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An exhibitor's lintel, or an empty one (state draft) before it has been filled in. Hosts never read a draft's text. */
async function readLintel(db: Executor, p: UserPrincipal, exhibitorId: string): Promise<Lintel> {
  const t = await loadExhibitor(db, p, exhibitorId);
  const [row] = await db.select().from(exhibitorLintel).where(eq(exhibitorLintel.exhibitorId, t.exhibitor.id));
  const who = { exhibitorId: t.exhibitor.id, exhibitionId: t.exhibitor.exhibitionId, compId: t.company.id, companyName: t.company.name };
  const shown = row && (p.role === Role.Exhibitor || row.auditState !== AuditState.Draft) ? row : null;
  return {
    id: shown?.id ?? null,
    ...who,
    name: shown?.name ?? null,
    nameEn: shown?.nameEn ?? null,
    auditState: (shown?.auditState ?? AuditState.Draft) as AuditState,
    auditReason: shown?.auditReason ?? null,
    submitAt: iso(shown?.submitAt ?? null),
    auditAt: iso(shown?.auditAt ?? null),
    updateAt: iso(shown?.updatedAt ?? null),
  };
}

/** The booth fascia (楣板, ExLintel / admin lintel): the exhibitor submits it for audit, the host edits it (`isHost=true`). */
export const lintelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['exhibitorLintel'];

  app.get(
    '/api/v3/exhibitorlintel',
    { config: { permission: 'exhibitorLintel.read' }, schema: { summary: 'An exhibitor’s lintel with its audit state and reason (empty, state -3, before it is filled in)', tags, querystring: lintelQuery, response: { 200: okSchema(lintelSchema) } } },
    async (request) => ok(await readLintel(db, userOf(request), request.query.exhibitorId)),
  );

  app.patch(
    '/api/v3/exhibitorlintel',
    {
      config: { permission: 'exhibitorLintel.write' },
      schema: {
        summary: 'Change the lintel’s fields sent (`name` is needed the first time): the exhibitor’s change is submitted for audit; `isHost=true` is the host’s edit, final at once',
        tags,
        querystring: lintelPatchQuery,
        body: lintelPatchBody,
        response: { 200: okSchema(lintelSchema) },
      },
    },
    async (request) => {
      // Checked before the transaction: the word list is read outside it (PGlite has one connection).
      const text = await checkText(request.server.deps, Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)));
      return ok(
        await inTransaction(app, request, async (ctx) => {
          const { tx, principal: p } = ctx;
          if (request.query.isHost && p.role === Role.Exhibitor) throw forbidden();
          const t = await loadExhibitor(tx, p, request.query.exhibitorId);
          const [existing] = await tx.select().from(exhibitorLintel).where(eq(exhibitorLintel.exhibitorId, t.exhibitor.id));
          const change = text as Partial<Row>;
          if (!existing && !change.name) throw fieldError('name', 'required');
          const [row] = existing
            ? await tx.update(exhibitorLintel).set(change).where(eq(exhibitorLintel.id, existing.id)).returning()
            : await tx.insert(exhibitorLintel).values({ name: change.name!, nameEn: change.nameEn ?? null, exhibitorId: t.exhibitor.id, exhibitionId: t.exhibitor.exhibitionId }).returning();
          if (!row) throw notFound('lintel');
          await writeOpLog(tx, actorOf(request), {
            action: existing ? 'exhibitorLintel.update' : 'exhibitorLintel.create',
            targetType: 'exhibitorLintel',
            targetId: row.id,
            hostId: t.hostId,
            before: existing ? { name: existing.name, nameEn: existing.nameEn } : null,
            after: { name: row.name, nameEn: row.nameEn },
          });
          await afterOwnerSave(ctx, { type: 'lintel', targetId: row.id, exhibitionId: row.exhibitionId, exhibitorId: row.exhibitorId, title: row.name });
          return readLintel(tx, p, t.exhibitor.id);
        }),
      );
    },
  );
};
