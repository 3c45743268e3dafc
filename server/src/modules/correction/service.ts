import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { AuditState, ErrorCode, Role, toPage, type Correction, type correctionCreateBody, type correctionQuery, type Page } from '@pavilion/contract';
import type { Deps } from '../../deps.ts';
import type { z } from 'zod';
import { checkText } from '../../sensitive/check.ts';
import { markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import type { WriteContext } from '../../core/write.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { exhibitorCorrection } from './tables.ts';

type Row = typeof exhibitorCorrection.$inferSelect;
const COMPANY_FIELDS = ['name', 'nameEn', 'logo', 'region', 'address'] as const;
const EXHIBITOR_FIELDS = ['boothArea', 'boothInfo', 'banner'] as const;

/**
 * Applies an accepted correction to the company and the join, in the decision's transaction, and
 * logs the change (`exhibitor.correction.apply`, before and after).
 */
async function applyCorrection(tx: Executor, row: Row, actor: Parameters<typeof writeOpLog>[1]) {
  const [target] = await tx
    .select({ exhibitor, company, hostId: exhibition.hostId })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .where(eq(exhibitor.id, row.exhibitorId));
  if (!target) throw notFound('exhibitor');
  const pick = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.filter((k) => k in row.changes).map((k) => [k, row.changes[k] ?? null])) as Partial<Record<K, string | null>>;
  const companyChange = pick(COMPANY_FIELDS);
  const exhibitorChange = pick(EXHIBITOR_FIELDS);
  if (Object.keys(companyChange).length) await tx.update(company).set(companyChange as Partial<typeof company.$inferInsert>).where(eq(company.id, target.company.id));
  if (Object.keys(exhibitorChange).length) await tx.update(exhibitor).set(exhibitorChange).where(eq(exhibitor.id, target.exhibitor.id));
  await tx.update(exhibitorCorrection).set({ appliedAt: new Date() }).where(eq(exhibitorCorrection.id, row.id));
  const current = { ...target.company, ...target.exhibitor } as Record<string, unknown>;
  await writeOpLog(tx, actor, {
    action: 'exhibitor.correction.apply',
    targetType: 'exhibitor',
    targetId: target.exhibitor.id,
    hostId: target.hostId,
    before: Object.fromEntries(Object.keys(row.changes).map((k) => [k, current[k] ?? null])),
    after: row.changes,
  });
}

registerAuditType({
  type: 'correction',
  table: exhibitorCorrection,
  stateColumn: exhibitorCorrection.auditState,
  reasonColumn: exhibitorCorrection.auditReason,
  submitAtColumn: exhibitorCorrection.submitAt,
  auditAtColumn: exhibitorCorrection.auditAt,
  exhibitionIdColumn: exhibitorCorrection.exhibitionId,
  exhibitorIdColumn: exhibitorCorrection.exhibitorId,
  autoAudit: 'enabledAutoAuditExhibitor',
  title: (row: Row) => Object.keys(row.changes).join(', '),
  async onDecided(tx, row: Row, decision) {
    if (decision.approve) await applyCorrection(tx, row, decision.actor);
  },
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toCorrection = (r: Row, who: { compId: string; companyName: string }): Correction => ({
  id: r.id,
  exhibitorId: r.exhibitorId,
  exhibitionId: r.exhibitionId,
  compId: who.compId,
  companyName: who.companyName,
  changes: r.changes,
  before: r.before,
  remark: r.remark,
  auditState: r.auditState as AuditState,
  auditReason: r.auditReason,
  submitAt: iso(r.submitAt),
  auditAt: iso(r.auditAt),
  appliedAt: iso(r.appliedAt),
  createAt: r.createdAt.toISOString(),
});

/** Deleted requests are gone for everyone; hosts never see an exhibitor's draft. */
const visible = (p: UserPrincipal) => and(exhibitorScope(p), isNull(exhibitorCorrection.deletedAt), p.role === Role.Exhibitor ? undefined : ne(exhibitorCorrection.auditState, AuditState.Draft));
const selection = { correction: exhibitorCorrection, compId: company.id, companyName: company.name };

export async function correctionPage(db: Executor, p: UserPrincipal, q: z.infer<typeof correctionQuery>): Promise<Page<Correction>> {
  const where = and(
    visible(p),
    q.exhibitionId ? eq(exhibitorCorrection.exhibitionId, q.exhibitionId) : undefined,
    q.exhibitorId ? eq(exhibitorCorrection.exhibitorId, q.exhibitorId) : undefined,
    q.auditState !== undefined ? eq(exhibitorCorrection.auditState, q.auditState) : undefined,
  );
  const from = () =>
    db.select(selection).from(exhibitorCorrection).innerJoin(exhibitor, eq(exhibitor.id, exhibitorCorrection.exhibitorId)).innerJoin(company, eq(company.id, exhibitor.companyId));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(exhibitorCorrection)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorCorrection.exhibitorId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(desc(exhibitorCorrection.createdAt), desc(exhibitorCorrection.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map((r) => toCorrection(r.correction, r)), total, q);
}

/**
 * An exhibitor asks to correct its company's or join's data. Refused (4030) when the exhibition's
 * `enabledExhibitorCorrection` is off. Submitted for audit: the host accepts (the values are
 * written) or rejects; with `enabledAutoAuditExhibitor` on it is applied at once.
 */
/** Sensitive words, named as sent (`changes.name`, `remark`); in mask mode the masked values. Call it before the transaction. */
export async function checkCorrectionText(deps: Deps, body: z.infer<typeof correctionCreateBody>): Promise<z.infer<typeof correctionCreateBody>> {
  const checked: Record<string, string | null | undefined> = await checkText(deps, {
    ...Object.fromEntries(Object.entries(body.changes).map(([k, v]) => [`changes.${k}`, v])),
    remark: body.remark ?? null,
  });
  const changes = Object.fromEntries(Object.keys(body.changes).map((k) => [k, checked[`changes.${k}`]]));
  return { ...body, changes, remark: checked.remark ?? null };
}

export async function createCorrection(ctx: WriteContext, body: z.infer<typeof correctionCreateBody>): Promise<Correction> {
  const { tx, principal: p, actor } = ctx;
  const t = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  if (!(await getExhibitionSettings(tx, t.exhibitor.exhibitionId)).enabledExhibitorCorrection) throw new AppError(ErrorCode.OrganizerFeatureOff);
  const sent = Object.fromEntries(Object.entries(body.changes).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
  const remark = body.remark ?? null;
  const current = { ...t.company, ...t.exhibitor } as Record<string, unknown>;
  const before = Object.fromEntries(Object.keys(sent).map((k) => [k, (current[k] as string | null | undefined) ?? null]));
  const [row] = await tx
    .insert(exhibitorCorrection)
    .values({ exhibitorId: t.exhibitor.id, exhibitionId: t.exhibitor.exhibitionId, changes: sent, before, remark: remark ?? null })
    .returning();
  await writeOpLog(tx, actor, { action: 'exhibitorCorrection.create', targetType: 'exhibitorCorrection', targetId: row!.id, hostId: t.hostId, before, after: sent });
  await submitForAudit(tx, actor, { type: 'correction', targetId: row!.id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: `${t.company.name}: ${Object.keys(sent).join(', ')}` });
  const [fresh] = await tx.select().from(exhibitorCorrection).where(eq(exhibitorCorrection.id, row!.id));
  return toCorrection(fresh!, { compId: t.company.id, companyName: t.company.name });
}

/** Deletes a correction request (the exhibitor its own, the host one of its exhibitions'); a pending one leaves the queue. */
export async function deleteCorrection(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const [row] = await tx
    .select({ correction: exhibitorCorrection, hostId: exhibition.hostId })
    .from(exhibitorCorrection)
    .innerJoin(exhibitor, eq(exhibitor.id, exhibitorCorrection.exhibitorId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitorCorrection.exhibitionId))
    .where(and(visible(p), eq(exhibitorCorrection.id, id)));
  if (!row) throw notFound('correction');
  if (row.correction.auditState === AuditState.Pending) await markDraft(tx, 'correction', id);
  await tx.update(exhibitorCorrection).set({ deletedAt: new Date() }).where(eq(exhibitorCorrection.id, id));
  await writeOpLog(tx, actor, { action: 'exhibitorCorrection.delete', targetType: 'exhibitorCorrection', targetId: id, hostId: row.hostId, before: { changes: row.correction.changes, auditState: row.correction.auditState } });
}
