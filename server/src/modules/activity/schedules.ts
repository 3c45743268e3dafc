import { and, asc, count, eq } from 'drizzle-orm';
import {
  activitySchedule as activityScheduleSchema,
  activityScheduleCreateBody,
  activityScheduleListQuery,
  activitySchedulePatchBody,
  activityGetQuery,
  MAX_SCHEDULE_ITEMS,
  ok as okSchema,
  Role,
  type ActivitySchedule,
  type Speaker,
} from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../auth/guard.ts';
import type { UserPrincipal } from '../../auth/principal.ts';
import { inTransaction, type WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { afterActivitySave, exhibitionOfActivity, loadActivity, visibleActivities } from './service.ts';
import { activity, activitySchedule } from './tables.ts';

type Row = typeof activitySchedule.$inferSelect;
type CreateBody = z.infer<typeof activityScheduleCreateBody>;
type PatchBody = z.infer<typeof activitySchedulePatchBody>;

export const toSchedule = (r: Row): ActivitySchedule => ({
  id: r.id,
  activityId: r.activityId,
  title: r.title,
  titleEn: r.titleEn,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  speakers: r.speakers as Speaker[],
  description: r.description,
  showIndex: r.showIndex,
});

export const scheduleOrder = [asc(activitySchedule.startAt), asc(activitySchedule.showIndex), asc(activitySchedule.id)];

export async function listSchedules(db: Executor, p: UserPrincipal, activityId: string): Promise<ActivitySchedule[]> {
  await loadActivity(db, p, activityId);
  const rows = await db.select().from(activitySchedule).where(eq(activitySchedule.activityId, activityId)).orderBy(...scheduleOrder);
  return rows.map(toSchedule);
}

async function loadSchedule(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await db
    .select({ schedule: activitySchedule })
    .from(activitySchedule)
    .innerJoin(activity, eq(activity.id, activitySchedule.activityId))
    .where(and(visibleActivities(p), eq(activitySchedule.id, id)));
  if (!row) throw notFound('activitySchedule');
  return row.schedule;
}

/** An agenda item lies inside its activity's times, and ends after it starts. */
function checkTimes(parent: { startAt: Date; endAt: Date }, startAt: Date, endAt: Date) {
  if (endAt <= startAt) throw fieldError('endAt', 'afterStart');
  if (startAt < parent.startAt) throw fieldError('startAt', 'outsideActivity');
  if (endAt > parent.endAt) throw fieldError('endAt', 'outsideActivity');
}

/** The agenda is part of an exhibitor's content: its own change sends the activity back to the host's audit. */
async function touched(ctx: WriteContext, row: typeof activity.$inferSelect) {
  if (ctx.principal.role === Role.Exhibitor && row.exhibitorId) await afterActivitySave(ctx, row);
}

export async function createSchedule(ctx: WriteContext, body: CreateBody): Promise<ActivitySchedule> {
  const { tx, principal: p, actor } = ctx;
  const parent = await loadActivity(tx, p, body.activityId);
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  checkTimes(parent.activity, startAt, endAt);
  await tx.select({ id: activity.id }).from(activity).where(eq(activity.id, body.activityId)).for('update');
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(activitySchedule).where(eq(activitySchedule.activityId, body.activityId));
  if (n >= MAX_SCHEDULE_ITEMS) throw fieldError('activityId', 'tooLong', { max: String(MAX_SCHEDULE_ITEMS) });
  const [row] = await tx
    .insert(activitySchedule)
    .values({ activityId: body.activityId, title: body.title, titleEn: body.titleEn || null, startAt, endAt, speakers: body.speakers, description: body.description, showIndex: body.showIndex })
    .returning();
  await writeOpLog(tx, actor, { action: 'activitySchedule.create', targetType: 'activitySchedule', targetId: row!.id, hostId: parent.hostId, after: row });
  await touched(ctx, parent.activity);
  return toSchedule(row!);
}

export async function updateSchedule(ctx: WriteContext, id: string, body: PatchBody): Promise<ActivitySchedule> {
  const { tx, principal: p, actor } = ctx;
  const before = await loadSchedule(tx, p, id);
  const parent = await loadActivity(tx, p, before.activityId);
  const startAt = body.startAt !== undefined ? new Date(body.startAt) : before.startAt;
  const endAt = body.endAt !== undefined ? new Date(body.endAt) : before.endAt;
  checkTimes(parent.activity, startAt, endAt);
  const values: Partial<typeof activitySchedule.$inferInsert> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.titleEn !== undefined) values.titleEn = body.titleEn || null;
  if (body.startAt !== undefined) values.startAt = startAt;
  if (body.endAt !== undefined) values.endAt = endAt;
  if (body.speakers !== undefined) values.speakers = body.speakers;
  if (body.description !== undefined) values.description = body.description;
  if (body.showIndex !== undefined) values.showIndex = body.showIndex;
  if (!Object.keys(values).length) return toSchedule(before);
  const [row] = await tx.update(activitySchedule).set(values).where(eq(activitySchedule.id, id)).returning();
  await writeOpLog(tx, actor, { action: 'activitySchedule.update', targetType: 'activitySchedule', targetId: id, hostId: parent.hostId, before, after: values });
  await touched(ctx, parent.activity);
  return toSchedule(row!);
}

export async function deleteSchedule(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const before = await loadSchedule(tx, p, id);
  const parent = await loadActivity(tx, p, before.activityId);
  await tx.delete(activitySchedule).where(eq(activitySchedule.id, id));
  await writeOpLog(tx, actor, { action: 'activitySchedule.delete', targetType: 'activitySchedule', targetId: id, hostId: parent.hostId, before });
  await touched(ctx, parent.activity);
}

async function exhibitionOfSchedule(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ activityId: activitySchedule.activityId }).from(activitySchedule).where(eq(activitySchedule.id, id));
  if (!row) throw notFound('activitySchedule');
  return exhibitionOfActivity(db, row.activityId);
}

/** The agenda of an activity (`/api/v3/activityschedule`), gated by the feature key `activity`. */
export const activityScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['activitySchedule'];
  const q = (r: FastifyRequest) => r.query as Record<string, string | undefined>;
  const b = (r: FastifyRequest) => (r.body ?? {}) as Record<string, unknown>;
  const gated = (find: (r: FastifyRequest) => Promise<string>) => ({ feature: 'activity' as const, featureExhibition: find });
  /** Titles, descriptions and speakers through the sensitive-word check, before the transaction. */
  const cleaned = async <T extends { title?: string | undefined; titleEn?: string | null | undefined; description?: string | undefined; speakers?: Speaker[] | undefined }>(body: T): Promise<T> => {
    const out = await checkText(app.deps, { title: body.title, titleEn: body.titleEn ?? undefined, description: body.description });
    const speakers = body.speakers
      ? await Promise.all(
          body.speakers.map(async (s, i) => {
            const t = await checkText(app.deps, { [`speakers.${i}.name`]: s.name, [`speakers.${i}.title`]: s.title });
            return { ...s, name: t[`speakers.${i}.name`]!, title: t[`speakers.${i}.title`] ?? s.title };
          }),
        )
      : undefined;
    return {
      ...body,
      ...(body.title !== undefined ? { title: out.title } : {}),
      ...(body.titleEn ? { titleEn: out.titleEn } : {}),
      ...(body.description !== undefined ? { description: out.description } : {}),
      ...(speakers ? { speakers } : {}),
    };
  };

  app.get(
    '/api/v3/activityschedule/list',
    {
      config: { permission: 'activity.read', ...gated((r) => exhibitionOfActivity(db, q(r).activityId!)) },
      schema: { summary: 'An activity’s agenda, in time order', tags, querystring: activityScheduleListQuery, response: { 200: okSchema(z.array(activityScheduleSchema)) } },
    },
    async (request) => ok(await listSchedules(db, userOf(request), request.query.activityId)),
  );
  app.post(
    '/api/v3/activityschedule',
    {
      config: { permission: 'activity.write', ...gated((r) => exhibitionOfActivity(db, String(b(r).activityId))) },
      schema: {
        summary: `Add an agenda item (inside the activity’s times; at most ${MAX_SCHEDULE_ITEMS}); an exhibitor’s change sends its activity back to the host’s audit`,
        tags,
        body: activityScheduleCreateBody,
        response: { 200: okSchema(activityScheduleSchema) },
      },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => createSchedule(ctx, body)));
    },
  );
  app.put(
    '/api/v3/activityschedule/patch',
    {
      config: { permission: 'activity.write', ...gated((r) => exhibitionOfSchedule(db, q(r).id!)) },
      schema: { summary: 'Change an agenda item (only the fields sent; still inside the activity’s times)', tags, querystring: activityGetQuery, body: activitySchedulePatchBody, response: { 200: okSchema(activityScheduleSchema) } },
    },
    async (request) => {
      const body = await cleaned(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateSchedule(ctx, request.query.id, body)));
    },
  );
  app.delete(
    '/api/v3/activityschedule',
    {
      config: { permission: 'activity.write', ...gated((r) => exhibitionOfSchedule(db, q(r).id!)) },
      schema: { summary: 'Delete an agenda item', tags, querystring: activityGetQuery, response: { 200: okSchema(z.boolean()) } },
    },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteSchedule(ctx, request.query.id));
      return ok(true);
    },
  );
};
