import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { appointmentFilters, type AppointmentFilters } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { shownTime } from '../../http/time.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { company } from '../company/tables.ts';
import { companyStaff } from '../company/staff-tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { appointmentFilterWhere } from './service.ts';
import { exhibitorAppointment } from './tables.ts';

const PAGE = 500;
const order: KeyOrder = [{ column: exhibitorAppointment.startAt }, { column: exhibitorAppointment.id }];

/**
 * What the job keeps: the scope decided when it was queued (an exhibitor's export names its own exhibitor, which is
 * also what lets it read the job, see backgroundJobScope) and the page's filters.
 */
export type AppointmentExportParams = { exhibitionId: string; exhibitorId: string | null; filters: AppointmentFilters };

const header: Record<Lang, string[]> = {
  'zh-CN': ['开始时间', '结束时间', '展商', '主题', '留言', '状态', '接待人员', '建议开始时间', '联系人', '手机号', '邮箱', '公司', '拒绝原因', '提交时间'],
  en: ['Starts', 'Ends', 'Exhibitor', 'Subject', 'Message', 'State', 'Staff', 'Proposed start', 'Contact', 'Mobile', 'E-mail', 'Company', 'Decline reason', 'Requested at'],
};
const stateText: Record<string, Text> = {
  pending: { 'zh-CN': '待确认', en: 'Pending' },
  proposed: { 'zh-CN': '已改约', en: 'New time proposed' },
  accepted: { 'zh-CN': '已接受', en: 'Accepted' },
  declined: { 'zh-CN': '已拒绝', en: 'Declined' },
  cancelled: { 'zh-CN': '已取消', en: 'Cancelled' },
};

const whereOf = (p: AppointmentExportParams): SQL =>
  and(
    isNull(exhibitorAppointment.deletedAt),
    eq(exhibitorAppointment.exhibitionId, p.exhibitionId),
    p.exhibitorId ? eq(exhibitorAppointment.exhibitorId, p.exhibitorId) : undefined,
    appointmentFilterWhere({ ...p.filters, exhibitionId: undefined, exhibitorId: undefined }),
  )!;

/** `appointment.export`: the meetings of the queued scope and filters, by start; the visitor's contact only when shared. */
export const exportAppointments: JobHandler = async (ctx) => {
  const { db, lang, job } = ctx;
  const raw = job.params as Partial<AppointmentExportParams>;
  const params: AppointmentExportParams = { exhibitionId: raw.exhibitionId ?? '', exhibitorId: raw.exhibitorId ?? null, filters: appointmentFilters.parse(raw.filters ?? {}) };
  const where = whereOf(params);
  const total = await db.$count(exhibitorAppointment, where);
  let written = 0;
  async function* lines() {
    ctx.checkpoint();
    for await (const page of pagesByKey(order, PAGE, (range, limit) =>
      db
        .select({ a: exhibitorAppointment, companyName: company.name, staffName: companyStaff.name, key: keyOf(order) })
        .from(exhibitorAppointment)
        .innerJoin(exhibitor, eq(exhibitor.id, exhibitorAppointment.exhibitorId))
        .leftJoin(company, eq(company.id, exhibitor.companyId))
        .leftJoin(companyStaff, eq(companyStaff.id, exhibitorAppointment.staffId))
        .where(and(where, range))
        .orderBy(...orderOf(order))
        .limit(limit),
    )) {
      for (const { a, companyName, staffName } of page) {
        const c = a.shareContact;
        yield [
          shownTime(a.startAt),
          shownTime(a.endAt),
          companyName ?? '',
          a.subject,
          a.message ?? '',
          stateText[a.state]?.[lang] ?? a.state,
          staffName ?? '',
          a.proposedStartAt ? shownTime(a.proposedStartAt) : '',
          c ? (a.contactName ?? '') : '',
          c ? (a.contactPhone ?? '') : '',
          c ? (a.contactEmail ?? '') : '',
          c ? (a.contactCompany ?? '') : '',
          a.declineReason ?? '',
          shownTime(a.createdAt),
        ];
      }
      written += page.length;
      ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
      ctx.checkpoint();
    }
  }
  const file = await writeSheetFile(lang === 'en' ? 'Appointments' : '约见', header[lang], lines());
  const output = await storeSheet(ctx.storage, job.id, 'output', lang === 'en' ? 'appointments.xlsx' : '约见.xlsx', file);
  return { result: { rows: written }, files: { output } };
};
