import { and, eq, getTableColumns, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { ErrorCode, type SupplyDemandExportBody } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import { containing } from '../../db/like.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { shownTime } from '../../http/time.ts';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { auditLabel, yesNo } from '../backgroundjob/messages.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { member } from '../member/tables.ts';
import { supplyDemand } from './tables.ts';

const PAGE = 500;
const order: KeyOrder = [{ column: supplyDemand.createdAt }, { column: supplyDemand.id }];

const header: Record<Lang, string[]> = {
  'zh-CN': ['类型', '标题', '描述', '发布者', '联系人', '联系电话', '联系邮箱', '有效期至', '审核状态', '驳回原因', '显示', '浏览', '评论', '发布时间'],
  en: ['Kind', 'Title', 'Description', 'Posted by', 'Contact', 'Phone', 'E-mail', 'Valid until', 'Audit state', 'Reason', 'Shown', 'Views', 'Comments', 'Posted at'],
};
const kindText: Record<string, Text> = { supply: { 'zh-CN': '供应', en: 'Supply' }, demand: { 'zh-CN': '需求', en: 'Demand' } };

/** `supplydemand.export`: the posts of one exhibition that match the filter the host chose, oldest first. */
export const exportSupplyDemand: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const f = job.params as SupplyDemandExportBody & { exhibitionId?: string };
  const [exh] = await db.select({ id: exhibition.id }).from(exhibition).where(and(eq(exhibition.id, f.exhibitionId ?? ''), isNull(exhibition.deletedAt)));
  if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const where = and(
    eq(supplyDemand.exhibitionId, exh.id),
    isNull(supplyDemand.deletedAt),
    f.exhibitorId ? eq(supplyDemand.exhibitorId, f.exhibitorId) : undefined,
    f.kind ? eq(supplyDemand.kind, f.kind) : undefined,
    f.auditState !== undefined ? eq(supplyDemand.auditState, f.auditState) : undefined,
    f.isShow !== undefined ? eq(supplyDemand.isShow, f.isShow) : undefined,
    f.keyword ? or(ilike(supplyDemand.title, containing(f.keyword)), ilike(supplyDemand.description, containing(f.keyword))) : undefined,
  )!;
  const total = await db.$count(supplyDemand, where);
  let rows = 0;
  async function* lines() {
    ctx.checkpoint();
    const read = (range: SQL | undefined, limit: number) =>
      db
        .select({ ...getTableColumns(supplyDemand), companyName: company.name, memberName: member.name, key: keyOf(order) })
        .from(supplyDemand)
        .leftJoin(exhibitor, eq(exhibitor.id, supplyDemand.exhibitorId))
        .leftJoin(company, eq(company.id, exhibitor.companyId))
        .leftJoin(member, and(isNull(supplyDemand.exhibitorId), eq(member.userId, supplyDemand.userId), eq(member.exhibitionId, supplyDemand.exhibitionId)))
        .where(and(where, range))
        .orderBy(...orderOf(order))
        .limit(limit);
    for await (const page of pagesByKey(order, PAGE, read)) {
      for (const r of page)
        yield [
          kindText[r.kind]?.[lang] ?? r.kind,
          r.title,
          r.description,
          r.companyName ?? r.memberName ?? '',
          r.contactName ?? '',
          r.contactPhone ?? '',
          r.contactEmail ?? '',
          r.validUntil ? shownTime(r.validUntil) : '',
          auditLabel(r.auditState, lang),
          r.auditReason ?? '',
          yesNo(r.isShow, lang),
          r.viewCount,
          r.commentCount,
          shownTime(r.createdAt),
        ];
      rows += page.length;
      ctx.progress({ processed: rows, total, percent: total ? Math.min(95, (95 * rows) / total) : 95 });
      ctx.checkpoint();
    }
  }
  const file = await writeSheetFile(lang === 'en' ? 'Supply and demand' : '供需', header[lang], lines());
  const output = await storeSheet(ctx.storage, job.id, 'output', lang === 'en' ? 'Supply and demand.xlsx' : '供需信息.xlsx', file);
  return { result: { rows }, files: { output } };
};
