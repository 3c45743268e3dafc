import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { AuditState, Role, toPage, type Journal, type journalContent, type journalQuery, type Page } from '@pavilion/contract';
import type { z } from 'zod';
import { registerAuditType, markDraft } from '../../audit/audit.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import type { WriteContext } from '../../core/write.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorJournal } from './tables.ts';
import { containing } from '../../db/like.ts';
import { auditedOf } from '../../audit/columns.ts';

type Row = typeof exhibitorJournal.$inferSelect;
type Content = z.infer<typeof journalContent>;
export const journalKeys = ['compName', 'compNameEn', 'logo', 'introduction', 'introductionEn', 'exhibits', 'exhibitsEn', 'contact', 'phone', 'email', 'website', 'address', 'addressEn'] as const;

registerAuditType({
  type: 'journal',
  table: exhibitorJournal,
  stateColumn: exhibitorJournal.auditState,
  reasonColumn: exhibitorJournal.auditReason,
  submitAtColumn: exhibitorJournal.submitAt,
  auditAtColumn: exhibitorJournal.auditAt,
  exhibitionIdColumn: exhibitorJournal.exhibitionId,
  exhibitorIdColumn: exhibitorJournal.exhibitorId,
  autoAudit: 'enabledAutoAuditExhibitor',
  title: (row: Row) => row.compName,
});

export const toJournal = (r: Row, who: { compId: string; companyName: string }): Journal => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  compId: who.compId,
  companyName: who.companyName,
  ...(Object.fromEntries(journalKeys.map((k) => [k, r[k] ?? null])) as Pick<Journal, (typeof journalKeys)[number]>),
  compName: r.compName,
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

const selection = { journal: exhibitorJournal, compId: company.id, companyName: company.name };
const base = (db: Executor) =>
  db.select(selection).from(exhibitorJournal).innerJoin(exhibitor, eq(exhibitor.id, exhibitorJournal.exhibitorId)).innerJoin(company, eq(company.id, exhibitor.companyId));
/** Hosts never see an exhibitor's draft. */
const visible = (p: UserPrincipal) => and(exhibitorScope(p), p.role === Role.Exhibitor ? undefined : ne(exhibitorJournal.auditState, AuditState.Draft));

export async function journalPage(db: Executor, p: UserPrincipal, q: z.infer<typeof journalQuery>): Promise<Page<Journal>> {
  const like = q.companyName ? containing(q.companyName) : null;
  const where = and(
    visible(p),
    q.exhibitionId ? eq(exhibitorJournal.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(exhibitorJournal.exhibitorId, q.exhibitorId) : undefined,
    q.auditState !== undefined ? eq(exhibitorJournal.auditState, q.auditState) : undefined,
    like ? or(ilike(company.name, like), ilike(exhibitorJournal.compName, like)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(exhibitorJournal)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorJournal.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(sql`${exhibitorJournal.submitAt} desc nulls last`, desc(exhibitorJournal.createdAt), desc(exhibitorJournal.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map((r) => toJournal(r.journal, r)), total, q);
}

/** One journal by its id, or the one of an exhibitor (null when it has none yet). */
export async function findJournal(db: Executor, p: UserPrincipal, by: { id?: string | undefined; exhibitorId?: string | undefined }): Promise<Journal | null> {
  const [row] = await base(db)
    .where(and(visible(p), by.id ? eq(exhibitorJournal.id, by.id) : undefined, by.exhibitorId ? eq(exhibitorJournal.exhibitorId, by.exhibitorId) : undefined))
    .limit(1);
  if (!row) {
    if (by.id) throw notFound('journal');
    if (by.exhibitorId) await loadExhibitor(db, p, by.exhibitorId);
    return null;
  }
  return toJournal(row.journal, row);
}

/**
 * Saves an exhibitor's catalogue entry: `replace` (PUT) sets every field, otherwise (PATCH) only
 * those sent. The exhibitor's save is submitted for audit (or kept as a draft); a host's is final.
 */
export async function saveJournal(ctx: WriteContext, isHost: boolean, body: Partial<Content> & { exhibitorId?: string | undefined; draft?: boolean }, replace: boolean): Promise<Journal> {
  const { tx, principal: p, actor } = ctx;
  if (isHost && p.role === Role.Exhibitor) throw forbidden();
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  const [existing] = await tx.select().from(exhibitorJournal).where(eq(exhibitorJournal.exhibitorId, target.exhibitor.id));
  const content = Object.fromEntries(journalKeys.map((k) => [k, replace ? (body[k] ?? null) : body[k]]).filter(([, v]) => v !== undefined)) as Partial<Row>;
  if (!existing && !content.compName) throw fieldError('compName', 'required');
  const [row] = existing
    ? await tx.update(exhibitorJournal).set(content).where(eq(exhibitorJournal.id, existing.id)).returning()
    : await tx.insert(exhibitorJournal).values({ ...(content as Row), exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId }).returning();
  await writeOpLog(tx, actor, {
    action: existing ? 'exhibitorJournal.update' : 'exhibitorJournal.create',
    targetType: 'exhibitorJournal',
    targetId: row!.id,
    hostId: target.hostId,
    before: existing ? Object.fromEntries(Object.keys(content).map((k) => [k, existing[k as keyof Row] ?? null])) : null,
    after: content,
  });
  await afterOwnerSave(ctx, { type: 'journal', targetId: row!.id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: row!.compName, draft: body.draft });
  return (await findJournal(tx, p, { id: row!.id }))!;
}

export async function deleteJournal(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const [row] = await tx
    .select({ journal: exhibitorJournal, hostId: sql<string>`(select host_id from exhibition where id = ${exhibitorJournal.exhibitionId})` })
    .from(exhibitorJournal)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorJournal.exhibitorId))
    .where(and(visible(p), eq(exhibitorJournal.id, id)));
  if (!row) throw notFound('journal');
  if (row.journal.auditState === AuditState.Pending) await markDraft(tx, 'journal', id);
  await tx.delete(exhibitorJournal).where(eq(exhibitorJournal.id, id));
  await writeOpLog(tx, actor, { action: 'exhibitorJournal.delete', targetType: 'exhibitorJournal', targetId: id, hostId: row.hostId, before: row.journal });
}
