import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, exhibitorImportColumns, type Exhibitor } from '@pavilion/contract';
import { JobError, type JobHandler } from '../../jobs/runner.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { exhibitorCount, exhibitorListWhere, exhibitorPagesByKey, toExhibitor, type ExhibitorFilter } from '../exhibitor/service.ts';
import { auditLabel, exportExtraHeader, sheetNames, yesNo } from './messages.ts';
import { headerCell } from './sheet-import.ts';
import { storeSheet, writeSheetFile } from './xlsx.ts';

/**
 * `exhibitor.export`: the exhibition's exhibitors (the host list's filters, in its order) to an .xlsx
 * written by the streaming writer as the rows come, `pageSize` rows read at a time by key; the columns
 * are the import's, so an export can be edited and imported back, followed by audit state, show state
 * and creation time. docs/performance.md "Exports at scale".
 */
export const exhibitorExport =
  ({ pageSize = 1000 }: { pageSize?: number } = {}): JobHandler =>
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
      for await (const page of exhibitorPagesByKey(db, where, pageSize)) {
        for (const r of page) yield toRow(toExhibitor(r.exhibitor, r.company, r.categories), r.company);
        written += page.length;
        ctx.progress({ processed: written, total, percent: total ? Math.min(95, (95 * written) / total) : 95 });
        ctx.checkpoint();
      }
    }
    const toRow = (e: Exhibitor, contact: { phone: string | null; email: string | null }) => [
      e.id,
      e.company.name,
      e.company.nameEn ?? '',
      e.company.region ?? '',
      e.company.address ?? '',
      e.boothInfo ?? '',
      e.boothArea ?? '',
      e.categories.map((c) => (lang === 'en' && c.nameEn) || c.name).join(','),
      contact.phone ?? '',
      contact.email ?? '',
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

export const exportExhibitors = exhibitorExport();
