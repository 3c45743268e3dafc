import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { AuditState, enquiryFilters, type EnquiryFilters } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { shownTime } from '../../http/time.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { yesNo } from '../backgroundjob/messages.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { company } from '../company/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { product } from '../product/tables.ts';
import { filterWhere } from './service.ts';
import { enquiry } from './tables.ts';

const PAGE = 500;
const order: KeyOrder = [{ column: enquiry.createdAt }, { column: enquiry.id }];

/** What the job keeps: the scope decided when it was queued (the exhibitor's own rows only), and the filters. */
export type EnquiryExportParams = { exhibitionId: string; exhibitorId: string | null; approvedOnly: boolean; filters: EnquiryFilters };

const header: Record<Lang, string[]> = {
  'zh-CN': ['时间', '展商', '来源', '产品', '内容', '样品', '状态', '联系人', '手机号', '邮箱', '公司', '回复', '回复时间'],
  en: ['Time', 'Exhibitor', 'Source', 'Product', 'Content', 'Sample', 'State', 'Contact', 'Mobile', 'E-mail', 'Company', 'Reply', 'Replied at'],
};
const sourceText: Record<string, Text> = { booth: { 'zh-CN': '展位', en: 'Booth' }, product: { 'zh-CN': '产品', en: 'Product' }, live: { 'zh-CN': '直播', en: 'Live' } };
const stateText: Record<string, Text> = {
  new: { 'zh-CN': '未读', en: 'New' },
  read: { 'zh-CN': '已读', en: 'Read' },
  answered: { 'zh-CN': '已回复', en: 'Answered' },
  closed: { 'zh-CN': '已关闭', en: 'Closed' },
};

const whereOf = (p: EnquiryExportParams): SQL =>
  and(
    isNull(enquiry.deletedAt),
    eq(enquiry.exhibitionId, p.exhibitionId),
    p.exhibitorId ? eq(enquiry.exhibitorId, p.exhibitorId) : undefined,
    p.approvedOnly ? eq(enquiry.auditState, AuditState.Approved) : undefined,
    filterWhere(p.filters),
  )!;

/** `enquiry.export`: the enquiries of the queued scope and filters, oldest first; contact columns only when shared. */
export const exportEnquiries: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const raw = job.params as Partial<EnquiryExportParams>;
  const params: EnquiryExportParams = { exhibitionId: raw.exhibitionId ?? '', exhibitorId: raw.exhibitorId ?? null, approvedOnly: raw.approvedOnly !== false, filters: enquiryFilters.parse(raw.filters ?? {}) };
  const where = whereOf(params);
  const total = await db.$count(enquiry, where);
  let written = 0;
  async function* lines() {
    ctx.checkpoint();
    for await (const page of pagesByKey(order, PAGE, (range, limit) =>
      db
        .select({ e: enquiry, companyName: company.name, productName: product.name, key: keyOf(order) })
        .from(enquiry)
        .innerJoin(exhibitor, eq(exhibitor.id, enquiry.exhibitorId))
        .leftJoin(company, eq(company.id, exhibitor.companyId))
        .leftJoin(product, eq(product.id, enquiry.productId))
        .where(and(where, range))
        .orderBy(...orderOf(order))
        .limit(limit),
    )) {
      for (const { e, companyName, productName } of page) {
        const c = e.shareContact;
        yield [
          shownTime(e.createdAt),
          companyName ?? '',
          sourceText[e.source]?.[lang] ?? e.source,
          productName ?? '',
          e.content,
          yesNo(e.isSample, lang),
          stateText[e.state]?.[lang] ?? e.state,
          c ? (e.contactName ?? '') : '',
          c ? (e.contactPhone ?? '') : '',
          c ? (e.contactEmail ?? '') : '',
          c ? (e.contactCompany ?? '') : '',
          e.reply ?? '',
          e.repliedAt ? shownTime(e.repliedAt) : '',
        ];
      }
      written += page.length;
      ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
      ctx.checkpoint();
    }
  }
  const file = await writeSheetFile(lang === 'en' ? 'Enquiries' : '询盘', header[lang], lines());
  const output = await storeSheet(ctx.storage, job.id, 'output', lang === 'en' ? 'enquiries.xlsx' : '询盘.xlsx', file);
  return { result: { rows: written }, files: { output } };
};
