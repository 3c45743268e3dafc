import { and, count, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { ErrorCode, type ConsultFilters } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { shownTime } from '../../http/time.ts';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { auditLabel, yesNo } from '../backgroundjob/messages.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { exhibition } from '../exhibition/tables.ts';
import { member } from '../member/tables.ts';
import { filterWhere } from './service.ts';
import { consult } from './tables.ts';

const PAGE = 500;
const order: KeyOrder = [{ column: consult.createdAt }, { column: consult.id }];

const header: Record<Lang, string[]> = {
  'zh-CN': ['提问时间', '观众', '类别', '咨询内容', '联系人', '联系电话', '联系邮箱', '同意公开', '显示', '审核状态', '驳回原因', '回复', '回复时间'],
  en: ['Asked at', 'Visitor', 'Category', 'Question', 'Contact', 'Phone', 'E-mail', 'May be public', 'Shown', 'Review', 'Reason', 'Answer', 'Answered at'],
};
const categoryText: Record<string, Text> = {
  registration: { 'zh-CN': '注册报名', en: 'Registration' },
  tickets: { 'zh-CN': '门票', en: 'Tickets' },
  exhibiting: { 'zh-CN': '参展', en: 'Exhibiting' },
  visiting: { 'zh-CN': '参观', en: 'Visiting' },
  other: { 'zh-CN': '其他', en: 'Other' },
};

/** `consult.export`: the questions of one exhibition that match the host's filter, oldest first. */
export const exportConsults: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const f = job.params as ConsultFilters;
  const [exh] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, f.exhibitionId ?? ''), isNull(exhibition.deletedAt)));
  if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const where = and(eq(consult.exhibitionId, exh.id), isNull(consult.deletedAt), filterWhere(f))!;
  const withMember = and(eq(member.userId, consult.userId), eq(member.exhibitionId, consult.exhibitionId));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(consult).leftJoin(member, withMember).where(where);
  let rows = 0;
  async function* lines() {
    ctx.checkpoint();
    const read = (range: SQL | undefined, limit: number) =>
      db
        .select({ ...getTableColumns(consult), visitorName: member.name, key: keyOf(order) })
        .from(consult)
        .leftJoin(member, withMember)
        .where(and(where, range))
        .orderBy(...orderOf(order))
        .limit(limit);
    for await (const page of pagesByKey(order, PAGE, read)) {
      for (const r of page)
        yield [
          shownTime(r.createdAt),
          r.visitorName ?? '',
          r.category ? (categoryText[r.category]?.[lang] ?? r.category) : '',
          r.question,
          r.contactName ?? '',
          r.contactPhone ?? '',
          r.contactEmail ?? '',
          yesNo(r.isPublic, lang),
          yesNo(r.isShow, lang),
          auditLabel(r.auditState, lang),
          r.auditReason ?? '',
          r.answer ?? '',
          r.answeredAt ? shownTime(r.answeredAt) : '',
        ];
      rows += page.length;
      ctx.progress({ processed: rows, total, percent: total ? Math.min(95, (95 * rows) / total) : 95 });
      ctx.checkpoint();
    }
  }
  const file = await writeSheetFile(lang === 'en' ? 'Questions' : '观众咨询', header[lang], lines());
  const output = await storeSheet(ctx.storage, job.id, 'output', lang === 'en' ? 'Visitor questions.xlsx' : '观众咨询.xlsx', file);
  return { result: { rows }, files: { output } };
};
