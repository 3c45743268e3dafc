import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import type { Storage } from '../../storage/storage.ts';
import type { JobFile } from '../../jobs/tables.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx is a ZIP: anything else is refused before it is parsed. */
export const looksLikeXlsx = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** A cell as the importer sees it: text, or the kind of value that is not text. */
export type CellText = { text: string | null; wrongType?: 'date' | 'boolean' | 'error' };

export function cellText(v: ExcelJS.CellValue | undefined): CellText {
  if (v === null || v === undefined) return { text: null };
  if (typeof v === 'string') return { text: v.trim() || null };
  if (typeof v === 'number') return { text: Number.isFinite(v) ? String(v) : null };
  if (typeof v === 'boolean') return { text: null, wrongType: 'boolean' };
  if (v instanceof Date) return { text: null, wrongType: 'date' };
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return { text: v.richText.map((r) => r.text).join('').trim() || null };
    if ('error' in v) return { text: null, wrongType: 'error' };
    if ('result' in v) return cellText((v as { result?: ExcelJS.CellValue }).result);
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
  }
  return { text: null, wrongType: 'error' };
}

/** Lower case, no spaces or marks: how header cells and company names are compared. */
export const normalise = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[\s*/／()（）:：_-]+/g, '');

export type SheetRow = { number: number; cells: CellText[] };

/** Decodes UTF-8 across chunk boundaries: a character split between two chunks stays one character. */
async function* utf8(chunks: AsyncIterable<Buffer | string> | Iterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  parse(): AsyncGenerator<unknown>;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
};

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs 4.4's streaming reader has two faults we route around, through its parsing internals:
 * - It walks the zip in one streaming pass and pauses that stream between entries (utils/iterate-stream.js);
 *   the zip parser goes on while paused, so an entry is now and then lost (exceljs#3064). Lost `xl/workbook.xml`
 *   fails a good upload as "not a spreadsheet", and only under load. Here the zip is opened by its central
 *   directory instead (unzipper, exceljs's own dependency) and the parts are read in the order they depend on:
 *   relationships, workbook, shared strings, styles, then each sheet, row by row.
 * - It decodes each zipped chunk on its own (utils/parse-sax.js), so a Chinese character that straddles two
 *   chunks comes out as two U+FFFD: about one cell in 500 of a Chinese sheet. Parts are handed over already
 *   decoded as a whole (strings pass through its decoder untouched); server/test/product-import.test.ts reads
 *   1,000 Chinese names back exactly.
 * The compressed file is held in memory (an import is at most MAX_IMPORT_BYTES); its rows are not.
 */
function readByDirectory(reader: ExcelJS.stream.xlsx.WorkbookReader, input: Readable) {
  const r = reader as unknown as ReaderInternals;
  for (const name of ['parse', '_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles', '_parseWorksheet'] as const) {
    if (typeof r[name] !== 'function') throw new Error('exceljs reader internals changed: see readByDirectory');
  }
  const whole = (file: unzipper.File) => file.buffer().then((data) => Readable.from(utf8([data])));
  r.parse = async function* () {
    const directory = await unzipper.Open.buffer(Buffer.concat(await input.toArray()));
    const part = (name: string) => directory.files.find((f) => f.path === name);
    for (const [name, parse] of [
      ['xl/_rels/workbook.xml.rels', r._parseRels],
      ['xl/workbook.xml', r._parseWorkbook],
    ] as const) {
      const file = part(name);
      if (file) await parse.call(reader, await whole(file));
    }
    const strings = part('xl/sharedStrings.xml');
    if (strings) yield* r._parseSharedStrings.call(reader, await whole(strings));
    const styles = part('xl/styles.xml');
    if (styles) await r._parseStyles.call(reader, await whole(styles));
    const sheets = directory.files.flatMap((f) => (WORKSHEET.test(f.path) ? [{ file: f, no: WORKSHEET.exec(f.path)![1]! }] : [])).sort((a, b) => Number(a.no) - Number(b.no));
    for (const { file, no } of sheets) {
      const rows = new PassThrough();
      pipeline(file.stream(), rows, () => undefined);
      yield* r._parseWorksheet.call(reader, utf8(rows), no);
    }
  };
  return reader;
}

/**
 * Streams the first worksheet of an .xlsx, row by row, without loading the workbook into memory.
 * `onRow` may return false to stop early. Throws for a file that is not a readable workbook.
 */
export async function readFirstSheet(input: Readable, onRow: (row: SheetRow) => boolean | void): Promise<void> {
  const reader = readByDirectory(new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit' }), input);
  let stopped = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: CellText[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (onRow({ number: row.number, cells }) === false) {
          stopped = true;
          break;
        }
      }
      break;
    }
  } catch (err) {
    // Once the caller has what it needs and stops, leaving the zip half read may fail as it is torn down (a stream
    // closed early); that failure is not the caller's: only one before the stop is.
    if (!stopped) throw err;
  } finally {
    if (stopped) input.destroy();
  }
}

export const bufferStream = (data: Buffer) => Readable.from([data]);

type ZipInput = EventEmitter & { _writableState: { length: number } };

/**
 * exceljs 4.4's streaming writer hands the sheet to the zip (archiver) 64 kB at a time without
 * waiting for it, and the zip's deflate only moves when the event loop is free: a page of rows
 * written at once outruns it, and the whole uncompressed sheet (60 MB for 100,000 exported
 * exhibitors) piled up in memory and was compressed at the end. The writer waits for the zip's input to drain
 * instead. This reaches the input stream archiver made of the sheet's stream.
 */
function zipInput(sheet: ExcelJS.Worksheet): ZipInput {
  const input = (sheet as unknown as { stream?: { pipes?: Partial<ZipInput>[] } }).stream?.pipes?.[0];
  if (!(input instanceof EventEmitter) || typeof input._writableState?.length !== 'number') throw new Error('exceljs writer internals changed: see zipInput');
  return input as ZipInput;
}

/** How much of the sheet may wait for the zip before the rows wait for it: one of the writer's chunks. */
const ZIP_BACKLOG = 1 << 16;

/** Writes rows to a temporary .xlsx with the streaming writer, in step with its compression; answers its path. */
export async function writeSheetFile(sheetName: string, header: string[], rows: AsyncIterable<unknown[]> | Iterable<unknown[]>): Promise<string> {
  const file = path.join(os.tmpdir(), `pavilion-${crypto.randomUUID()}.xlsx`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  const zip = zipInput(sheet);
  sheet.columns = header.map((h) => ({ header: h, width: Math.min(40, Math.max(12, h.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const r of rows) {
    sheet.addRow(r).commit();
    if (zip._writableState.length > ZIP_BACKLOG) await once(zip, 'drain');
  }
  sheet.commit();
  await workbook.commit();
  return file;
}

/** Moves a generated file into storage under the job's folder. */
export async function storeSheet(storage: Storage, jobId: string, kind: string, name: string, file: string): Promise<JobFile> {
  const key = `jobs/${jobId}/${kind}-${crypto.randomUUID().slice(0, 8)}.xlsx`;
  try {
    await storage.putFile(key, file, XLSX_MIME);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
  return { key, name, contentType: XLSX_MIME };
}
