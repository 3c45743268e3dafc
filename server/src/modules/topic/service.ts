import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditState,
  ErrorCode,
  Role,
  toPage,
  type ExpoTopic,
  type ExpoTopicDetail,
  type OpenTopic,
  type Page,
  type PageRequest,
  type Topic,
  type TopicApplication,
  type TopicApplicationQuery,
  type TopicCreateBody,
  type TopicExhibitor,
  type TopicKind,
  type TopicPatchBody,
  type TopicQuery,
} from '@pavilion/contract';
import { decide, markDraft, registerAuditType, submitForAudit } from '../../audit/audit.ts';
import { auditedOf } from '../../audit/columns.ts';
import { exhibitionFeatures } from '../../auth/feature-gate.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitorScope, reachableExhibition } from '../../auth/scope.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { iso } from '../../http/time.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import type { Actor } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { updateExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicExhibitorPage } from '../expo/service.ts';
import { applicationScope, topicScope } from './scope.ts';
import { topic, topicApplication } from './tables.ts';

type TopicRow = typeof topic.$inferSelect;
type ApplicationRow = typeof topicApplication.$inferSelect;

/* ---- gate ---- */

/** The kinds an exhibition's features allow: `topic` gives both, `brand` alone the brand kind; neither is 403 4019. */
export async function topicKindsOf(db: Executor, exhibitionId: string): Promise<TopicKind[]> {
  const keys = await exhibitionFeatures(db, exhibitionId);
  if (keys.includes('topic')) return ['topic', 'brand'];
  if (keys.includes('brand')) return ['brand'];
  throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'topic' });
}

async function checkKind(db: Executor, exhibitionId: string, kind: string): Promise<void> {
  if (!(await topicKindsOf(db, exhibitionId)).includes(kind as TopicKind)) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'topic' });
}

/* ---- placing ---- */

/** The exhibitor column holding the name of the topic it is placed in. */
const placedColumn = (kind: string) => (kind === 'brand' ? exhibitor.pTopic : exhibitor.topic);

/** The live exhibitors of the topic's exhibition placed in it. */
export const placedIn = (t: Pick<TopicRow, 'kind' | 'name' | 'exhibitionId'>): SQL =>
  and(eq(exhibitor.exhibitionId, t.exhibitionId), isNull(exhibitor.deletedAt), eq(placedColumn(t.kind), t.name))!;

/** The exhibitor fields a placement writes (null takes it out). */
const placementOf = (kind: string, t: Pick<TopicRow, 'name' | 'startAt' | 'endAt' | 'topicType'> | null) =>
  kind === 'brand'
    ? { pTopic: t?.name ?? null, pTopicStart: iso(t?.startAt), pTopicEnd: iso(t?.endAt), pTopicType: t?.topicType ?? null }
    : { topic: t?.name ?? null, topicStart: iso(t?.startAt), topicEnd: iso(t?.endAt), topicType: t?.topicType ?? null };

/**
 * The context a placement is written in. An application approved at once by the Theme switch is decided in the
 * exhibitor's own request, and an exhibitor may not write its topic fields: the placement is then made on behalf of
 * the exhibition's host (the operation log still names the exhibitor's request as the actor).
 */
function placementContext(tx: Executor, actor: Actor, hostId: string): WriteContext {
  const p = actor.principal;
  if (p?.kind === 'user' && (p.role === Role.Host || p.role === Role.Admin)) return { tx, principal: p, actor };
  const base: UserPrincipal =
    p?.kind === 'user'
      ? p
      : { kind: 'user', userId: '', userName: '', role: Role.Host, sessionId: '', hostIds: [], fullHostIds: [], assignedExhibitionIds: [], exhibitionId: null, exhibitorId: null, companyId: null, memberId: null, mustChangePassword: false };
  return { tx, actor, principal: { ...base, role: Role.Host, hostIds: [hostId], fullHostIds: [hostId], assignedExhibitionIds: [], exhibitorId: null, companyId: null, memberId: null } };
}

async function hostOf(tx: Executor, exhibitionId: string): Promise<string> {
  const [row] = await tx.select({ hostId: exhibition.hostId }).from(exhibition).where(eq(exhibition.id, exhibitionId));
  if (!row) throw notFound('exhibition');
  return row.hostId;
}

/** Writes the exhibitor's topic fields from the topic (or clears them) through the exhibitor service (operation log). */
async function writePlacement(ctx: WriteContext, kind: string, t: TopicRow | null, exhibitorId: string): Promise<void> {
  await updateExhibitor(ctx, exhibitorId, placementOf(kind, t), kind === 'brand' ? 'exhibitor.brandTopic' : 'exhibitor.topic');
}

/* ---- topics ---- */

const placedCount = sql<number>`(select count(*)::int from ${exhibitor} where ${exhibitor.exhibitionId} = ${topic.exhibitionId} and ${exhibitor.deletedAt} is null and (case when ${topic.kind} = 'brand' then ${exhibitor.pTopic} else ${exhibitor.topic} end) = ${topic.name})`;

const toExpoTopic = (r: TopicRow): ExpoTopic => ({
  id: r.id,
  kind: r.kind as TopicKind,
  name: r.name,
  nameEn: r.nameEn,
  banner: r.banner,
  description: r.description,
  descriptionEn: r.descriptionEn,
  startAt: iso(r.startAt),
  endAt: iso(r.endAt),
});

const topicFieldsOf = (r: TopicRow) => ({
  ...toExpoTopic(r),
  exhibitionId: r.exhibitionId,
  topicType: r.topicType,
  sort: r.sort,
  isShow: r.isShow,
  applyOpen: r.applyOpen,
  createAt: r.createdAt.toISOString(),
});

const toTopic = (r: TopicRow, placed: number): Topic => ({ ...topicFieldsOf(r), placedCount: placed });

type ReachedTopic = TopicRow & { hostId: string };

async function reachableTopic(db: Executor, p: UserPrincipal, id: string): Promise<ReachedTopic> {
  const [row] = await db
    .select({ topic, hostId: exhibition.hostId })
    .from(topic)
    .innerJoin(exhibition, eq(exhibition.id, topic.exhibitionId))
    .where(and(topicScope(p), eq(topic.id, id)))
    .limit(1);
  if (!row) throw notFound('topic');
  return { ...row.topic, hostId: row.hostId };
}

export async function findTopic(db: Executor, p: UserPrincipal, id: string): Promise<Topic> {
  const t = await reachableTopic(db, p, id);
  await checkKind(db, t.exhibitionId, t.kind);
  const [row] = await db.select({ n: placedCount }).from(topic).where(eq(topic.id, id));
  return toTopic(t, row?.n ?? 0);
}

export async function topicPage(db: Executor, p: UserPrincipal, exhibitionId: string, f: Omit<TopicQuery, 'pageIndex' | 'pageSize' | 'exhibitionId'>, q: PageRequest): Promise<Page<Topic>> {
  await reachableExhibition(db, p, exhibitionId);
  const kinds = await topicKindsOf(db, exhibitionId);
  const where = and(
    topicScope(p),
    eq(topic.exhibitionId, exhibitionId),
    inArray(topic.kind, kinds),
    f.kind ? eq(topic.kind, f.kind) : undefined,
    f.keyword ? or(ilike(topic.name, containing(f.keyword)), ilike(topic.nameEn, containing(f.keyword))) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(topic).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await db
    .select({ topic, n: placedCount })
    .from(topic)
    .where(where)
    .orderBy(asc(topic.kind), asc(topic.sort), desc(topic.createdAt), asc(topic.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => toTopic(r.topic, r.n)),
    total,
    q,
  );
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

function topicValues(body: TopicPatchBody): Partial<typeof topic.$inferInsert> {
  const out: Partial<typeof topic.$inferInsert> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.nameEn !== undefined) out.nameEn = body.nameEn || null;
  if (body.banner !== undefined) out.banner = body.banner || null;
  if (body.description !== undefined) out.description = body.description;
  if (body.descriptionEn !== undefined) out.descriptionEn = body.descriptionEn;
  if (body.startAt !== undefined) out.startAt = toDate(body.startAt);
  if (body.endAt !== undefined) out.endAt = toDate(body.endAt);
  if (body.topicType !== undefined) out.topicType = body.topicType ?? null;
  if (body.sort !== undefined) out.sort = body.sort;
  if (body.isShow !== undefined) out.isShow = body.isShow;
  if (body.applyOpen !== undefined) out.applyOpen = body.applyOpen;
  return out;
}

const snapshotOfTopic = (r: TopicRow) => ({ ...topicFieldsOf(r), createAt: undefined });

export async function createTopic(ctx: WriteContext, body: TopicCreateBody): Promise<Topic> {
  const { tx, principal: p, actor } = ctx;
  const exh = await reachableExhibition(tx, p, body.exhibitionId);
  await checkKind(tx, exh.id, body.kind);
  const [row] = await tx
    .insert(topic)
    .values({ ...topicValues(body), exhibitionId: exh.id, kind: body.kind, name: body.name })
    .returning();
  await writeOpLog(tx, actor, { action: 'topic.create', targetType: 'topic', targetId: row!.id, hostId: exh.hostId, after: snapshotOfTopic(row!) });
  return toTopic(row!, 0);
}

/** Changes a topic; a new name, window or type is written on its placed exhibitors in the same transaction. */
export async function updateTopic(ctx: WriteContext, id: string, body: TopicPatchBody): Promise<Topic> {
  const { tx, principal: p, actor } = ctx;
  const before = await reachableTopic(tx, p, id);
  await checkKind(tx, before.exhibitionId, before.kind);
  const values = topicValues(body);
  const startAt = values.startAt !== undefined ? values.startAt : before.startAt;
  const endAt = values.endAt !== undefined ? values.endAt : before.endAt;
  if (startAt && endAt && startAt >= endAt) throw fieldError('endAt', 'invalid');
  const changed = (Object.keys(values) as (keyof TopicRow)[]).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify((values as Record<string, unknown>)[k] ?? null));
  if (!changed.length) return findTopic(tx, p, id);
  const placed = await tx.select({ id: exhibitor.id }).from(exhibitor).where(placedIn(before));
  const [row] = await tx.update(topic).set(values).where(eq(topic.id, id)).returning();
  if (changed.some((k) => k === 'name' || k === 'startAt' || k === 'endAt' || k === 'topicType'))
    for (const x of placed) await writePlacement(ctx, row!.kind, row!, x.id);
  await writeOpLog(tx, actor, {
    action: 'topic.update',
    targetType: 'topic',
    targetId: id,
    hostId: before.hostId,
    before: Object.fromEntries(changed.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(changed.map((k) => [k, (values as Record<string, unknown>)[k] ?? null])),
  });
  return findTopic(tx, p, id);
}

/** Deletes a topic (soft): its exhibitors are taken out, its applications withdrawn. */
export async function deleteTopic(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const t = await reachableTopic(tx, p, id);
  await checkKind(tx, t.exhibitionId, t.kind);
  for (const x of await tx.select({ id: exhibitor.id }).from(exhibitor).where(placedIn(t))) await writePlacement(ctx, t.kind, null, x.id);
  const apps = await tx
    .select({ id: topicApplication.id, auditState: topicApplication.auditState })
    .from(topicApplication)
    .where(and(eq(topicApplication.topicId, id), isNull(topicApplication.deletedAt)));
  for (const a of apps) if (a.auditState === AuditState.Pending) await markDraft(tx, 'topic', a.id);
  const now = new Date();
  await tx.update(topicApplication).set({ deletedAt: now }).where(and(eq(topicApplication.topicId, id), isNull(topicApplication.deletedAt)));
  await tx.update(topic).set({ deletedAt: now }).where(eq(topic.id, id));
  await writeOpLog(tx, actor, { action: 'topic.delete', targetType: 'topic', targetId: id, hostId: t.hostId, before: snapshotOfTopic(t) });
}

export async function topicExhibitors(db: Executor, p: UserPrincipal, topicId: string, q: PageRequest): Promise<Page<TopicExhibitor>> {
  const t = await reachableTopic(db, p, topicId);
  await checkKind(db, t.exhibitionId, t.kind);
  const where = and(placedIn(t), exhibitorScope(p));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(exhibitor).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await db
    .select({ id: exhibitor.id, companyName: company.name, boothInfo: exhibitor.boothInfo, isShow: exhibitor.isShow, auditState: exhibitor.auditState })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(where)
    .orderBy(asc(exhibitor.showIndex), desc(exhibitor.createdAt), asc(exhibitor.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows, total, q);
}

async function exhibitorOfTopic(tx: Executor, t: TopicRow, exhibitorId: string) {
  const [x] = await tx
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .where(and(eq(exhibitor.id, exhibitorId), eq(exhibitor.exhibitionId, t.exhibitionId), isNull(exhibitor.deletedAt)));
  if (!x) throw notFound('exhibitor');
}

/** The host places an exhibitor of the topic's exhibition in it directly. */
export async function placeExhibitor(ctx: WriteContext, topicId: string, exhibitorId: string): Promise<Topic> {
  const t = await reachableTopic(ctx.tx, ctx.principal, topicId);
  await checkKind(ctx.tx, t.exhibitionId, t.kind);
  await exhibitorOfTopic(ctx.tx, t, exhibitorId);
  await writePlacement(ctx, t.kind, t, exhibitorId);
  return findTopic(ctx.tx, ctx.principal, topicId);
}

/** Takes an exhibitor out; its approved application to the topic ends with it, so it may apply again. */
export async function unplaceExhibitor(ctx: WriteContext, topicId: string, exhibitorId: string): Promise<Topic> {
  const { tx, principal: p } = ctx;
  const t = await reachableTopic(tx, p, topicId);
  await checkKind(tx, t.exhibitionId, t.kind);
  const [placed] = await tx
    .select({ id: exhibitor.id })
    .from(exhibitor)
    .where(and(placedIn(t), eq(exhibitor.id, exhibitorId)));
  if (!placed) throw notFound('exhibitor');
  await writePlacement(ctx, t.kind, null, exhibitorId);
  await tx
    .update(topicApplication)
    .set({ deletedAt: new Date() })
    .where(and(eq(topicApplication.topicId, topicId), eq(topicApplication.exhibitorId, exhibitorId), eq(topicApplication.auditState, AuditState.Approved), isNull(topicApplication.deletedAt)));
  return findTopic(tx, p, topicId);
}

/* ---- applications ---- */

const snapshotOfApplication = (topicName: string, reason: string) => ({ topicName, reason });

registerAuditType({
  type: 'topic',
  table: topicApplication,
  stateColumn: topicApplication.auditState,
  reasonColumn: topicApplication.auditReason,
  submitAtColumn: topicApplication.submitAt,
  auditAtColumn: topicApplication.auditAt,
  exhibitionIdColumn: topicApplication.exhibitionId,
  exhibitorIdColumn: topicApplication.exhibitorId,
  autoAudit: 'enabledAutoAuditTheme',
  title: async (row: ApplicationRow, tx) => {
    const [r] = await tx
      .select({ topicName: topic.name, companyName: company.name })
      .from(topic)
      .innerJoin(exhibitor, eq(exhibitor.id, row.exhibitorId))
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(eq(topic.id, row.topicId));
    return r ? `${r.companyName} · ${r.topicName}` : null;
  },
  snapshot: (row: ApplicationRow) => ({ reason: row.reason }),
  /** Approval places the exhibitor in the topic. */
  onDecided: async (tx, row: ApplicationRow, d) => {
    if (!d.approve) return;
    const [t] = await tx.select().from(topic).where(and(eq(topic.id, row.topicId), isNull(topic.deletedAt)));
    if (!t) return;
    await writePlacement(placementContext(tx, d.actor, await hostOf(tx, t.exhibitionId)), t.kind, t, row.exhibitorId);
  },
});

const applications = (db: Executor) =>
  db
    .select({ a: topicApplication, t: topic, companyName: company.name })
    .from(topicApplication)
    .innerJoin(topic, eq(topic.id, topicApplication.topicId))
    .innerJoin(exhibitor, eq(exhibitor.id, topicApplication.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId));

const toApplication = ({ a, t, companyName }: { a: ApplicationRow; t: TopicRow; companyName: string }): TopicApplication => ({
  id: a.id,
  topicId: t.id,
  topicName: t.name,
  topicNameEn: t.nameEn,
  kind: t.kind as TopicKind,
  exhibitionId: a.exhibitionId,
  exhibitorId: a.exhibitorId,
  companyName,
  reason: a.reason,
  ...auditedOf(a),
  createAt: a.createdAt.toISOString(),
});

async function reachableApplication(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await applications(db)
    .where(and(applicationScope(p), eq(topicApplication.id, id)))
    .limit(1);
  if (!row) throw notFound('topicApplication');
  return row;
}

export async function findApplication(db: Executor, p: UserPrincipal, id: string): Promise<TopicApplication> {
  return toApplication(await reachableApplication(db, p, id));
}

export async function applicationPage(db: Executor, p: UserPrincipal, exhibitionId: string, f: Omit<TopicApplicationQuery, 'pageIndex' | 'pageSize' | 'exhibitionId'>, q: PageRequest): Promise<Page<TopicApplication>> {
  await reachableExhibition(db, p, exhibitionId);
  const kinds = await topicKindsOf(db, exhibitionId);
  const where = and(
    applicationScope(p),
    eq(topicApplication.exhibitionId, exhibitionId),
    inArray(topic.kind, kinds),
    f.topicId ? eq(topicApplication.topicId, f.topicId) : undefined,
    f.auditState !== undefined ? eq(topicApplication.auditState, f.auditState) : sql`${topicApplication.auditState} <> ${AuditState.Draft}`,
    f.keyword ? or(ilike(company.name, containing(f.keyword)), ilike(topic.name, containing(f.keyword))) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(topicApplication)
    .innerJoin(topic, eq(topic.id, topicApplication.topicId))
    .innerJoin(exhibitor, eq(exhibitor.id, topicApplication.exhibitorId))
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .where(where);
  if (!total) return toPage([], 0, q);
  const rows = await applications(db)
    .where(where)
    .orderBy(asc(topicApplication.auditState), desc(topicApplication.createdAt), desc(topicApplication.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(rows.map(toApplication), total, q);
}

/** Whether exhibitors may apply to the topic now: shown, taking applications, and its window not over. */
const isOpen = (t: TopicRow, now = new Date()) => t.isShow && t.applyOpen && (!t.endAt || t.endAt > now);

/** The shown topics of the exhibitor's exhibition it may apply to or has applied to, with its live application. */
export async function openTopics(db: Executor, p: UserPrincipal): Promise<OpenTopic[]> {
  if (p.role !== Role.Exhibitor || !p.exhibitorId || !p.exhibitionId) throw notFound('exhibitor');
  const kinds = await topicKindsOf(db, p.exhibitionId);
  const rows = await db
    .select({ t: topic, a: topicApplication, companyName: company.name })
    .from(topic)
    .leftJoin(topicApplication, and(eq(topicApplication.topicId, topic.id), eq(topicApplication.exhibitorId, p.exhibitorId), isNull(topicApplication.deletedAt)))
    .leftJoin(exhibitor, eq(exhibitor.id, topicApplication.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .where(and(isNull(topic.deletedAt), eq(topic.exhibitionId, p.exhibitionId), inArray(topic.kind, kinds), eq(topic.isShow, true)))
    .orderBy(asc(topic.kind), asc(topic.sort), desc(topic.createdAt), asc(topic.id));
  const now = new Date();
  return rows
    .filter((r) => r.a || isOpen(r.t, now))
    .map((r) => ({ ...topicFieldsOf(r.t), application: r.a ? toApplication({ a: r.a, t: r.t, companyName: r.companyName ?? '' }) : null }));
}

async function submitApplication(ctx: WriteContext, row: ApplicationRow, t: TopicRow, companyName: string) {
  await submitForAudit(ctx.tx, ctx.actor, {
    type: 'topic',
    targetId: row.id,
    exhibitionId: row.exhibitionId,
    exhibitorId: row.exhibitorId,
    title: `${companyName} · ${t.name}`,
    snapshot: snapshotOfApplication(t.name, row.reason),
  });
}

/** The exhibitor applies to an open topic of its exhibition (one live application per topic: 409 naming topicId). */
export async function applyToTopic(ctx: WriteContext, topicId: string, reason: string): Promise<TopicApplication> {
  const { tx, principal: p, actor } = ctx;
  if (p.role !== Role.Exhibitor || !p.exhibitorId || !p.exhibitionId) throw notFound('exhibitor');
  const [t] = await tx
    .select()
    .from(topic)
    .where(and(eq(topic.id, topicId), eq(topic.exhibitionId, p.exhibitionId), isNull(topic.deletedAt)));
  if (!t || !t.isShow) throw notFound('topic');
  await checkKind(tx, t.exhibitionId, t.kind);
  if (!isOpen(t)) throw new AppError(ErrorCode.TopicClosed);
  const [x] = await tx
    .select({ placed: placedColumn(t.kind), companyName: company.name, hostId: exhibition.hostId })
    .from(exhibitor)
    .innerJoin(company, eq(company.id, exhibitor.companyId))
    .innerJoin(exhibition, eq(exhibition.id, exhibitor.exhibitionId))
    .where(and(eq(exhibitor.id, p.exhibitorId), isNull(exhibitor.deletedAt)));
  if (!x) throw notFound('exhibitor');
  if (x.placed === t.name) throw new AppError(ErrorCode.TopicApplicationState);
  const [live] = await tx
    .select({ id: topicApplication.id })
    .from(topicApplication)
    .where(and(eq(topicApplication.topicId, topicId), eq(topicApplication.exhibitorId, p.exhibitorId), isNull(topicApplication.deletedAt)));
  if (live) throw fieldError('topicId', 'taken', {}, ErrorCode.Conflict);
  const [row] = await tx.insert(topicApplication).values({ topicId, exhibitionId: t.exhibitionId, exhibitorId: p.exhibitorId, reason }).returning();
  await writeOpLog(tx, actor, { action: 'topicApplication.create', targetType: 'topicApplication', targetId: row!.id, hostId: x.hostId, after: snapshotOfApplication(t.name, reason) });
  await submitApplication(ctx, row!, t, x.companyName);
  return findApplication(tx, p, row!.id);
}

/** A rejected application, edited and submitted again. */
export async function reapply(ctx: WriteContext, id: string, reason: string): Promise<TopicApplication> {
  const { tx, principal: p, actor } = ctx;
  const r = await reachableApplication(tx, p, id);
  if (r.a.auditState !== AuditState.Rejected) throw new AppError(ErrorCode.TopicApplicationState);
  if (!isOpen(r.t)) throw new AppError(ErrorCode.TopicClosed);
  const [row] = await tx.update(topicApplication).set({ reason }).where(eq(topicApplication.id, id)).returning();
  await writeOpLog(tx, actor, { action: 'topicApplication.update', targetType: 'topicApplication', targetId: id, hostId: await hostOf(tx, r.a.exhibitionId), before: { reason: r.a.reason }, after: { reason } });
  await submitApplication(ctx, row!, r.t, r.companyName);
  return findApplication(tx, p, id);
}

/** The exhibitor withdraws a pending application (soft delete; it leaves the queue). */
export async function withdrawApplication(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const r = await reachableApplication(tx, p, id);
  if (r.a.auditState !== AuditState.Pending) throw new AppError(ErrorCode.TopicApplicationState);
  await markDraft(tx, 'topic', id);
  await tx.update(topicApplication).set({ deletedAt: new Date() }).where(eq(topicApplication.id, id));
  await writeOpLog(tx, actor, { action: 'topicApplication.delete', targetType: 'topicApplication', targetId: id, hostId: await hostOf(tx, r.a.exhibitionId), before: snapshotOfApplication(r.t.name, r.a.reason) });
}

/** The host decides applications, all or none (404 when one is out of reach). */
export async function auditApplications(ctx: WriteContext, ids: string[], approve: boolean, reason: string | null): Promise<TopicApplication[]> {
  const { tx, principal: p, actor } = ctx;
  const unique = [...new Set(ids)];
  const rows = await applications(tx).where(and(applicationScope(p), inArray(topicApplication.id, unique)));
  if (rows.length !== unique.length) throw notFound('topicApplication');
  for (const ex of new Set(rows.map((r) => r.a.exhibitionId))) await topicKindsOf(tx, ex);
  await decide(tx, actor, { type: 'topic', ids: unique, approve, reason });
  return (await applications(tx).where(inArray(topicApplication.id, unique))).map(toApplication);
}

/* ---- visitor site ---- */

/** Shown topics whose window covers now (or has no end / no start). */
const publicTopicWhere = (exhibitionId: string, kinds: TopicKind[], now = new Date()) =>
  and(
    isNull(topic.deletedAt),
    eq(topic.exhibitionId, exhibitionId),
    eq(topic.isShow, true),
    inArray(topic.kind, kinds),
    or(isNull(topic.startAt), lte(topic.startAt, now)),
    or(isNull(topic.endAt), gt(topic.endAt, now)),
  );


async function liveExhibition(db: Executor, exhibitionId: string) {
  const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
}

export async function expoTopics(db: Executor, exhibitionId: string): Promise<ExpoTopic[]> {
  await liveExhibition(db, exhibitionId);
  const kinds = await topicKindsOf(db, exhibitionId);
  const rows = await db
    .select()
    .from(topic)
    .where(publicTopicWhere(exhibitionId, kinds))
    .orderBy(asc(topic.kind), asc(topic.sort), desc(topic.createdAt), asc(topic.id));
  return rows.map(toExpoTopic);
}

export async function expoTopic(db: Executor, exhibitionId: string, topicId: string, paging: PageRequest): Promise<ExpoTopicDetail> {
  await liveExhibition(db, exhibitionId);
  const kinds = await topicKindsOf(db, exhibitionId);
  const [t] = await db
    .select()
    .from(topic)
    .where(and(publicTopicWhere(exhibitionId, kinds), eq(topic.id, topicId)));
  if (!t) throw notFound('topic');
  const exhibitors = await publicExhibitorPage(db, exhibitionId, eq(placedColumn(t.kind), t.name), paging);
  return { ...toExpoTopic(t), exhibitors };
}
