import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode, exhibitorImportColumns } from '@pavilion/contract';
import type { Executor } from '../../db/client.ts';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { company } from '../company/tables.ts';
import { categoriesOf, exhibitorCount, exhibitorIdPages, exhibitorListWhere, type CategoryRef, type ExhibitorFilter } from '../exhibitor/service.ts';
import { auditLabel, exportExtraHeader, sheetNames, yesNo } from './messages.ts';
import { headerCell } from './sheet-import.ts';
import { storeSheet, writeSheetFile } from './xlsx.ts';

/**
 * The exported columns of a page of exhibitors, in no order. Only these, and pages of 100: a page's
 * rows live while the sheet writer makes its garbage, and rows that outlive a young-generation
 * collection are promoted and stay until the next full one (with pages of 1,000 rows of whole records
 * the heap grew by 200 MB of such garbage over 100,000 rows; docs/performance.md "Exports at scale").
 */
const exportedRows = (db: Executor, ids: string[]) =>
  db
    .select({
      id: exhibitor.id,
      boothInfo: exhibitor.boothInfo,
      boothArea: exhibitor.boothArea,
      auditState: exhibitor.auditState,
      isShow: exhibitor.isShow,
      createdAt: exhibitor.createdAt,
      name: company.name,
      nameEn: company.nameEn,
      region: company.region,
      address: company.address,
      phone: company.phone,
      email: company.email,
    })
    .from(exhibitor)
    .innerJoin(company, and(eq(company.id, exhibitor.companyId), isNull(company.deletedAt)))
    .where(inArray(exhibitor.id, ids));
type ExportedExhibitor = Awaited<ReturnType<typeof exportedRows>>[number];

/**
 * `exhibitor.export`: the exhibition's exhibitors (the host list's filters, in its order) to an .xlsx
 * written by the streaming writer as the rows come, `pageSize` rows read at a time by key; the columns
 * are the import's, so an export can be edited and imported back, followed by audit state, show state
 * and creation time. docs/performance.md "Exports at scale".
 */
export const exhibitorExport =
  ({ pageSize = 100 }: { pageSize?: number } = {}): JobHandler =>
  async (ctx) => {
    const { job, db, lang } = ctx;
    const exhibitionId = job.exhibitionId!;
    const [exh] = await db.select({ name: exhibition.name, nameEn: exhibition.nameEn }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
    if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
    const filters = ((job.params as { filters?: ExhibitorFilter }).filters ?? {}) as ExhibitorFilter;
    const where = exhibitorListWhere(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt))!, { ...filters, exhibitionId });
    const total = await exhibitorCount(db, where);

    let written = 0;
    async function* rows() {
      ctx.checkpoint();
      for await (const page of exhibitorIdPages(db, where, pageSize)) {
        const ids = page.map((r) => r.id);
        const found = await exportedRows(db, ids);
        const byId = new Map(found.map((r) => [r.id, r]));
        const cats = await categoriesOf(db, ids);
        for (const id of ids) {
          const r = byId.get(id);
          if (!r) continue;
          yield toRow(r, cats.get(id) ?? []);
          written++;
        }
        ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
        ctx.checkpoint();
      }
    }
    const toRow = (r: ExportedExhibitor, categories: CategoryRef[]) => [
      r.id,
      r.name,
      r.nameEn ?? '',
      r.region ?? '',
      r.address ?? '',
      r.boothInfo ?? '',
      r.boothArea ?? '',
      categories.map((c) => (lang === 'en' && c.nameEn) || c.name).join(','),
      r.phone ?? '',
      r.email ?? '',
      '',
      auditLabel(r.auditState, lang),
      yesNo(r.isShow, lang),
      r.createdAt.toISOString().slice(0, 19).replace('T', ' '),
    ];
    const file = await writeSheetFile(sheetNames.export, [...exhibitorImportColumns.map(headerCell), ...exportExtraHeader], rows());
    const title = (lang === 'en' && exh.nameEn) || exh.name;
    const output = await storeSheet(ctx.storage, job.id, 'output', `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim()} ${lang === 'en' ? 'exhibitors' : '展商'}.xlsx`, file);
    return { result: { rows: written }, files: { output } };
  };

export const exportExhibitors = exhibitorExport();
