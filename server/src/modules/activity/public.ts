import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AuditState, ErrorCode, toPage, type Page, type PublicActivity, type PublicActivityDetail } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Lang } from '../../http/i18n.ts';
import { company } from '../company/tables.ts';
import { exhibition, exhibitionHall } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { publicExhibitorRows } from '../expo/scope.ts';
import { effectiveKeys } from '../version/service.ts';
import { activityConditions, phaseOf, type ActivityRow } from './service.ts';
import { scheduleOrder, toSchedule } from './schedules.ts';
import { ticketTypesOf } from './ticket-types.ts';
import { activity, activityCategory, activitySchedule } from './tables.ts';
import { iso } from '../../http/time.ts';

/**
 * What visitors see of an exhibition's activities: approved, shown, published (not cancelled), not deleted; an
 * exhibitor's only while the exhibitor itself is on the visitor site (shown, approved).
 */
export const publicActivities = (exhibitionId: string): SQL =>
  and(
    eq(activity.exhibitionId, exhibitionId),
    isNull(activity.deletedAt),
    eq(activity.auditState, AuditState.Approved),
    eq(activity.isShow, true),
    eq(activity.state, 'published'),
    or(isNull(activity.exhibitorId), sql`${activity.exhibitorId} in (select ${exhibitor.id} from ${exhibitor} where ${publicExhibitorRows(exhibitionId)})`),
  )!;

/** The exhibition is online (live) and runs the `activity` feature; otherwise its programme is not there. */
async function onlineExhibition(db: Executor, exhibitionId: string) {
  const [row] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!row) throw notFound('exhibition');
  if (!(await effectiveKeys(db, exhibitionId)).includes('activity')) throw new AppError(ErrorCode.FeatureNotEnabled, { detail: 'activity' });
}


const named = (lang: Lang, name: string | null | undefined, nameEn: string | null | undefined) => (name == null ? null : lang === 'en' && nameEn ? nameEn : name);

/** An activity as visitors see it, with its organiser, hall and category named in the caller's language. */
export const toPublicActivity = (row: PublicActivityRow, lang: Lang, now: Date): PublicActivity => {
  const r: ActivityRow = row.activity;
  return {
    id: r.id,
    exhibitionId: r.exhibitionId,
    exhibitorId: r.exhibitorId,
    companyName: row.companyName,
    categoryId: r.categoryId,
    hallId: r.hallId,
    hallName: named(lang, row.hallName, row.hallNameEn),
    categoryName: named(lang, row.categoryName, row.categoryNameEn),
    kind: r.kind as PublicActivity['kind'],
    title: r.title,
    titleEn: r.titleEn,
    cover: r.cover,
    venue: r.venue,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    regEnabled: r.regEnabled,
    regStartAt: iso(r.regStartAt),
    regEndAt: iso(r.regEndAt),
    capacity: r.capacity,
    waitlist: r.waitlist,
    regCount: r.regCount,
    phase: phaseOf(r, now),
    liveOpen: r.liveOpen,
  };
};

/** Activities with what `toPublicActivity` names: the exhibitor's company, the hall, the category. */
export const publicActivityRows = (db: Executor) =>
  db
    .select({ activity, companyName: company.name, hallName: exhibitionHall.name, hallNameEn: exhibitionHall.nameEn, categoryName: activityCategory.name, categoryNameEn: activityCategory.nameEn })
    .from(activity)
    .leftJoin(exhibitor, eq(exhibitor.id, activity.exhibitorId))
    .leftJoin(company, eq(company.id, exhibitor.companyId))
    .leftJoin(exhibitionHall, and(eq(exhibitionHall.id, activity.hallId), isNull(exhibitionHall.deletedAt)))
    .leftJoin(activityCategory, and(eq(activityCategory.id, activity.categoryId), isNull(activityCategory.deletedAt)));
export type PublicActivityRow = Awaited<ReturnType<ReturnType<typeof publicActivityRows>['where']>>[number];

export type PublicActivityFilter = { day?: string | undefined; categoryId?: string | undefined; hallId?: string | undefined; kind?: PublicActivity['kind'] | undefined; exhibitorId?: string | undefined };

/** The programme: what visitors see, in time order. */
export async function publicActivityPage(db: Executor, exhibitionId: string, f: PublicActivityFilter, q: { pageIndex: number; pageSize: number }, lang: Lang): Promise<Page<PublicActivity>> {
  await onlineExhibition(db, exhibitionId);
  const now = new Date();
  const where = and(publicActivities(exhibitionId), ...activityConditions(f, now))!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(activity).where(where);
  if (!total) return toPage([], 0, q);
  const rows = await publicActivityRows(db)
    .where(where)
    .orderBy(asc(activity.startAt), asc(activity.showIndex), asc(activity.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return toPage(
    rows.map((r) => toPublicActivity(r, lang, now)),
    total,
    q,
  );
}

/** An activity's page: its introduction in the caller's language (the other when that one is empty), agenda and ticket kinds. */
export async function publicActivityDetail(db: Executor, exhibitionId: string, activityId: string, lang: Lang): Promise<PublicActivityDetail> {
  await onlineExhibition(db, exhibitionId);
  const [row] = await publicActivityRows(db).where(and(publicActivities(exhibitionId), eq(activity.id, activityId)));
  if (!row) throw notFound('activity');
  const a = row.activity;
  const schedules = await db.select().from(activitySchedule).where(eq(activitySchedule.activityId, activityId)).orderBy(...scheduleOrder);
  const introduction = lang === 'en' ? a.introductionEn || a.introductionZh : a.introductionZh || a.introductionEn;
  return {
    ...toPublicActivity(row, lang, new Date()),
    introduction,
    schedules: schedules.map(toSchedule),
    ticketTypes: await ticketTypesOf(db, activityId),
  };
}
