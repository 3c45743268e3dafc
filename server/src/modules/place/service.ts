import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import { AuditState, Role, type ExhibitorPlace, type Page, type PlaceContent, type PlaceRecord, type placeQuery } from '@pavilion/contract';
import type { z } from 'zod';
import { registerAuditType } from '../../audit/audit.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, exhibitorScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import type { WriteContext } from '../../core/write.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorPlace } from './tables.ts';
import { containing } from '../../db/like.ts';
import { pageOf } from '../../db/page.ts';
import { auditedOf } from '../../audit/columns.ts';

type Row = typeof exhibitorPlace.$inferSelect;

/** The content keys, in the order the op-log and the comparison use. */
export const placeKeys = ['boothType', 'contractorName', 'contractorContact', 'contractorPhone', 'siteManager', 'siteManagerPhone', 'powerKw', 'remark', 'drawings'] as const;
/** The free-text keys checked for sensitive words. */
export const placeTextKeys = ['contractorName', 'contractorContact', 'siteManager', 'remark'] as const;

// Build-up data is the join's data: the exhibitor switch (as for the catalogue entry and the lintel) approves it at once.
registerAuditType({
  type: 'place',
  table: exhibitorPlace,
  stateColumn: exhibitorPlace.auditState,
  reasonColumn: exhibitorPlace.auditReason,
  submitAtColumn: exhibitorPlace.submitAt,
  auditAtColumn: exhibitorPlace.auditAt,
  exhibitionIdColumn: exhibitorPlace.exhibitionId,
  exhibitorIdColumn: exhibitorPlace.exhibitorId,
  autoAudit: 'enabledAutoAuditExhibitor',
  title: async (row: Row, tx) => {
    const [c] = await tx.select({ name: company.name }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).where(eq(exhibitor.id, row.exhibitorId));
    return c?.name ?? null;
  },
});


export const toPlaceRecord = (r: Row): PlaceRecord => ({
  id: r.id,
  boothType: r.boothType as PlaceRecord['boothType'],
  contractorName: r.contractorName,
  contractorContact: r.contractorContact,
  contractorPhone: r.contractorPhone,
  siteManager: r.siteManager,
  siteManagerPhone: r.siteManagerPhone,
  powerKw: r.powerKw,
  remark: r.remark,
  drawings: r.drawings ?? [],
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

const selection = {
  exhibitorId: exhibitor.id,
  exhibitionId: exhibitor.exhibitionId,
  compId: company.id,
  companyName: company.name,
  companyNameEn: company.nameEn,
  boothInfo: exhibitor.boothInfo,
  boothArea: exhibitor.boothArea,
  place: exhibitorPlace,
};
type Joined = { exhibitorId: string; exhibitionId: string; compId: string; companyName: string; companyNameEn: string | null; boothInfo: string | null; boothArea: string | null; place: Row | null };
const toExhibitorPlace = (r: Joined): ExhibitorPlace => ({ ...r, place: r.place ? toPlaceRecord(r.place) : null });

/** Live exhibitors the principal reaches (hosts never see a join still in draft), with their company. */
const reach = (p: UserPrincipal) => and(exhibitorScope(p), isNull(company.deletedAt), p.role === Role.Exhibitor ? undefined : ne(exhibitor.auditState, AuditState.Draft));


/** One exhibitor's booth and build-up data (`place: null` until first saved); 404 outside the principal's reach. */
export async function readPlace(db: Executor, p: UserPrincipal, exhibitorId: string): Promise<ExhibitorPlace> {
  const [row] = await db
    .select(selection)
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(exhibitorPlace, eq(exhibitorPlace.exhibitorId, exhibitor.id))
    .where(and(reach(p), eq(exhibitor.id, exhibitorId)))
    .limit(1);
  if (!row) throw notFound('exhibitor');
  return toExhibitorPlace(row);
}

/**
 * Every exhibitor of the host's exhibition with its booth and build-up data (left join: the
 * "not submitted" ones too). Scope first; an exhibition out of reach is a 404, not an empty page.
 * Pending first (the audit screen's order), then by the exhibitor list's order.
 */
export async function placePage(db: Executor, p: UserPrincipal, q: z.infer<typeof placeQuery>): Promise<Page<ExhibitorPlace>> {
  if (q.exhibitionId) {
    const [exh] = await db.select({ id: exhibition.id }).from(exhibition).where(and(exhibitionScope(p), eq(exhibition.id, q.exhibitionId)));
    if (!exh) throw notFound('exhibition');
  }
  const like = q.keyword ? containing(q.keyword) : null;
  const hasPlace = q.auditState !== undefined || q.boothType !== undefined ? true : q.hasPlace;
  const where: SQL | undefined = and(
    reach(p),
    q.exhibitionId ? eq(exhibitor.exhibitionId, q.exhibitionId) : undefined,
    like ? or(ilike(company.name, like), ilike(company.nameEn, like), ilike(exhibitor.boothInfo, like), ilike(exhibitorPlace.contractorName, like)) : undefined,
    hasPlace === undefined ? undefined : hasPlace ? isNotNull(exhibitorPlace.id) : isNull(exhibitorPlace.id),
    q.auditState !== undefined ? eq(exhibitorPlace.auditState, q.auditState) : undefined,
    q.boothType ? eq(exhibitorPlace.boothType, q.boothType) : undefined,
  );
  const from = () =>
    db
      .select(selection)
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .leftJoin(exhibitorPlace, eq(exhibitorPlace.exhibitorId, exhibitor.id));
  return pageOf(
    db.select({ total: count() }).from(exhibitor).innerJoin(company, eq(company.id, exhibitor.companyId)).leftJoin(exhibitorPlace, eq(exhibitorPlace.exhibitorId, exhibitor.id)).where(where),
    from()
      .where(where)
      .orderBy(asc(exhibitorPlace.auditState), desc(exhibitorPlace.submitAt), asc(exhibitor.showIndex), desc(exhibitor.createdAt), asc(exhibitor.id)),
    q,
    toExhibitorPlace,
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Replaces an exhibitor's build-up data. The exhibitor's change is submitted for audit (again,
 * after an approval); saving it unchanged keeps an approved or pending state. A host's (or the
 * administrator's) save is final at once. A raw space needs its contractor and a drawing.
 */
export async function savePlace(ctx: WriteContext, input: { isHost: boolean; exhibitorId: string | undefined; content: PlaceContent }): Promise<ExhibitorPlace> {
  const { tx, principal: p, actor } = ctx;
  if (input.isHost && p.role === Role.Exhibitor) throw forbidden();
  const c = input.content;
  if (c.boothType === 'raw') {
    for (const k of ['contractorName', 'contractorContact', 'contractorPhone'] as const) if (!c[k]) throw fieldError(k, 'required');
    if (!c.drawings.length) throw fieldError('drawings', 'required');
  }
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, input.exhibitorId));
  if (p.role !== Role.Exhibitor && target.exhibitor.auditState === AuditState.Draft) throw notFound('exhibitor');
  const values = Object.fromEntries(placeKeys.map((k) => [k, k === 'drawings' ? c.drawings : (c[k] ?? null)])) as Pick<Row, (typeof placeKeys)[number]>;
  const [existing] = await tx.select().from(exhibitorPlace).where(eq(exhibitorPlace.exhibitorId, target.exhibitor.id));
  const unchanged = existing && placeKeys.every((k) => same(existing[k], values[k]));
  const [row] = existing
    ? await tx.update(exhibitorPlace).set(values).where(eq(exhibitorPlace.id, existing.id)).returning()
    : await tx.insert(exhibitorPlace).values({ ...values, exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId }).returning();
  await writeOpLog(tx, actor, {
    action: existing ? 'exhibitorPlace.update' : 'exhibitorPlace.create',
    targetType: 'exhibitorPlace',
    targetId: row!.id,
    hostId: target.hostId,
    before: existing ? Object.fromEntries(placeKeys.map((k) => [k, existing[k]])) : null,
    after: values,
  });
  const keepsState = unchanged && p.role === Role.Exhibitor && (existing.auditState === AuditState.Approved || existing.auditState === AuditState.Pending);
  if (!keepsState) await afterOwnerSave(ctx, { type: 'place', targetId: row!.id, exhibitionId: row!.exhibitionId, exhibitorId: row!.exhibitorId, title: target.company.name });
  return readPlace(tx, p, target.exhibitor.id);
}
