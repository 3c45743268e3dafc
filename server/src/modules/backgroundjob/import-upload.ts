import path from 'node:path';
import ExcelJS from 'exceljs';
import { ErrorCode, MAX_IMPORT_BYTES, type ImportColumn, type importQuery } from '@pavilion/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { userOf } from '../../auth/guard.ts';
import { reachableExhibition } from '../../auth/scope.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { langOf } from '../../http/i18n.ts';
import { findNul } from '../../http/nul.ts';
import { ok } from '../../http/reply.ts';
import { headerCell, inspectUpload } from './sheet-import.ts';
import { createJob, toJobItem } from './service.ts';
import { looksLikeXlsx, XLSX_MIME } from './xlsx.ts';

/** The upload side every spreadsheet import shares: the multipart file, the quick checks, the queued job, the template. */

export const MB = MAX_IMPORT_BYTES / 1024 / 1024;

/** The spreadsheet part and the form fields of a multipart import; an oversize file is a 413 naming the limit. */
async function readImportUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const fields: Record<string, string> = {};
  let file: { data: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } })) {
      const text = part.type === 'file' ? part.filename : String(part.value);
      // PostgreSQL text cannot hold a NUL (server/src/http/nul.ts).
      if (findNul(text) !== null || findNul(part.fieldname) !== null) throw fieldError(part.fieldname, 'nul');
      if (part.type === 'file') file = { data: await part.toBuffer(), name: path.basename(part.filename || 'import.xlsx') };
      else fields[part.fieldname] = text;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.SpreadsheetTooLarge, { max: MB });
    throw err;
  }
  if (!file || !file.data.length) throw fieldError('file', 'required');
  return { file, fields };
}

/** An import call (exhibitors, products): check the file, store it with the job, queue it; the job is the answer. */
export async function queueImport(deps: Deps, request: FastifyRequest, query: z.infer<typeof importQuery>, kind: { type: string; columns: readonly ImportColumn[] }) {
  const { db, shared, storage } = deps;
  const p = userOf(request);
  const { file, fields } = await readImportUpload(request);
  const exhibitionId = query.exhibitionId ?? fields.exhibitionId;
  if (!exhibitionId) throw fieldError('exhibitionId', 'required');
  if (!z.uuid().safeParse(exhibitionId).success) throw fieldError('exhibitionId', 'format');
  const dryRunText = query.dryRun ?? fields.dryRun;
  if (dryRunText !== undefined && !['true', 'false', '1', '0'].includes(dryRunText)) throw fieldError('dryRun', 'invalid');
  const exh = await reachableExhibition(db, p, exhibitionId);
  if (!looksLikeXlsx(file.data)) throw new AppError(ErrorCode.NotASpreadsheet);
  await inspectUpload(kind.columns, file.data, langOf(request));
  const id = crypto.randomUUID();
  const key = `jobs/${id}/input.xlsx`;
  await storage.put(key, file.data, XLSX_MIME);
  const row = await createJob(db, shared, { ip: request.ip, lang: langOf(request) }, p, {
    id,
    type: kind.type,
    exhibitionId: exh.id,
    hostId: exh.hostId,
    params: { dryRun: dryRunText === 'true' || dryRunText === '1', fileName: file.name, size: file.data.length },
    files: { input: { key, name: file.name, contentType: XLSX_MIME } },
  });
  return ok(toJobItem(row));
}

const templates = new Map<string, Buffer>();
/** An import template: the header row in Chinese and English, example rows, the rules on a second sheet. */
export async function importTemplate(sheetName: string, columns: readonly ImportColumn[], examples: unknown[][], notes: string[]): Promise<Buffer> {
  const cached = templates.get(sheetName);
  if (cached) return cached;
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: headerCell(c), width: 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of examples) sheet.addRow(row);
  const notesSheet = wb.addWorksheet('说明 Notes');
  notesSheet.columns = [{ width: 100 }];
  for (const line of notes) notesSheet.addRow([line]);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  templates.set(sheetName, data);
  return data;
}

export const attachment = (reply: FastifyReply, name: string, contentType: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
