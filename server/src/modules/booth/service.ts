import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  computedArea,
  firstDuplicateCode,
  firstOverlap,
  insidePlan,
  normaliseBoothCode,
  Role,
  toPage,
  type Booth,
  type BoothRect,
  type HallPlan,
  type Page,
  type assignBoothBody,
  type boothQuery,
  type bulkBoothBody,
  type createBoothBody,
  type hallPlanBody,
  type updateBoothBody,
} from '@pavilion/contract';
import type { z } from 'zod';
import type { UserPrincipal } from '../../auth/principal.ts';
import { exhibitionScope, ofExhibition, reachableExhibitor } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { company } from '../company/tables.ts';
import { exhibition, exhibitionHall } from '../exhibition/tables.ts';
import { loadExhibitor } from '../exhibitor/service.ts';
import type { WriteContext } from '../../core/write.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { booth, hallPlan } from './tables.ts';
import { containing } from '../../db/like.ts';

type BoothRow = typeof booth.$inferSelect;
type PlanRow = typeof hallPlan.$inferSelect;
/** Codes are kept readable in the operation log (its redaction masks keys named like "code"). */
const plain = ['code', 'codes', 'created', 'deleted'] as const;

// ——— Halls and plans ———

/** A live hall of an exhibition the principal reaches (an exhibitor: its own exhibition's), with the host; 404 otherwise. */
export async function loadHall(db: Executor, p: UserPrincipal, hallId: string) {
  const [row] = await db
    .select({ hall: exhibitionHall, hostId: exhibition.hostId })
    .from(exhibitionHall)
    .innerJoin(exhibition, eq(exhibition.id, exhibitionHall.exhibitionId))
    .where(and(eq(exhibitionHall.id, hallId), isNull(exhibitionHall.deletedAt), exhibitionScope(p)))
    .limit(1);
  if (!row) throw notFound('exhibitionHall');
  return row;
}

const toPlan = (r: PlanRow, hallName: string): HallPlan => ({
  hallId: r.hallId,
  exhibitionId: r.exhibitionId,
  hallName,
  imageUrl: r.imageUrl,
  width: r.width,
  height: r.height,
  scale: r.scale,
  updateAt: r.updatedAt.toISOString(),
});

/** A hall's plan, or null before one was uploaded. */
export async function readPlan(db: Executor, p: UserPrincipal, hallId: string): Promise<HallPlan | null> {
  const { hall } = await loadHall(db, p, hallId);
  const [row] = await db.select().from(hallPlan).where(eq(hallPlan.hallId, hall.id));
  return row ? toPlan(row, hall.name) : null;
}

/**
 * Saves a hall's plan. Its booths must still fit inside (400 naming `width`/`height` and the booth);
 * a new scale recomputes the areas nobody typed, and their exhibitors' totals follow.
 */
export async function savePlan(ctx: WriteContext, hallId: string, body: z.infer<typeof hallPlanBody>): Promise<HallPlan> {
  const { tx, principal: p, actor } = ctx;
  const { hall, hostId } = await loadHall(tx, p, hallId);
  const [existing] = await tx.select().from(hallPlan).where(eq(hallPlan.hallId, hall.id));
  const live = await tx.select().from(booth).where(and(eq(booth.hallId, hall.id), isNull(booth.deletedAt)));
  for (const b of live) {
    if (b.x + b.w > body.width + 1e-9) throw fieldError('width', 'boothOutsidePlan', { code: b.code });
    if (b.y + b.h > body.height + 1e-9) throw fieldError('height', 'boothOutsidePlan', { code: b.code });
  }
  const values = { imageUrl: body.imageUrl, width: body.width, height: body.height, scale: body.scale ?? null };
  const [row] = existing
    ? await tx.update(hallPlan).set(values).where(eq(hallPlan.id, existing.id)).returning()
    : await tx.insert(hallPlan).values({ ...values, hallId: hall.id, exhibitionId: hall.exhibitionId }).returning();
  if ((existing?.scale ?? null) !== values.scale) {
    const touched = new Set<string>();
    for (const b of live.filter((b) => !b.areaManual)) {
      await tx.update(booth).set({ area: computedArea(b, values.scale) }).where(eq(booth.id, b.id));
      if (b.exhibitorId) touched.add(b.exhibitorId);
    }
    await syncExhibitorBooths(tx, [...touched]);
  }
  await writeOpLog(tx, actor, {
    action: existing ? 'hallPlan.update' : 'hallPlan.create',
    targetType: 'hallPlan',
    targetId: row!.id,
    hostId,
    before: existing ? { imageUrl: existing.imageUrl, width: existing.width, height: existing.height, scale: existing.scale } : null,
    after: values,
  });
  return toPlan(row!, hall.name);
}

// ——— Booths ———

/**
 * The booths a principal reaches: the administrator's all, a host's exhibitions', an exhibitor's
 * own (assigned to it). Writes are host and administrator only (route permissions).
 */
const boothScope = (p: UserPrincipal): SQL =>
  and(isNull(booth.deletedAt), ofExhibition(p, booth.exhibitionId), p.role === Role.Exhibitor ? reachableExhibitor(p, booth.exhibitorId) : undefined)!;

const selection = { booth, hallName: exhibitionHall.name, holder: exhibitor.id, companyName: company.name, companyNameEn: company.nameEn };
const withNames = (db: Executor) =>
  db
    .select(selection)
    .from(booth)
    .innerJoin(exhibitionHall, eq(exhibitionHall.id, booth.hallId))
    .leftJoin(exhibitor, and(eq(exhibitor.id, booth.exhibitorId), isNull(exhibitor.deletedAt)))
    .leftJoin(company, eq(company.id, exhibitor.companyId));
type Named = { booth: BoothRow; hallName: string; holder: string | null; companyName: string | null; companyNameEn: string | null };

const toBooth = (r: Named): Booth => ({
  id: r.booth.id,
  exhibitionId: r.booth.exhibitionId,
  hallId: r.booth.hallId,
  hallName: r.hallName,
  code: r.booth.code,
  x: r.booth.x,
  y: r.booth.y,
  w: r.booth.w,
  h: r.booth.h,
  area: r.booth.area,
  areaManual: r.booth.areaManual,
  type: r.booth.type,
  state: r.booth.state,
  exhibitorId: r.holder,
  companyName: r.companyName,
  companyNameEn: r.companyNameEn,
  showIndex: r.booth.showIndex,
  createAt: r.booth.createdAt.toISOString(),
  updateAt: r.booth.updatedAt.toISOString(),
});

const order = [asc(exhibitionHall.showIndex), asc(exhibitionHall.createdAt), asc(booth.showIndex), asc(booth.code), asc(booth.id)];

export async function boothPage(db: Executor, p: UserPrincipal, q: z.infer<typeof boothQuery>): Promise<Page<Booth>> {
  const like = q.keyword ? containing(q.keyword) : null;
  const where = and(
    boothScope(p),
    q.exhibitionId ? eq(booth.exhibitionId, q.exhibitionId) : undefined,
    q.hallId ? eq(booth.hallId, q.hallId) : undefined,
    q.state ? eq(booth.state, q.state) : undefined,
    q.type ? eq(booth.type, q.type) : undefined,
    q.exhibitorId ? eq(booth.exhibitorId, q.exhibitorId) : undefined,
    q.hasExhibitor === undefined ? undefined : q.hasExhibitor ? isNotNull(exhibitor.id) : isNull(exhibitor.id),
    like ? or(ilike(booth.code, like), ilike(company.name, like), ilike(company.nameEn, like)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(booth)
    .innerJoin(exhibitionHall, eq(exhibitionHall.id, booth.hallId))
    .leftJoin(exhibitor, and(eq(exhibitor.id, booth.exhibitorId), isNull(exhibitor.deletedAt)))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .where(where);
  const rows = total
    ? await withNames(db)
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize)
    : [];
  return toPage(rows.map(toBooth), total, q);
}

export async function findBooth(db: Executor, p: UserPrincipal, id: string): Promise<Booth> {
  const [row] = await withNames(db).where(and(boothScope(p), eq(booth.id, id))).limit(1);
  if (!row) throw notFound('booth');
  return toBooth(row);
}

async function boothsByIds(db: Executor, ids: string[]): Promise<Booth[]> {
  if (!ids.length) return [];
  return (await withNames(db).where(inArray(booth.id, ids)).orderBy(...order)).map(toBooth);
}

/** Live booths the principal may change, with their exhibition's host; 404 when any is missing or another tenant's. */
async function writableBooths(tx: Executor, p: UserPrincipal, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ booth, hostId: exhibition.hostId })
    .from(booth)
    .innerJoin(exhibition, eq(exhibition.id, booth.exhibitionId))
    .where(and(boothScope(p), inArray(booth.id, unique)));
  if (p.role === Role.Exhibitor || rows.length !== unique.length) throw notFound('booth');
  return rows;
}

/**
 * Keeps the exhibitor records' `boothInfo` (the codes, joined) and `boothArea` (total m²) in step with
 * the booths they hold; other screens (lists, exports, the exhibitor's pages) read those columns.
 * Called in the transaction of every change that moves, renames, resizes or (un)assigns a booth.
 */
export async function syncExhibitorBooths(tx: Executor, exhibitorIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(exhibitorIds.filter((x): x is string => Boolean(x)))];
  if (!ids.length) return;
  const held = await tx
    .select({ exhibitorId: booth.exhibitorId, code: booth.code, area: booth.area })
    .from(booth)
    .where(and(inArray(booth.exhibitorId, ids), isNull(booth.deletedAt)))
    .orderBy(asc(booth.showIndex), asc(booth.code));
  for (const id of ids) {
    const mine = held.filter((b) => b.exhibitorId === id);
    const areas = mine.map((b) => b.area).filter((a): a is number => a !== null);
    await tx
      .update(exhibitor)
      .set({
        boothInfo: mine.length ? mine.map((b) => b.code).join(', ') : null,
        boothArea: areas.length ? String(Math.round(areas.reduce((s, a) => s + a, 0) * 100) / 100) : null,
      })
      .where(eq(exhibitor.id, id));
  }
}

type Candidate = BoothRect & { id?: string | undefined; code: string; field: string };

/**
 * The checks every layout change passes: codes unique in the exhibition (live booths elsewhere
 * included), no two booths of the hall overlapping, each inside the plan. 400 naming the booth.
 */
async function checkLayout(tx: Executor, hall: { id: string; exhibitionId: string }, candidates: Candidate[], untouched: BoothRow[]) {
  // Rows not being changed carry the field '#'; a clash is blamed on the changed booth.
  const all: Candidate[] = [...untouched.map((b) => ({ ...b, field: '#' })), ...candidates];
  const blame = (i: number, j: number) => (all[j]!.field === '#' ? ([all[i]!, all[j]!] as const) : ([all[j]!, all[i]!] as const));
  const dup = firstDuplicateCode(all.map((c) => c.code));
  if (dup) {
    const [c] = blame(...dup);
    throw fieldError(codeField(c), 'boothCodeTaken', { code: c.code });
  }
  const movedIds = new Set(all.map((c) => c.id).filter(Boolean));
  const elsewhere = await tx
    .select({ id: booth.id, code: booth.code })
    .from(booth)
    .where(and(eq(booth.exhibitionId, hall.exhibitionId), ne(booth.hallId, hall.id), isNull(booth.deletedAt)));
  const taken = new Set(elsewhere.filter((b) => !movedIds.has(b.id)).map((b) => normaliseBoothCode(b.code)));
  for (const c of candidates) if (taken.has(normaliseBoothCode(c.code))) throw fieldError(codeField(c), 'boothCodeTaken', { code: c.code });
  const overlap = firstOverlap(all);
  if (overlap) {
    const [blamed, other] = blame(...overlap);
    throw fieldError(blamed.field || 'x', 'boothOverlap', { code: blamed.code, other: other.code });
  }
  const [plan] = await tx.select().from(hallPlan).where(eq(hallPlan.hallId, hall.id));
  if (plan) for (const c of candidates) if (!insidePlan(c, plan)) throw fieldError(c.field || 'x', 'boothOutsidePlan', { code: c.code });
  return plan ?? null;
}
const codeField = (c: Candidate) => (c.field ? `${c.field}.code` : 'code');

export async function createBooth(ctx: WriteContext, body: z.infer<typeof createBoothBody>): Promise<Booth> {
  const { tx, principal: p, actor } = ctx;
  const { hall, hostId } = await loadHall(tx, p, body.hallId);
  if (p.role === Role.Exhibitor) throw notFound('exhibitionHall');
  const others = await tx.select().from(booth).where(and(eq(booth.hallId, hall.id), isNull(booth.deletedAt)));
  const candidate = { code: body.code, x: body.x, y: body.y, w: body.w, h: body.h, field: '' };
  const plan = await checkLayout(tx, hall, [candidate], others);
  const [row] = await tx
    .insert(booth)
    .values({
      exhibitionId: hall.exhibitionId,
      hallId: hall.id,
      code: body.code,
      x: body.x,
      y: body.y,
      w: body.w,
      h: body.h,
      area: body.area ?? computedArea(body, plan?.scale),
      areaManual: body.area != null,
      type: body.type,
      state: body.state,
      showIndex: body.showIndex ?? others.length,
    })
    .returning();
  await writeOpLog(tx, actor, { action: 'booth.create', targetType: 'booth', targetId: row!.id, hostId, after: { code: row!.code, hallId: hall.id, x: row!.x, y: row!.y, w: row!.w, h: row!.h }, plain });
  return findBooth(tx, p, row!.id);
}

export async function updateBooth(ctx: WriteContext, id: string, body: z.infer<typeof updateBoothBody>): Promise<Booth> {
  const { tx, principal: p, actor } = ctx;
  const [{ booth: b, hostId }] = (await writableBooths(tx, p, [id])) as [{ booth: BoothRow; hostId: string }];
  const next = { x: body.x ?? b.x, y: body.y ?? b.y, w: body.w ?? b.w, h: body.h ?? b.h, code: body.code ?? b.code };
  if (b.exhibitorId && body.state && body.state !== 'sold') throw fieldError('state', 'boothAssignedIsSold');
  const others = await tx.select().from(booth).where(and(eq(booth.hallId, b.hallId), isNull(booth.deletedAt), ne(booth.id, b.id)));
  const plan = await checkLayout(tx, { id: b.hallId, exhibitionId: b.exhibitionId }, [{ ...next, id: b.id, field: '' }], others);
  const manual = body.area === undefined ? b.areaManual : body.area !== null;
  const area = body.area ?? (manual ? b.area : computedArea(next, plan?.scale));
  const change = { ...next, area, areaManual: manual, ...(body.type ? { type: body.type } : {}), ...(body.state ? { state: body.state } : {}), ...(body.showIndex !== undefined ? { showIndex: body.showIndex } : {}) };
  await tx.update(booth).set(change).where(eq(booth.id, b.id));
  await syncExhibitorBooths(tx, [b.exhibitorId]);
  await writeOpLog(tx, actor, {
    action: 'booth.update',
    targetType: 'booth',
    targetId: b.id,
    hostId,
    before: Object.fromEntries(Object.keys(change).map((k) => [k, b[k as keyof BoothRow]])),
    after: change,
    plain,
  });
  return findBooth(tx, p, b.id);
}

export async function deleteBooth(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const [{ booth: b, hostId }] = (await writableBooths(tx, p, [id])) as [{ booth: BoothRow; hostId: string }];
  await tx.update(booth).set({ deletedAt: new Date(), exhibitorId: null }).where(eq(booth.id, b.id));
  await syncExhibitorBooths(tx, [b.exhibitorId]);
  await writeOpLog(tx, actor, { action: 'booth.delete', targetType: 'booth', targetId: b.id, hostId, before: { code: b.code, hallId: b.hallId, exhibitorId: b.exhibitorId }, plain });
}

/**
 * Saves one hall's whole layout from the editor: booths with an id are changed, those without are
 * created, the hall's booths not listed are deleted (and leave their exhibitors). All or nothing.
 */
export async function saveLayout(ctx: WriteContext, body: z.infer<typeof bulkBoothBody>) {
  const { tx, principal: p, actor } = ctx;
  const { hall, hostId } = await loadHall(tx, p, body.hallId);
  if (p.role === Role.Exhibitor) throw notFound('exhibitionHall');
  const existing = await tx.select().from(booth).where(and(eq(booth.hallId, hall.id), isNull(booth.deletedAt)));
  const byId = new Map(existing.map((b) => [b.id, b]));
  const seen = new Set<string>();
  body.booths.forEach((item, i) => {
    if (item.id && (!byId.has(item.id) || seen.has(item.id))) throw fieldError(`booths.${i}.id`, 'invalid');
    if (item.id) seen.add(item.id);
  });
  const candidates: Candidate[] = body.booths.map((item, i) => ({ id: item.id, code: item.code, x: item.x, y: item.y, w: item.w, h: item.h, field: `booths.${i}` }));
  const plan = await checkLayout(tx, hall, candidates, []);
  const removed = existing.filter((b) => !seen.has(b.id));
  const now = new Date();
  if (removed.length) await tx.update(booth).set({ deletedAt: now, exhibitorId: null }).where(inArray(booth.id, removed.map((b) => b.id)));
  // Renames go through a temporary code first, so two booths may swap codes without tripping the unique index.
  const renamed = body.booths.filter((item) => item.id && byId.get(item.id)!.code !== item.code);
  for (const item of renamed) await tx.update(booth).set({ code: `~${item.id}` }).where(eq(booth.id, item.id!));
  const ids: string[] = [];
  let created = 0;
  for (const [i, item] of body.booths.entries()) {
    const area = item.area ?? computedArea(item, plan?.scale);
    const values = { code: item.code, x: item.x, y: item.y, w: item.w, h: item.h, area, areaManual: item.area != null, type: item.type, showIndex: item.showIndex ?? i };
    if (item.id) {
      await tx.update(booth).set(values).where(eq(booth.id, item.id));
      ids.push(item.id);
    } else {
      const [row] = await tx.insert(booth).values({ ...values, exhibitionId: hall.exhibitionId, hallId: hall.id }).returning({ id: booth.id });
      ids.push(row!.id);
      created++;
    }
  }
  await syncExhibitorBooths(tx, existing.map((b) => b.exhibitorId));
  await writeOpLog(tx, actor, {
    action: 'booth.layout.save',
    targetType: 'exhibitionHall',
    targetId: hall.id,
    hostId,
    before: { codes: existing.map((b) => b.code) },
    after: { codes: body.booths.map((b) => b.code), created: body.booths.filter((b) => !b.id).map((b) => b.code), deleted: removed.map((b) => b.code) },
    plain,
  });
  return { created, updated: ids.length - created, deleted: removed.length, items: await boothsByIds(tx, ids) };
}

/** Assigns booths to an exhibitor of their exhibition (state sold), or frees them (`exhibitorId` null, state free). */
export async function assignBooths(ctx: WriteContext, body: z.infer<typeof assignBoothBody>) {
  const { tx, principal: p, actor } = ctx;
  const rows = await writableBooths(tx, p, body.ids);
  let target: Awaited<ReturnType<typeof loadExhibitor>> | null = null;
  if (body.exhibitorId) {
    target = await loadExhibitor(tx, p, body.exhibitorId);
    if (rows.some((r) => r.booth.exhibitionId !== target!.exhibitor.exhibitionId)) throw fieldError('exhibitorId', 'boothExhibitorElsewhere');
  }
  const ids = rows.map((r) => r.booth.id);
  await tx
    .update(booth)
    .set(target ? { exhibitorId: target.exhibitor.id, state: 'sold' } : { exhibitorId: null, state: 'free' })
    .where(inArray(booth.id, ids));
  await syncExhibitorBooths(tx, [...rows.map((r) => r.booth.exhibitorId), target?.exhibitor.id ?? null]);
  for (const hostId of new Set(rows.map((r) => r.hostId)))
    await writeOpLog(tx, actor, {
      action: target ? 'booth.assign' : 'booth.unassign',
      targetType: 'booth',
      targetId: ids.length === 1 ? ids[0]! : null,
      hostId,
      before: rows.filter((r) => r.hostId === hostId).map((r) => ({ id: r.booth.id, code: r.booth.code, exhibitorId: r.booth.exhibitorId })),
      after: { exhibitorId: target?.exhibitor.id ?? null, companyName: target?.company.name ?? null },
      plain,
    });
  return { items: await boothsByIds(tx, ids) };
}
