import { shownTime } from '../../http/time.ts';
import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import { AuditState, ErrorCode, FormType, type FormItem, type MemberFilters } from '@pavilion/contract';
import { keyOf, orderOf, pagesByKey, type KeyOrder } from '../../db/keyset.ts';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import type { Lang, Text } from '../../http/i18n.ts';
import { storeSheet, writeSheetFile } from '../backgroundjob/xlsx.ts';
import { exhibition } from '../exhibition/tables.ts';
import { readForm } from '../form/service.ts';
import { formWrite } from '../form/tables.ts';
import { answerItems, answerText, groupNamesOf, memberFilterWhere } from './host-service.ts';
import { member } from './tables.ts';

const PAGE = 500;
/** The host's visitor list's order, newest first (docs/performance.md "Exports at scale": pages by key). */
const memberOrder: KeyOrder = [{ column: member.createdAt, descending: true }, { column: member.id }];

const header: Record<Lang, string[]> = {
  'zh-CN': ['姓名', '手机号', '邮箱', '公司', '职位', '观众分组', '审核状态', '黑名单', '票号', '登记时间'],
  en: ['Name', 'Mobile', 'E-mail', 'Company', 'Job title', 'Visitor group', 'Audit state', 'Blacklisted', 'Ticket no.', 'Registered at'],
};
const auditText: Record<number, Text> = {
  [AuditState.Pending]: { 'zh-CN': '待审核', en: 'Pending' },
  [AuditState.Approved]: { 'zh-CN': '已通过', en: 'Approved' },
  [AuditState.Rejected]: { 'zh-CN': '已驳回', en: 'Rejected' },
};
const yes: Text = { 'zh-CN': '是', en: 'Yes' };
const no: Text = { 'zh-CN': '否', en: 'No' };
/** Answers already in the fixed columns (copied onto the member row at registration). */
const COPIED = new Set(['name', 'mobile', 'email', 'company', 'jobTitle']);


/**
 * `member.export` (docs/members.md "Export"): the exhibition's visitors with the list's filters, one
 * row each: the fixed columns, then one column per answerable item of the visitor forms they answered
 * (the Chinese form's items first, then the English form's that are new, by item name).
 */
export const exportMembers: JobHandler = async (ctx) => {
  const { job, db, lang } = ctx;
  const exhibitionId = job.exhibitionId!;
  const [exh] = await db.select({ name: exhibition.name, nameEn: exhibition.nameEn }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const where = memberFilterWhere(exhibitionId, ((job.params as { filters?: MemberFilters }).filters ?? {}) as MemberFilters);

  const forms = await db
    .selectDistinct({ itemId: formWrite.itemId, formType: formWrite.formType })
    .from(formWrite)
    .where(and(eq(formWrite.exhibitionId, exhibitionId), inArray(formWrite.formType, [FormType.VisitorZh, FormType.VisitorEn])))
    .orderBy(asc(formWrite.formType), asc(formWrite.itemId));
  const items: FormItem[] = [];
  for (const f of forms)
    for (const item of answerItems((await readForm(db, f.itemId, f.formType)).formItems))
      if (!COPIED.has(item.name) && !items.some((i) => i.name === item.name)) items.push(item);

  const names = await groupNamesOf(db, exhibitionId);
  const total = await db.$count(member, where);
  let written = 0;
  async function* rows() {
    ctx.checkpoint();
    const pages = pagesByKey(memberOrder, PAGE, (range, limit) =>
      db
        .select({ ...getTableColumns(member), key: keyOf(memberOrder) })
        .from(member)
        .where(and(where, range))
        .orderBy(...orderOf(memberOrder))
        .limit(limit),
    );
    for await (const page of pages) {
      const answers = new Map<string, Record<string, unknown>>();
      if (page.length) {
        const writes = await db
          .select({ userId: formWrite.userId, formType: formWrite.formType, answers: formWrite.answers })
          .from(formWrite)
          .where(and(eq(formWrite.exhibitionId, exhibitionId), inArray(formWrite.userId, page.map((m) => m.userId)), inArray(formWrite.formType, [FormType.VisitorZh, FormType.VisitorEn])));
        for (const w of writes) answers.set(`${w.userId}:${w.formType}`, w.answers as Record<string, unknown>);
      }
      for (const m of page) {
        const own = answers.get(`${m.userId}:${m.lang === 'en' ? FormType.VisitorEn : FormType.VisitorZh}`) ?? answers.get(`${m.userId}:${FormType.VisitorZh}`) ?? answers.get(`${m.userId}:${FormType.VisitorEn}`) ?? {};
        yield [
          m.name,
          m.phoneNumber ?? '',
          m.email ?? '',
          m.company ?? '',
          m.jobTitle ?? '',
          m.groupId ? (names.get(m.groupId) ?? m.groupId) : '',
          auditText[m.auditState]?.[lang] ?? String(m.auditState),
          (m.blacklisted ? yes : no)[lang],
          m.ticketNo ?? '',
          shownTime(m.createdAt),
          ...items.map((i) => answerText(i, own[i.name])),
        ];
      }
      written += page.length;
      ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
      ctx.checkpoint();
    }
  }
  const file = await writeSheetFile(lang === 'en' ? 'Visitors' : '观众', [...header[lang], ...items.map((i) => i.label)], rows());
  const title = (lang === 'en' && exh.nameEn) || exh.name;
  const output = await storeSheet(ctx.storage, job.id, 'output', `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim()} ${lang === 'en' ? 'visitors' : '观众'}.xlsx`, file);
  return { result: { rows: written }, files: { output } };
};
