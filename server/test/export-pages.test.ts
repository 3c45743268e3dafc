import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AuditState, JobType } from '@pavilion/contract';
import { bearer, createTestContext, json, type TestContext } from './harness.ts';
import { exhibitorExport } from '../src/modules/backgroundjob/export.ts';
import { jobHandlers, startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibition } from '../src/modules/exhibition/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';

let ctx: TestContext;
let worker: JobWorker;
let exhibitionId: string;
/** The exported exhibitors in the list's order (show index, newest first, id), worked out here rather than by the database. */
let expected: { id: string; even: boolean }[];

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(await ctx.token('host')), ...(payload ? { payload } : {}) });

async function exportedIds(filters: object = {}) {
  const res = await call('POST', '/api/v3/backgroundjob/export', { exhibitionId, filters });
  expect(res.statusCode, res.body).toBe(200);
  await worker.idle();
  const job = json(await call('GET', `/api/v3/backgroundjob?id=${json(res).data.id}`)).data;
  expect(job.state, job.error).toBe('succeeded');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await call('GET', job.files.output.url)).rawPayload as never);
  const ids: unknown[] = [];
  wb.worksheets[0]!.eachRow((r, n) => void (n > 1 && ids.push(r.getCell(1).value)));
  return { job, ids };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Pages of 3: the 11 exhibitors take four pages, the last one short; the 6 of the filter take two full ones.
  worker = await startJobWorker(ctx.app, { pollMs: 60_000, handlers: { ...jobHandlers, [JobType.ExhibitorExport]: exhibitorExport({ pageSize: 3 }) } });
  exhibitionId = (await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '分页导出展' }).returning())[0]!.id;
  // Ties on show index and on creation time (to the microsecond, which a JavaScript Date cannot hold) put pages' edges inside runs of equal keys.
  const shapes = [
    ...Array.from({ length: 4 }, () => ({ showIndex: 0, createdAt: '2026-03-01 08:00:00.123456+00' })),
    ...Array.from({ length: 2 }, () => ({ showIndex: 0, createdAt: '2026-03-01 08:00:00.123457+00' })),
    { showIndex: 0, createdAt: '2026-02-01 08:00:00+00' },
    ...Array.from({ length: 3 }, () => ({ showIndex: 1, createdAt: '2026-03-01 08:00:00.123456+00' })),
    { showIndex: 2, createdAt: '2026-01-01 08:00:00+00' },
  ];
  const companies = await ctx.db
    .insert(company)
    .values([...shapes, {}, {}].map((_, i) => ({ name: `分页公司 ${i}`, nameEn: i % 2 ? `Odd ${i}` : `Even ${i}` })))
    .returning();
  const rows = await ctx.db
    .insert(exhibitor)
    .values(shapes.map((s, i) => ({ exhibitionId, companyId: companies[i]!.id, showIndex: s.showIndex, createdAt: sql`${s.createdAt}::timestamptz` })))
    .returning({ id: exhibitor.id });
  // Neither a deleted exhibitor nor a draft is listed.
  await ctx.db.insert(exhibitor).values([
    { exhibitionId, companyId: companies[shapes.length]!.id, deletedAt: new Date() },
    { exhibitionId, companyId: companies[shapes.length + 1]!.id, auditState: AuditState.Draft },
  ]);
  const micros = (t: string) => t.replace(/(\.\d+)?\+00$/, (_, f?: string) => (f ?? '.').padEnd(7, '0'));
  expected = shapes
    .map((s, i) => ({ ...s, createdAt: micros(s.createdAt), id: rows[i]!.id, even: i % 2 === 0 }))
    .sort((a, b) => a.showIndex - b.showIndex || (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1));
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

describe('exhibitor export in pages', () => {
  it('writes every exhibitor exactly once, in the list’s order, across pages read by key', async () => {
    const { job, ids } = await exportedIds();
    expect(ids).toEqual(expected.map((e) => e.id));
    expect(job).toMatchObject({ result: { rows: 11 }, processed: 11, total: 11 });
  });

  it('ends after the last full page of a filtered list', async () => {
    const { job, ids } = await exportedIds({ companyName: 'Even' });
    expect(ids).toEqual(expected.filter((e) => e.even).map((e) => e.id));
    expect(job.result).toEqual({ rows: 6 });
  });
});
