import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, MAX_IMPORT_ROWS, type ImportColumn } from '@pavilion/contract';
import type { Lang } from '../../http/i18n.ts';
import { AppError } from '../../http/errors.ts';
import { JobError, type JobContext } from '../../jobs/runner.ts';
import { exhibition } from '../exhibition/tables.ts';
import { reportHeader, sheetNames } from './messages.ts';
import { bufferStream, normalise, readFirstSheet, storeSheet, writeSheetFile, type CellText } from './xlsx.ts';

/**
 * What every spreadsheet import shares (exhibitors, products): the header matched against the
 * import's columns, the rows read by streaming, the row report written in the caller's language.
 * The import itself (what a row means, what it writes) is its module's.
 */

export type SourceRow<K extends string> = { row: number; values: Partial<Record<K, CellText>> };
export type RowError<K extends string> = { row: number; column: K | null; message: string };

export const columnLabel = (columns: readonly ImportColumn[], key: string, lang: Lang) => {
  const c = columns.find((x) => x.key === key)!;
  return lang === 'en' ? c.en : c.zh;
};

/** The header cell of a column in a template and exports: both languages, a star when required. */
export const headerCell = (c: ImportColumn) => `${c.required ? '*' : ''}${c.zh} ${c.en}`;

/** The columns a header row names, by position; which required ones are missing. */
export function matchHeader<K extends string>(columns: readonly (ImportColumn & { key: K })[], cells: CellText[]) {
  const names = new Map<string, K>();
  for (const c of columns) for (const n of [c.zh, c.en, `${c.zh}${c.en}`, `${c.en}${c.zh}`, c.key]) names.set(normalise(n), c.key);
  const found = new Map<number, K>();
  cells.forEach((cell, i) => {
    const key = cell.text ? names.get(normalise(cell.text)) : undefined;
    if (key && ![...found.values()].includes(key)) found.set(i, key);
  });
  const keys = new Set(found.values());
  const missing = columns.filter((c) => c.required && !keys.has(c.key)).map((c) => c.key);
  return { columns: found, missing };
}

export const isBlank = (cells: CellText[]) => cells.every((c) => c.text === null && !c.wrongType);

const missingNames = (columns: readonly ImportColumn[], missing: string[], lang: Lang) => missing.map((k) => columnLabel(columns, k, lang)).join(lang === 'en' ? ', ' : '、');

/**
 * The quick checks made before a job is queued, so the caller learns at once: the file is a
 * readable workbook and its header names the required columns.
 */
export async function inspectUpload(columns: readonly ImportColumn[], data: Buffer, lang: Lang): Promise<void> {
  let header: CellText[] | null = null;
  try {
    await readFirstSheet(bufferStream(data), (row) => {
      if (isBlank(row.cells)) return true;
      header = row.cells;
      return false;
    });
  } catch (cause) {
    throw Object.assign(new AppError(ErrorCode.NotASpreadsheet), { cause });
  }
  if (!header) throw new AppError(ErrorCode.SpreadsheetEmpty);
  const { missing } = matchHeader(columns, header);
  if (missing.length) {
    const names = missingNames(columns, missing, lang);
    throw new AppError(ErrorCode.SpreadsheetColumnsMissing, { columns: names }, [{ field: 'file', message: names }]);
  }
}

/** Reads the data rows of the stored upload (streaming), at most MAX_IMPORT_ROWS. */
export async function readRows<K extends string>(ctx: JobContext, key: string, columns: readonly (ImportColumn & { key: K })[]): Promise<SourceRow<K>[]> {
  const rows: SourceRow<K>[] = [];
  let found: Map<number, K> | null = null;
  let tooMany = false;
  await readFirstSheet(await ctx.storage.open(key), (row) => {
    if (isBlank(row.cells)) return true;
    if (!found) {
      const header = matchHeader(columns, row.cells);
      if (header.missing.length) throw new JobError(ErrorCode.SpreadsheetColumnsMissing, { columns: missingNames(columns, header.missing, ctx.lang) });
      found = header.columns;
      return true;
    }
    if (rows.length >= MAX_IMPORT_ROWS) {
      tooMany = true;
      return false;
    }
    const values: Partial<Record<K, CellText>> = {};
    for (const [i, k] of found) values[k] = row.cells[i] ?? { text: null };
    rows.push({ row: row.number, values });
    if (rows.length % 1000 === 0) ctx.progress({ processed: rows.length, total: 0, percent: 5 });
    return true;
  });
  if (tooMany) throw new JobError(ErrorCode.SpreadsheetTooManyRows, { max: MAX_IMPORT_ROWS });
  if (!rows.length) throw new JobError(ErrorCode.SpreadsheetEmpty);
  return rows;
}

/** How many row errors the job's result carries for the screen to show without the file. */
/**
 * The start every sheet import job shares: its exhibition (live, or the job fails 404), its uploaded
 * file read into rows, and whether it is a dry run.
 */
export async function startSheetImport<K extends string>(ctx: JobContext, columns: readonly (ImportColumn & { key: K })[]) {
  const { job, db } = ctx;
  const exhibitionId = job.exhibitionId!;
  const [exh] = await db.select({ hostId: exhibition.hostId }).from(exhibition).where(and(eq(exhibition.id, exhibitionId), isNull(exhibition.deletedAt)));
  if (!exh) throw new JobError(ErrorCode.NotFound, { what: 'exhibition' });
  const input = job.files.input;
  if (!input) throw new JobError(ErrorCode.NotFound, { what: 'file' });
  ctx.progress({ processed: 0, total: 0, percent: 1 });
  const rows = await readRows(ctx, input.key, columns);
  ctx.checkpoint();
  return { exhibitionId, hostId: exh.hostId, rows, fileName: input.name, dryRun: !!(job.params as { dryRun?: boolean }).dryRun };
}

export const SHOWN_ERRORS = 100;

/**
 * Some rows are broken: the report (row, column, message) is stored with the job and the job fails
 * with 4031, so nothing is written. `result` is what the job still reports (counts), with the first
 * SHOWN_ERRORS errors for the job list to show.
 */
export async function failWithReport(ctx: JobContext, columns: readonly ImportColumn[], errors: RowError<string>[], result: Record<string, unknown>): Promise<never> {
  const { lang, job } = ctx;
  const file = await writeSheetFile(
    sheetNames.report[lang],
    reportHeader[lang],
    errors.map((e) => [e.row, e.column ? columnLabel(columns, e.column, lang) : '', e.message]),
  );
  const report = await storeSheet(ctx.storage, job.id, 'report', lang === 'en' ? 'import-errors.xlsx' : '导入错误报告.xlsx', file);
  const shown = errors.slice(0, SHOWN_ERRORS).map((e) => ({ row: e.row, column: e.column ? columnLabel(columns, e.column, lang) : '', message: e.message }));
  throw new JobError(ErrorCode.ImportRowsInvalid, { count: new Set(errors.map((e) => e.row)).size }, { result: { ...result, errors: shown }, files: { report } });
}

/** Splits a list cell ("a, b；c" or one per line) into its distinct trimmed items. */
export const listOf = (text: string, separators = /[,，;；、|\n]+/) => [...new Set(text.split(separators).map((s) => s.trim()).filter(Boolean))];
