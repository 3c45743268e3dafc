import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  LiveApplyState,
  Role,
  toPage,
  type Activity,
  type ActivityBatchAuditBody,
  type ActivityCreateBody,
  type ActivityPatchBody,
  type ActivityPhase,
  type ActivityQuery,
  type Page,
  type PageRequest,
} from '@pavilion/contract';
import { decide, markDraft, registerAuditType } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import { afterOwnerSave } from '../../audit/owner-save.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition, exhibitionHall } from '../exhibition/tables.ts';
import { loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { getExhibitionSettings } from '../settings/service.ts';
import { activityScope } from './scope.ts';
import { activity, activityCategory, activitySchedule } from './tables.ts';
import { iso } from '../../http/time.ts';

export type ActivityRow = typeof activity.$inferSelect;

/** What the audit queue shows of a submitted activity (the contract's `auditDetailFields.activity`). */
const snapshotOf = (r: ActivityRow) => ({
  title: r.title,
  titleEn: r.titleEn,
  kind: r.kind,
  venue: r.venue,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  cover: r.cover,
  introductionZh: r.introductionZh,
  introductionEn: r.introductionEn,
});

registerAuditType({
  type: 'activity',
  table: activity,
  stateColumn: activity.auditState,
  reasonColumn: activity.auditReason,
  submitAtColumn: activity.submitAt,
  auditAtColumn: activity.auditAt,
  exhibitionIdColumn: activity.exhibitionId,
  exhibitorIdColumn: activity.exhibitorId,
  autoAudit: 'enabledAutoAuditActivity',
  title: (row: ActivityRow) => row.title,
  snapshot: snapshotOf,
  onDecided: (tx, row: ActivityRow) => refreshActivityCount(tx, row.exhibitorId),
});

/** The days of the programme are China Standard Time days, as every shown time (http/time.ts): UTC+8, no summer time. */
const DAY_OFFSET = '+08:00';
export function dayRange(day: string): [Date, Date] {
  const start = new Date(`${day}T00:00:00${DAY_OFFSET}`);
  return [start, new Date(start.getTime() + 24 * 3600 * 1000)];
}

export function phaseOf(r: Pick<ActivityRow, 'state' | 'startAt' | 'endAt'>, now = new Date()): ActivityPhase {
  if (r.state === 'cancelled') return 'cancelled';
  if (now < r.startAt) return 'upcoming';
  if (now < r.endAt) return 'ongoing';
  return 'ended';
}

/** The phase as a condition on the row (the same rule as `phaseOf`). */
export function phaseCondition(phase: ActivityPhase, now = new Date()): SQL {
  const published = eq(activity.state, 'published');
  if (phase === 'cancelled') return eq(activity.state, 'cancelled');
  if (phase === 'upcoming') return and(published, sql`${activity.startAt} > ${now}`)!;
  if (phase === 'ongoing') return and(published, sql`${activity.startAt} <= ${now}`, sql`${activity.endAt} > ${now}`)!;
  return and(published, sql`${activity.endAt} <= ${now}`)!;
}


export const toActivity = (r: ActivityRow, companyName: string | null, now = new Date()): Activity => ({
  id: r.id,
  exhibitionId: r.exhibitionId,
  exhibitorId: r.exhibitorId,
  companyName,
  categoryId: r.categoryId,
  hallId: r.hallId,
  kind: r.kind as Activity['kind'],
  title: r.title,
  titleEn: r.titleEn,
  cover: r.cover,
  introductionZh: r.introductionZh,
  introductionEn: r.introductionEn,
  venue: r.venue,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  regEnabled: r.regEnabled,
  regStartAt: iso(r.regStartAt),
  regEndAt: iso(r.regEndAt),
  capacity: r.capacity,
  waitlist: r.waitlist,
  regCount: r.regCount,
  waitCount: r.waitCount,
  viewCount: r.viewCount,
  state: r.state as Activity['state'],
  phase: phaseOf(r, now),
  liveApplyState: r.liveApplyState as Activity['liveApplyState'],
  liveApplyReason: r.liveApplyReason,
  liveAppliedAt: iso(r.liveAppliedAt),
  liveAuditAt: iso(r.liveAuditAt),
  liveOpen: r.liveOpen,
  isShow: r.isShow,
  showIndex: r.showIndex,
  ...auditedOf(r),
  createAt: r.createdAt.toISOString(),
  updateAt: r.updatedAt.toISOString(),
});

/** Rows with their exhibitor's company name (null for the host's own). */
const withCompany = (db: Executor) =>
  db
    .select({ activity, companyName: company.name, hostId: exhibition.hostId })
    .from(activity)
    .innerJoin(exhibition, eq(exhibition.id, activity.exhibitionId))
    .leftJoin(exhibitor, eq(exhibitor.id, activity.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId));

/** A host never sees an exhibitor's draft; an exhibitor sees its own drafts. */
const notDraft = (p: UserPrincipal) => (p.role === Role.Exhibitor ? undefined : ne(activity.auditState, AuditState.Draft));
export const visibleActivities = (p: UserPrincipal) => and(activityScope(p), notDraft(p))!;

export type ActivityFilter = Omit<ActivityQuery, 'pageIndex' | 'pageSize'>;

/** A category, or a root with its children. */
const inCategory = (categoryId: string) =>
  or(
    eq(activity.categoryId, categoryId),
    sql`${activity.categoryId} in (select ${activityCategory.id} from ${activityCategory} where ${activityCategory.parentId} = ${categoryId} and ${activityCategory.deletedAt} is null)`,
  );

/** An activity is on a day when it runs during any part of it. */
const onDay = (day: string) => {
  const [from, to] = dayRange(day);
  return and(sql`${activity.startAt} < ${to}`, sql`${activity.endAt} > ${from}`);
};

export function activityConditions(f: Omit<ActivityFilter, 'auditState'> & { auditState?: number | undefined }, now = new Date()): (SQL | undefined)[] {
  return [
    f.exhibitionId ? eq(activity.exhibitionId, f.exhibitionId) : undefined,
    f.exhibitorId ? eq(activity.exhibitorId, f.exhibitorId) : undefined,
    f.owner === 'host' ? isNull(activity.exhibitorId) : f.owner === 'exhibitor' ? isNotNull(activity.exhibitorId) : undefined,
    f.keyword ? or(ilike(activity.title, containing(f.keyword)), ilike(activity.titleEn, containing(f.keyword))) : undefined,
    f.kind ? eq(activity.kind, f.kind) : undefined,
    f.categoryId ? inCategory(f.categoryId) : undefined,
    f.hallId ? eq(activity.hallId, f.hallId) : undefined,
    f.day ? onDay(f.day) : undefined,
    f.auditState !== undefined ? eq(activity.auditState, f.auditState) : undefined,
    f.liveApplyState !== undefined ? eq(activity.liveApplyState, f.liveApplyState) : undefined,
    f.phase ? phaseCondition(f.phase, now) : undefined,
    f.isShow !== undefined ? eq(activity.isShow, f.isShow) : undefined,
  ];
}

const timeOrder = [asc(activity.startAt), asc(activity.showIndex), asc(activity.id)];

export async function activityPage(db: Executor, p: UserPrincipal, f: ActivityFilter, q: PageRequest): Promise<Page<Activity>> {
  const now = new Date();
  const where = and(visibleActivities(p), ...activityConditions(f, now))!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(activity).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await withCompany(db)
    .where(where)
    .orderBy(...timeOrder)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => toActivity(r.activity, r.companyName, now)),
    total,
    q,
  );
}

export async function loadActivity(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await withCompany(db)
    .where(and(visibleActivities(p), eq(activity.id, id)))
    .limit(1);
  if (!row) throw notFound('activity');
  return row;
}

export async function findActivity(db: Executor, p: UserPrincipal, id: string): Promise<Activity> {
  const row = await loadActivity(db, p, id);
  return toActivity(row.activity, row.companyName);
}

/** One exhibitor's activities (one the caller reaches), in time order. */
export async function activitiesOfExhibitor(db: Executor, p: UserPrincipal, exhibitorId: string): Promise<Activity[]> {
  await loadExhibitor(db, p, exhibitorId);
  const now = new Date();
  const rows = await withCompany(db)
    .where(and(visibleActivities(p), eq(activity.exhibitorId, exhibitorId)))
    .orderBy(...timeOrder);
  return rows.map((r) => toActivity(r.activity, r.companyName, now));
}

/**
 * `exhibitor.activity_count`, the number visitors see: the exhibitor's approved, shown, published activities.
 * Recounted in the transaction of every change that can move it.
 */
export async function refreshActivityCount(tx: Executor, exhibitorId: string | null): Promise<void> {
  if (!exhibitorId) return;
  await tx
    .update(exhibitor)
    .set({
      activityCount: sql`(select count(*)::int from ${activity} where ${activity.exhibitorId} = ${exhibitorId} and ${activity.deletedAt} is null and ${activity.isShow} and ${activity.state} = 'published' and ${activity.auditState} = ${AuditState.Approved})`,
    })
    .where(eq(exhibitor.id, exhibitorId));
}

type Content = Omit<ActivityCreateBody, 'exhibitionId' | 'exhibitorId' | 'draft'>;

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

function columnsOf(body: Partial<Content>): Partial<typeof activity.$inferInsert> {
  const out: Partial<typeof activity.$inferInsert> = {};
  if (body.title !== undefined) out.title = body.title;
  if (body.titleEn !== undefined) out.titleEn = body.titleEn || null;
  if (body.kind !== undefined) out.kind = body.kind;
  if (body.categoryId !== undefined) out.categoryId = body.categoryId ?? null;
  if (body.hallId !== undefined) out.hallId = body.hallId ?? null;
  if (body.cover !== undefined) out.cover = body.cover || null;
  if (body.introductionZh !== undefined) out.introductionZh = body.introductionZh;
  if (body.introductionEn !== undefined) out.introductionEn = body.introductionEn;
  if (body.venue !== undefined) out.venue = body.venue || null;
  if (body.startAt !== undefined) out.startAt = new Date(body.startAt);
  if (body.endAt !== undefined) out.endAt = new Date(body.endAt);
  if (body.regEnabled !== undefined) out.regEnabled = body.regEnabled;
  if (body.regStartAt !== undefined) out.regStartAt = toDate(body.regStartAt);
  if (body.regEndAt !== undefined) out.regEndAt = toDate(body.regEndAt);
  if (body.capacity !== undefined) out.capacity = body.capacity ?? null;
  if (body.waitlist !== undefined) out.waitlist = body.waitlist;
  if (body.isShow !== undefined) out.isShow = body.isShow;
  if (body.showIndex !== undefined) out.showIndex = body.showIndex;
  return out;
}

type Effective = Pick<ActivityRow, 'startAt' | 'endAt' | 'hallId' | 'categoryId' | 'regStartAt' | 'regEndAt' | 'state'> & { id: string | null; exhibitionId: string };

/**
 * The rules of docs/activities.md on the activity as it will be: times in order, the exhibition's toggles
 * (only what the body turns on is refused), hall and category of the activity's exhibition, no overlap in a hall.
 */
async function checkRules(tx: Executor, next: Effective, body: Partial<Content>, overlap: boolean) {
  if (next.endAt <= next.startAt) throw fieldError('endAt', 'afterStart');
  if (next.regStartAt && next.regEndAt && next.regEndAt <= next.regStartAt) throw fieldError('regEndAt', 'afterStart');
  const settings = await getExhibitionSettings(tx, next.exhibitionId);
  if (body.regEnabled && !settings.enabledActivityReg) throw fieldError('regEnabled', 'activityFunctionOff');
  if (body.categoryId && !settings.enabledActivityCategory) throw fieldError('categoryId', 'activityFunctionOff');
  if (body.hallId) {
    const [hall] = await tx
      .select({ id: exhibitionHall.id })
      .from(exhibitionHall)
      .where(and(eq(exhibitionHall.id, body.hallId), eq(exhibitionHall.exhibitionId, next.exhibitionId), isNull(exhibitionHall.deletedAt)));
    if (!hall) throw notFound('exhibitionHall');
  }
  if (body.categoryId) {
    const [cat] = await tx
      .select({ id: activityCategory.id })
      .from(activityCategory)
      .where(and(eq(activityCategory.id, body.categoryId), eq(activityCategory.exhibitionId, next.exhibitionId), isNull(activityCategory.deletedAt)));
    if (!cat) throw notFound('activityCategory');
  }
  if (overlap && next.hallId && next.state === 'published' && !settings.enabledConcurrentActivity) {
    // Serialises writes to one hall, so two requests cannot both pass the check.
    await tx.select({ id: exhibitionHall.id }).from(exhibitionHall).where(eq(exhibitionHall.id, next.hallId)).for('update');
    const [other] = await tx
      .select({ title: activity.title })
      .from(activity)
      .where(
        and(
          eq(activity.hallId, next.hallId),
          isNull(activity.deletedAt),
          eq(activity.state, 'published'),
          next.id ? ne(activity.id, next.id) : undefined,
          sql`${activity.startAt} < ${next.endAt}`,
          sql`${activity.endAt} > ${next.startAt}`,
        ),
      )
      .orderBy(asc(activity.startAt))
      .limit(1);
    if (other) throw new AppError(ErrorCode.ActivityOverlap, { title: other.title }, undefined, undefined, [{ field: 'startAt', issue: ErrorCode.ActivityOverlap, params: { title: other.title } }]);
  }
}

/** The agenda must stay inside the activity's times when they change. */
async function checkSchedulesInside(tx: Executor, id: string, startAt: Date, endAt: Date) {
  const [outside] = await tx
    .select({ id: activitySchedule.id })
    .from(activitySchedule)
    .where(and(eq(activitySchedule.activityId, id), or(sql`${activitySchedule.startAt} < ${startAt}`, sql`${activitySchedule.endAt} > ${endAt}`)))
    .limit(1);
  if (outside) throw fieldError('startAt', 'schedulesOutside');
}

/**
 * After a save: the host's own activity is approved as it stands (no audit); an exhibitor's goes through the shared
 * audit (the exhibitor's own save to the queue or auto-approved, a host's save final).
 */
export async function afterActivitySave(ctx: WriteContext, row: ActivityRow, draft?: boolean) {
  if (row.exhibitorId) {
    await afterOwnerSave(ctx, { type: 'activity', targetId: row.id, exhibitionId: row.exhibitionId, exhibitorId: row.exhibitorId, title: row.title, draft });
  } else if (row.auditState !== AuditState.Approved) {
    const now = new Date();
    await ctx.tx.update(activity).set({ auditState: AuditState.Approved, auditReason: null, submitAt: now, auditAt: now }).where(eq(activity.id, row.id));
  }
  await refreshActivityCount(ctx.tx, row.exhibitorId);
}

/** Where a new activity goes: the exhibitor's own exhibition, or an exhibition (and one of its exhibitors) the host reaches. */
async function placeOf(tx: Executor, p: UserPrincipal, body: ActivityCreateBody): Promise<{ exhibitionId: string; exhibitorId: string | null; hostId: string }> {
  if (p.role === Role.Exhibitor) {
    if (!p.exhibitorId || p.exhibitionId !== body.exhibitionId || (body.exhibitorId && body.exhibitorId !== p.exhibitorId)) throw notFound('exhibitor');
    const own = await loadExhibitor(tx, p, p.exhibitorId);
    return { exhibitionId: own.exhibitor.exhibitionId, exhibitorId: own.exhibitor.id, hostId: own.hostId };
  }
  const exh = await reachableExhibition(tx, p, body.exhibitionId);
  if (!body.exhibitorId) return { exhibitionId: exh.id, exhibitorId: null, hostId: exh.hostId };
  const target = await loadExhibitor(tx, p, body.exhibitorId);
  if (target.exhibitor.exhibitionId !== exh.id) throw notFound('exhibitor');
  return { exhibitionId: exh.id, exhibitorId: target.exhibitor.id, hostId: exh.hostId };
}

export async function createActivity(ctx: WriteContext, body: ActivityCreateBody): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const place = await placeOf(tx, p, body);
  const content = columnsOf(body);
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  await checkRules(tx, { id: null, exhibitionId: place.exhibitionId, startAt, endAt, hallId: body.hallId ?? null, categoryId: body.categoryId ?? null, regStartAt: toDate(body.regStartAt) ?? null, regEndAt: toDate(body.regEndAt) ?? null, state: 'published' }, body, true);
  const [row] = await tx
    .insert(activity)
    .values({ ...content, title: body.title, startAt, endAt, exhibitionId: place.exhibitionId, exhibitorId: place.exhibitorId })
    .returning();
  await writeOpLog(tx, actor, { action: 'activity.create', targetType: 'activity', targetId: row!.id, hostId: place.hostId, after: snapshotOf(row!) });
  await afterActivitySave(ctx, row!, body.draft);
  return findActivity(tx, p, row!.id);
}

export async function updateActivity(ctx: WriteContext, id: string, body: ActivityPatchBody): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  const before = existing.activity;
  const content = columnsOf(body);
  const next = { ...before, ...content } as ActivityRow;
  await checkRules(tx, next, body, body.startAt !== undefined || body.endAt !== undefined || body.hallId !== undefined);
  if (body.startAt !== undefined || body.endAt !== undefined) await checkSchedulesInside(tx, id, next.startAt, next.endAt);
  const changed = Object.keys(content) as (keyof ActivityRow)[];
  if (!changed.length && !body.draft) return toActivity(before, existing.companyName);
  const [row] = changed.length ? await tx.update(activity).set(content).where(eq(activity.id, id)).returning() : [before];
  await writeOpLog(tx, actor, {
    action: 'activity.update',
    targetType: 'activity',
    targetId: id,
    hostId: existing.hostId,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: content,
  });
  await afterActivitySave(ctx, row!, body.draft);
  return findActivity(tx, p, id);
}

/** Deletes an activity (soft); a pending one leaves the host's queue. */
export async function deleteActivity(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  if (existing.activity.auditState === AuditState.Pending) await markDraft(tx, 'activity', id);
  await tx.update(activity).set({ deletedAt: new Date() }).where(eq(activity.id, id));
  await writeOpLog(tx, actor, { action: 'activity.delete', targetType: 'activity', targetId: id, hostId: existing.hostId, before: snapshotOf(existing.activity) });
  await refreshActivityCount(tx, existing.activity.exhibitorId);
}

/** Publishes or cancels; publishing again must not overlap another activity of its hall. Not a content change: no new audit. */
export async function setActivityState(ctx: WriteContext, id: string, state: 'published' | 'cancelled'): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  const before = existing.activity;
  if (before.state === state) return toActivity(before, existing.companyName);
  if (state === 'published') await checkRules(tx, { ...before, state }, {}, true);
  await tx.update(activity).set({ state }).where(eq(activity.id, id));
  await writeOpLog(tx, actor, { action: state === 'cancelled' ? 'activity.cancel' : 'activity.publish', targetType: 'activity', targetId: id, hostId: existing.hostId, before: { state: before.state }, after: { state } });
  await refreshActivityCount(tx, before.exhibitorId);
  return findActivity(tx, p, id);
}

/** Shows or hides an activity on the visitor site; not a content change, so no new audit. */
export async function showActivity(ctx: WriteContext, id: string, isShow: boolean): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  await tx.update(activity).set({ isShow }).where(eq(activity.id, id));
  await writeOpLog(tx, actor, { action: isShow ? 'activity.show' : 'activity.hide', targetType: 'activity', targetId: id, hostId: existing.hostId, before: { isShow: existing.activity.isShow }, after: { isShow } });
  await refreshActivityCount(tx, existing.activity.exhibitorId);
  return findActivity(tx, p, id);
}

/** The activities of `ids` the principal reaches must all exist (404 otherwise): the audit calls' tenancy check. */
export async function checkReachableActivities(tx: Executor, p: UserPrincipal, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: activity.id })
    .from(activity)
    .where(and(visibleActivities(p), inArray(activity.id, unique)));
  if (rows.length !== unique.length) throw notFound('activity');
}

export async function activitiesByIds(tx: Executor, p: UserPrincipal, ids: readonly string[]): Promise<Activity[]> {
  if (!ids.length) return [];
  const now = new Date();
  const rows = await withCompany(tx)
    .where(and(visibleActivities(p), inArray(activity.id, [...ids])))
    .orderBy(...timeOrder);
  return rows.map((r) => toActivity(r.activity, r.companyName, now));
}

/** `POST /api/v3/batchaudit`: decides every pending exhibitor activity the filters match, within the caller's reach. */
export async function batchAudit(ctx: WriteContext, body: ActivityBatchAuditBody): Promise<number> {
  const { tx, principal: p, actor } = ctx;
  const { approve, reason, ...filter } = body;
  if (!approve && !reason?.trim()) throw new AppError(ErrorCode.ReasonRequired);
  if (filter.exhibitionId) await reachableExhibition(tx, p, filter.exhibitionId);
  const rows = await tx
    .select({ id: activity.id })
    .from(activity)
    .where(and(visibleActivities(p), isNotNull(activity.exhibitorId), ...activityConditions({ ...filter, auditState: AuditState.Pending })));
  if (!rows.length) return 0;
  const decided = await decide(tx, actor, { type: 'activity', ids: rows.map((r) => r.id), approve, reason: reason ?? null });
  return decided.length;
}

// ---- the live application: apply → audit → open ----

/** Asks to stream an activity: while none is pending or approved, and the activity is neither over nor cancelled. */
export async function applyLive(ctx: WriteContext, id: string, note: string | undefined): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  const row = existing.activity;
  const phase = phaseOf(row);
  if (phase === 'ended' || phase === 'cancelled') throw fieldError('id', 'activityOver', {}, ErrorCode.Conflict);
  if (row.liveApplyState === LiveApplyState.Pending || row.liveApplyState === LiveApplyState.Approved) throw fieldError('id', 'liveApplied', {}, ErrorCode.Conflict);
  await tx.update(activity).set({ liveApplyState: LiveApplyState.Pending, liveApplyReason: null, liveAppliedAt: new Date(), liveAuditAt: null, liveOpen: false }).where(eq(activity.id, id));
  await writeOpLog(tx, actor, { action: 'activity.applyLive', targetType: 'activity', targetId: id, hostId: existing.hostId, before: { liveApplyState: row.liveApplyState }, after: { liveApplyState: LiveApplyState.Pending, note: note ?? null } });
  return findActivity(tx, p, id);
}

/** The host approves or rejects pending live applications, all or none (a reason to reject). */
export async function decideLive(ctx: WriteContext, ids: readonly string[], approve: boolean, reason: string | undefined): Promise<Activity[]> {
  const { tx, principal: p, actor } = ctx;
  const why = reason?.trim() || null;
  if (!approve && !why) throw new AppError(ErrorCode.ReasonRequired);
  const unique = [...new Set(ids)];
  const rows = await withCompany(tx).where(and(visibleActivities(p), inArray(activity.id, unique))).for('update', { of: activity });
  if (rows.length !== unique.length) throw notFound('activity');
  if (rows.some((r) => r.activity.liveApplyState !== LiveApplyState.Pending)) throw new AppError(ErrorCode.AuditNotPending);
  const state = approve ? LiveApplyState.Approved : LiveApplyState.Rejected;
  await tx.update(activity).set({ liveApplyState: state, liveApplyReason: approve ? null : why, liveAuditAt: new Date() }).where(inArray(activity.id, unique));
  for (const r of rows)
    await writeOpLog(tx, actor, { action: approve ? 'activity.approveLive' : 'activity.rejectLive', targetType: 'activity', targetId: r.activity.id, hostId: r.hostId, before: { liveApplyState: LiveApplyState.Pending }, after: { liveApplyState: state, reason: why } });
  return activitiesByIds(tx, p, unique);
}

/** Opens (or closes) the live coverage of an approved application. */
export async function openLive(ctx: WriteContext, id: string, open: boolean): Promise<Activity> {
  const { tx, principal: p, actor } = ctx;
  const existing = await loadActivity(tx, p, id);
  const row = existing.activity;
  if (row.liveApplyState !== LiveApplyState.Approved) throw fieldError('id', 'liveNotApproved', {}, ErrorCode.Conflict);
  if (row.liveOpen === open) return toActivity(row, existing.companyName);
  await tx.update(activity).set({ liveOpen: open, ...(open ? { liveOpenedAt: new Date() } : {}) }).where(eq(activity.id, id));
  await writeOpLog(tx, actor, { action: open ? 'activity.openLive' : 'activity.closeLive', targetType: 'activity', targetId: id, hostId: existing.hostId, before: { liveOpen: row.liveOpen }, after: { liveOpen: open } });
  return findActivity(tx, p, id);
}

/** The exhibition of a live activity (for the feature gate); one that does not exist is a 404. */
export async function exhibitionOfActivity(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: activity.exhibitionId }).from(activity).where(and(eq(activity.id, id), isNull(activity.deletedAt)));
  if (!row) throw notFound('activity');
  return row.exhibitionId;
}

/** What the GraphQL preview shows of an activity. */
export type PreviewActivity = Pick<ActivityRow, 'id' | 'exhibitorId' | 'title' | 'titleEn' | 'startAt' | 'endAt'>;

/**
 * The first `perExhibitor` approved, shown, published activities of each exhibitor (soonest first), in one query
 * however many exhibitors: the GraphQL preview's batch.
 */
export async function previewActivities(db: Executor, exhibitorIds: readonly string[], perExhibitor: number): Promise<Map<string, PreviewActivity[]>> {
  const out = new Map<string, PreviewActivity[]>(exhibitorIds.map((id) => [id, []]));
  if (!exhibitorIds.length) return out;
  const ranked = db
    .select({
      id: activity.id,
      exhibitorId: activity.exhibitorId,
      title: activity.title,
      titleEn: activity.titleEn,
      startAt: activity.startAt,
      endAt: activity.endAt,
      rank: sql<number>`row_number() over (partition by ${activity.exhibitorId} order by ${activity.startAt}, ${activity.showIndex}, ${activity.id})`.as('rank'),
    })
    .from(activity)
    .where(and(inArray(activity.exhibitorId, [...exhibitorIds]), isNull(activity.deletedAt), eq(activity.isShow, true), eq(activity.state, 'published'), eq(activity.auditState, AuditState.Approved)))
    .as('ranked');
  const rows = await db
    .select({ id: ranked.id, exhibitorId: ranked.exhibitorId, title: ranked.title, titleEn: ranked.titleEn, startAt: ranked.startAt, endAt: ranked.endAt })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perExhibitor}`)
    .orderBy(asc(ranked.exhibitorId), asc(ranked.rank));
  for (const r of rows) if (r.exhibitorId) out.get(r.exhibitorId)?.push(r);
  return out;
}
