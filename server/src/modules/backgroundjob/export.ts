import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, exhibitorImportColumns, type Exhibitor } from '@pavilion/contract';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { company } from '../company/tables.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorPage, type ExhibitorFilter } from '../exhibitor/service.ts';
import { auditLabel, exportExtraHeader, sheetNames, yesNo } from './messages.ts';
import { headerCell } from './sheet-import.ts';
import { storeSheet, writeSheetFile } from './xlsx.ts';

const PAGE = 1000;

/**
 * `exhibitor.export`: the exhibition's exhibitors (the host list's filters) to an .xlsx written by
 * the streaming writer, page by page; the columns are the import's, so an export can be edited
 * and imported back, followed by audit state, show state and creation time.
 */
export const exportExhibitors: JobHandler = async (ctx) => {
  const { job, db, lang } = ctx;
  const exhibitionId = job.exhibitionId!;
  const [exh] = await db.select({ name: exhibition.name, nameEn: exhibition.nameEn }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const filters = ((job.params as { filters?: ExhibitorFilter }).filters ?? {}) as ExhibitorFilter;
  const scope = and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt))!;
  const query = { ...filters, exhibitionId };

  let written = 0;
  let total = 0;
  async function* rows() {
    for (let pageIndex = 1; ; pageIndex++) {
      ctx.checkpoint();
      const page = await exhibitorPage(db, scope, { ...query, pageIndex, pageSize: PAGE });
      total = page.totalCount;
      const ids = [...new Set(page.items.map((e) => e.compId))];
      const contacts = new Map(
        ids.length ? (await db.select({ id: company.id, phone: company.phone, email: company.email }).from(company).where(inArray(company.id, ids))).map((c) => [c.id, c]) : [],
      );
      for (const e of page.items) yield toRow(e, contacts.get(e.compId));
      written += page.items.length;
      ctx.progress({ processed: written, total, percent: total ? (95 * written) / total : 95 });
      if (page.items.length < PAGE) return;
    }
  }
  const toRow = (e: Exhibitor, contact?: { phone: string | null; email: string | null }) => [
    e.id,
    e.company.name,
    e.company.nameEn ?? '',
    e.company.region ?? '',
    e.company.address ?? '',
    e.boothInfo ?? '',
    e.boothArea ?? '',
    e.categories.map((c) => (lang === 'en' && c.nameEn) || c.name).join(','),
    contact?.phone ?? '',
    contact?.email ?? '',
    '',
    auditLabel(e.auditState, lang),
    yesNo(e.isShow, lang),
    e.createAt.slice(0, 19).replace('T', ' '),
  ];
  const file = await writeSheetFile(sheetNames.export, [...exhibitorImportColumns.map(headerCell), ...exportExtraHeader], rows());
  const title = (lang === 'en' && exh.nameEn) || exh.name;
  const output = await storeSheet(ctx.storage, job.id, 'output', `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim()} ${lang === 'en' ? 'exhibitors' : '展商'}.xlsx`, file);
  return { result: { rows: written }, files: { output } };
};
