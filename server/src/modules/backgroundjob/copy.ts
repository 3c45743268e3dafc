import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { category } from '../category/tables.ts';
import { company } from '../company/tables.ts';
import { exhibition, exhibitionHall, exhibitionSchedule } from '../exhibition/tables.ts';
import { exhibitor, exhibitorCategory } from '../exhibitor/tables.ts';
import { setting } from '../settings/tables.ts';
import { exhibitionFeature, exhibitionVersion } from '../version/tables.ts';
import { jobActor } from './service.ts';

const CHUNK = 500;

/** A row's own columns without its identity and timestamps, to insert as a copy (new columns follow along). */
function copyOf<T extends Record<string, unknown>>(row: T): Omit<T, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'> {
  const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...rest } = row;
  return rest;
}

/**
 * `exhibitor.copy`: the exhibitors of a past exhibition (or those named) join another exhibition of
 * the same host with their booth fields, topics and categories; companies already there are skipped.
 * Counters start at zero. One transaction, finished with the job.
 */
export const copyExhibitors: JobHandler = async (ctx) => {
  const { job, db } = ctx;
  const params = job.params as { fromExhibitionId: string; toExhibitionId: string; exhibitorIds?: string[] };
  const exhibitions = await db.select().from(exhibition).where(and(inArray(exhibition.id, [params.fromExhibitionId, params.toExhibitionId]), isNull(exhibition.deletedAt)));
  const from = exhibitions.find((e) => e.id === params.fromExhibitionId);
  const to = exhibitions.find((e) => e.id === params.toExhibitionId);
  if (!from || !to) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  if (from.hostId !== to.hostId) throw new JobError(ErrorCode.CopyAcrossHosts);

  const source = await db
    .select({ exhibitor })
    .from(exhibitor)
    .innerJoin(company, and(eq(company.id, exhibitor.companyId), isNull(company.deletedAt)))
    .where(
      and(
        eq(exhibitor.exhibitionId, from.id),
        isNull(exhibitor.deletedAt),
        ne(exhibitor.auditState, AuditState.Draft),
        params.exhibitorIds ? inArray(exhibitor.id, params.exhibitorIds) : undefined,
      ),
    );
  const present = new Set(
    (await db.select({ companyId: exhibitor.companyId }).from(exhibitor).where(and(eq(exhibitor.exhibitionId, to.id), isNull(exhibitor.deletedAt)))).map((r) => r.companyId),
  );
  const todo = source.map((s) => s.exhibitor).filter((e) => !present.has(e.companyId));
  ctx.progress({ processed: 0, total: todo.length, percent: 5 });

  await db.transaction(async (tx) => {
    for (let i = 0; i < todo.length; i += CHUNK) {
      ctx.checkpoint();
      const chunk = todo.slice(i, i + CHUNK);
      const ids = new Map(chunk.map((e) => [e.id, crypto.randomUUID()]));
      await tx.insert(exhibitor).values(
        chunk.map((e) => ({
          id: ids.get(e.id)!,
          exhibitionId: to.id,
          companyId: e.companyId,
          banner: e.banner,
          boothArea: e.boothArea,
          boothInfo: e.boothInfo,
          topic: e.topic,
          topicStart: e.topicStart,
          topicEnd: e.topicEnd,
          topicType: e.topicType,
          pTopic: e.pTopic,
          pTopicStart: e.pTopicStart,
          pTopicEnd: e.pTopicEnd,
          pTopicType: e.pTopicType,
          isPopularize: e.isPopularize,
          isShow: e.isShow,
          showIndex: e.showIndex,
          auditState: AuditState.Approved,
        })),
      );
      // Categories belong to the host; both exhibitions are the same host's, so the live ones carry over.
      const tags = await tx
        .select({ exhibitorId: exhibitorCategory.exhibitorId, categoryId: exhibitorCategory.categoryId, showIndex: exhibitorCategory.showIndex })
        .from(exhibitorCategory)
        .innerJoin(category, and(eq(category.id, exhibitorCategory.categoryId), eq(category.hostId, to.hostId), isNull(category.deletedAt)))
        .where(inArray(exhibitorCategory.exhibitorId, [...ids.keys()]));
      if (tags.length) await tx.insert(exhibitorCategory).values(tags.map((t) => ({ ...t, exhibitorId: ids.get(t.exhibitorId)! })));
      const done = Math.min(todo.length, i + CHUNK);
      ctx.progress({ processed: done, total: todo.length, percent: 5 + (95 * done) / todo.length });
    }
    const result = { copied: todo.length, skipped: source.length - todo.length, notFound: params.exhibitorIds ? new Set(params.exhibitorIds).size - source.length : 0 };
    await writeOpLog(tx, jobActor(job), {
      action: 'exhibitor.copy',
      targetType: 'backgroundJob',
      targetId: job.id,
      hostId: to.hostId,
      after: { fromExhibitionId: from.id, toExhibitionId: to.id, ...result },
    });
    await ctx.finish(tx, { result });
  });
};

/**
 * `exhibition.copy`: a new exhibition of the same host with the old one's fields, settings rows,
 * halls, schedules (moved by the difference of the start dates when both are known) and version.
 */
export const copyExhibition: JobHandler = async (ctx) => {
  const { job, db } = ctx;
  const params = job.params as { fromExhibitionId: string; name: string; nameEn?: string | null; startAt?: string | null; endAt?: string | null };
  const [from] = await db.select().from(exhibition).where(and(eq(exhibition.id, params.fromExhibitionId), isNull(exhibition.deletedAt)));
  if (!from) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const startAt = params.startAt ? new Date(params.startAt) : null;
  const endAt = params.endAt ? new Date(params.endAt) : null;
  const shift = startAt && from.startAt ? startAt.getTime() - from.startAt.getTime() : 0;
  const moved = (d: Date | null) => (d ? new Date(d.getTime() + shift) : d);

  const halls = await db.select().from(exhibitionHall).where(and(eq(exhibitionHall.exhibitionId, from.id), isNull(exhibitionHall.deletedAt)));
  const schedules = await db.select().from(exhibitionSchedule).where(and(eq(exhibitionSchedule.exhibitionId, from.id), isNull(exhibitionSchedule.deletedAt)));
  const settings = (await db.select().from(setting).where(and(eq(setting.exhibitionId, from.id), isNull(setting.exhibitorId)))).filter((s) => s.scope.includes(from.id));
  const [version] = await db.select().from(exhibitionVersion).where(eq(exhibitionVersion.exhibitionId, from.id));
  const features = await db.select().from(exhibitionFeature).where(eq(exhibitionFeature.exhibitionId, from.id));
  ctx.progress({ processed: 0, total: 1, percent: 20 });

  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(exhibition)
      .values({ ...copyOf(from), name: params.name, nameEn: params.nameEn ?? null, startAt: startAt ?? moved(from.startAt), endAt: endAt ?? moved(from.endAt) })
      .returning();
    const id = created!.id;
    if (halls.length) await tx.insert(exhibitionHall).values(halls.map((h) => ({ ...copyOf(h), exhibitionId: id })));
    if (schedules.length) await tx.insert(exhibitionSchedule).values(schedules.map((s) => ({ ...copyOf(s), exhibitionId: id, startAt: moved(s.startAt)!, endAt: moved(s.endAt) })));
    // Typed settings rows are keyed by the exhibition's id in `scope`.
    if (settings.length) await tx.insert(setting).values(settings.map((s) => ({ ...copyOf(s), exhibitionId: id, scope: s.scope.replaceAll(from.id, id) })));
    if (version) await tx.insert(exhibitionVersion).values({ exhibitionId: id, versionId: version.versionId });
    if (features.length) await tx.insert(exhibitionFeature).values(features.map((f) => ({ exhibitionId: id, featureId: f.featureId, enabled: f.enabled })));
    const result = { exhibitionId: id, halls: halls.length, schedules: schedules.length, settings: settings.length };
    await writeOpLog(tx, jobActor(job), { action: 'exhibition.copy', targetType: 'exhibition', targetId: id, hostId: from.hostId, after: { fromExhibitionId: from.id, name: params.name, ...result } });
    await ctx.finish(tx, { result });
  });
};
