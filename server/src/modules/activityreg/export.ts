import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import type { Executor } from '../../db/client.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { shownTime } from '../../http/time.ts';
import { JobError, type JobContext, type JobHandler } from '../../jobs/runner.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { answerItems, answerText } from '../member/host-service.ts';
import { member } from '../member/tables.ts';
import { activity, activityLiveViewer, activityReg, activityTicketType } from '../activity/tables.ts';
import { activityForm } from './service.ts';

const PAGE = 500;
const regOrder: KeyOrder = [{ column: activityReg.createdAt }, { column: activityReg.id }];
const viewerOrder: KeyOrder = [{ column: activityLiveViewer.firstAt }, { column: activityLiveViewer.id }];

const regHeader: Record<Lang, string[]> = {
  'zh-CN': ['姓名', '手机号', '邮箱', '公司', '票种', '状态', '票号', '签到时间', '报名时间'],
  en: ['Name', 'Mobile', 'E-mail', 'Company', 'Ticket kind', 'Status', 'Ticket code', 'Checked in at', 'Registered at'],
};
const viewerHeader: Record<Lang, string[]> = {
  'zh-CN': ['姓名', '手机号', '公司', '首次观看', '最近观看', '观看次数'],
  en: ['Name', 'Mobile', 'Company', 'First seen', 'Last seen', 'Visits'],
};
const statusText: Record<string, Text> = {
  registered: { 'zh-CN': '已报名', en: 'Registered' },
  waiting: { 'zh-CN': '候补', en: 'Waiting' },
  cancelled: { 'zh-CN': '已取消', en: 'Cancelled' },
};

async function activityOf(db: Executor, ctx: JobContext) {
  const activityId = (ctx.job.params as { activityId?: string }).activityId ?? '';
  const [a] = await db.select({ id: activity.id, title: activity.title, titleEn: activity.titleEn }).from(activity).where(and(eq(activity.id, activityId), isNull(activity.deletedAt)));
  if (!a) throw new JobError(ErrorCode.NotFound, { what: 'activity' });
  return a;
}
const fileName = (a: { title: string; titleEn: string | null }, lang: Lang, what: Text) => `${((lang === 'en' && a.titleEn) || a.title).replace(/[\\/:*?"<>|]+/g, ' ').trim()} ${what[lang]}.xlsx`;

/** Rows of `where` in pages by key, with progress after each page. */
async function* paged<R extends { key: string[] }>(ctx: JobContext, order: KeyOrder, total: number, read: (range: SQL | undefined, limit: number) => Promise<R[]>, row: (r: R) => unknown[], done: (n: number) => void) {
  let written = 0;
  ctx.checkpoint();
  for await (const page of pagesByKey(order, PAGE, read)) {
    for (const r of page) yield row(r);
    written += page.length;
    done(written);
    ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
    ctx.checkpoint();
  }
}

/** `activityreg.export`: one activity's registrations, oldest first, then one column per item of its form (if any). */
export const exportActivityRegs: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const a = await activityOf(db, ctx);
  const form = await activityForm(db, a.id);
  const items = form ? answerItems(form.formItems) : [];
  const where = eq(activityReg.activityId, a.id);
  const total = await db.$count(activityReg, where);
  let rows = 0;
  const lines = paged(
    ctx,
    regOrder,
    total,
    (range, limit) =>
      db
        .select({ ...getTableColumns(activityReg), ticketTypeName: activityTicketType.name, key: keyOf(regOrder) })
        .from(activityReg)
        .leftJoin(activityTicketType, eq(activityTicketType.id, activityReg.ticketTypeId))
        .where(and(where, range))
        .orderBy(...orderOf(regOrder))
        .limit(limit),
    (r) => {
      const answers = (r.answers ?? {}) as Record<string, unknown>;
      return [
        r.name,
        r.phoneNumber ?? '',
        r.email ?? '',
        r.company ?? '',
        r.ticketTypeName ?? '',
        statusText[r.status]?.[lang] ?? r.status,
        r.ticketCode ?? '',
        r.checkedInAt ? shownTime(r.checkedInAt) : '',
        shownTime(r.createdAt),
        ...items.map((i) => answerText(i, answers[i.name])),
      ];
    },
    (n) => (rows = n),
  );
  const file = await writeSheetFile(lang === 'en' ? 'Registrations' : '报名', [...regHeader[lang], ...items.map((i) => i.label)], lines);
  const output = await storeSheet(ctx.storage, job.id, 'output', fileName(a, lang, { 'zh-CN': '报名', en: 'registrations' }), file);
  return { result: { rows }, files: { output } };
};

/** `activity.liveviewer`: the signed-in visitors who opened the activity's live coverage, first seen first. */
export const exportLiveViewers: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const a = await activityOf(db, ctx);
  const where = eq(activityLiveViewer.activityId, a.id);
  const total = await db.$count(activityLiveViewer, where);
  let rows = 0;
  const lines = paged(
    ctx,
    viewerOrder,
    total,
    (range, limit) =>
      db
        .select({ name: member.name, phone: member.phoneNumber, company: member.company, firstAt: activityLiveViewer.firstAt, lastAt: activityLiveViewer.lastAt, visits: activityLiveViewer.visits, key: keyOf(viewerOrder) })
        .from(activityLiveViewer)
        .innerJoin(member, eq(member.id, activityLiveViewer.memberId))
        .where(and(where, range))
        .orderBy(...orderOf(viewerOrder))
        .limit(limit),
    (r) => [r.name, r.phone ?? '', r.company ?? '', shownTime(r.firstAt), shownTime(r.lastAt), r.visits],
    (n) => (rows = n),
  );
  const file = await writeSheetFile(lang === 'en' ? 'Live viewers' : '直播观众', viewerHeader[lang], lines);
  const output = await storeSheet(ctx.storage, job.id, 'output', fileName(a, lang, { 'zh-CN': '直播观众', en: 'live viewers' }), file);
  return { result: { rows }, files: { output } };
};
