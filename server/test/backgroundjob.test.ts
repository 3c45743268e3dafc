import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ErrorCode, SettingType } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';
import { backgroundJob } from '../src/jobs/tables.ts';
import { category } from '../src/modules/category/tables.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibition, exhibitionHall, exhibitionSchedule } from '../src/modules/exhibition/tables.ts';
import { exhibitor, exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { setting } from '../src/modules/settings/tables.ts';
import { settingChanged } from '../src/modules/settings/service.ts';
import { operationLog } from '../src/oplog/tables.ts';
import { DEMO_HOST_ID } from '../src/seed/ids.ts';

let ctx: TestContext;
let worker: JobWorker;
const get = () => ctx;
/** A second exhibition of the demo host (a past one to copy from). */
let pastId: string;
/** An exhibition of the demo host the import tests write into, so the others see a stable demo exhibition. */
let importId: string;
let jobId: string;
let importJobId: string;
/** An export the demo exhibitor started for its own records (its enquiries): the one kind of job an exhibitor reads. */
let exhibitorJobId: string;
const queuedJobs: string[] = [];
const cats: Record<string, string> = {};

const HEADER = ['展商ID Exhibitor ID', '*公司名称 Company name', '英文名称 English name', '所在地区 Region', '详细地址 Address', '展位号 Booth info', '展位面积 Booth area', '展品类别 Categories', '联系电话 Contact phone', '电子邮箱 E-mail', '登录用户名 Login user name'];

async function sheet(rows: unknown[][], header: string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = '----pavilion' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importCall = async (data: Buffer, opts: { as?: Actor; exhibitionId?: string; dryRun?: boolean; lang?: string; url?: string; name?: string } = {}) => {
  const body = multipart({ name: opts.name ?? 'exhibitors.xlsx', data }, { exhibitionId: opts.exhibitionId ?? importId, ...(opts.dryRun ? { dryRun: 'true' } : {}) });
  return ctx.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/v3/backgroundjob/import/exhibitor',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await ctx.token(opts.as ?? 'host')), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
};
const call = async (method: 'GET' | 'POST', url: string, payload?: object, as: Actor = 'host', lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
/** Runs the queue dry and answers the job as its owner sees it. */
const finished = async (res: { body: string; statusCode: number }, as: Actor = 'host') => {
  expect(res.statusCode, res.body).toBe(200);
  await worker.idle();
  return json(await call('GET', `/api/v3/backgroundjob?id=${json(res).data.id}`, undefined, as)).data;
};
const exhibitorCount = async (exhibitionId: string) =>
  (await ctx.db.select({ n: count() }).from(exhibitor).where(and(eq(exhibitor.exhibitionId, exhibitionId), isNull(exhibitor.deletedAt))))[0]!.n;
const readXlsx = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
};

beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startJobWorker(ctx.app, { pollMs: 60_000 });
  const [past, imp] = await ctx.db
    .insert(exhibition)
    .values([
      { hostId: DEMO_HOST_ID, name: '2025 数字贸易博览会', nameEn: 'Digital Trade Expo 2025', startAt: new Date('2025-12-01T01:00:00Z'), endAt: new Date('2025-12-05T09:00:00Z') },
      { hostId: DEMO_HOST_ID, name: '导入测试展', nameEn: 'Import Expo' },
    ])
    .returning();
  pastId = past!.id;
  importId = imp!.id;
  const made = await ctx.db
    .insert(category)
    .values(['机械', '电子', '纺织', '食品', '化工', '家居', '汽车'].map((name, i) => ({ hostId: DEMO_HOST_ID, name, nameEn: ['Machinery', 'Electronics', 'Textiles', 'Food', 'Chemicals', 'Home', 'Cars'][i], showIndex: i })))
    .returning();
  for (const c of made) cats[c.nameEn!] = c.id;
  jobId = json(await call('POST', '/api/v3/backgroundjob/export', { exhibitionId: ctx.demo.exhibitionId })).data.id;
  importJobId = json(await importCall(await sheet([[null, '安全测试公司']]), { dryRun: true })).data.id;
  const queued = await ctx.db
    .insert(backgroundJob)
    .values(Array.from({ length: 4 }, () => ({ type: 'test.never', exhibitionId: ctx.demo.exhibitionId, hostId: DEMO_HOST_ID })))
    .returning();
  queuedJobs.push(...queued.map((q) => q.id));
  exhibitorJobId = json(await call('POST', '/api/v3/enquiry/export', {}, 'exhibitor')).data.id;
  await worker.idle();
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

const smallSheet = () => sheet([[null, `安全测试 ${Math.random()}`]]);
describe('POST /api/v3/backgroundjob/import/exhibitor', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await smallSheet();
  });
  const req = (exhibitionId: () => string) => () => {
    const body = multipart({ name: 'a.xlsx', data: file }, { exhibitionId: exhibitionId(), dryRun: 'true' });
    return { method: 'POST' as const, url: '/api/v3/backgroundjob/import/exhibitor', payload: body.payload, headers: body.headers };
  };
  routeSecurity(get, { request: req(() => ctx.demo.exhibitionId), allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: req(() => ctx.demo.exhibitionId) } });
});
describe('POST /api/v3/exhibitor/import', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await smallSheet();
  });
  const req = (exhibitionId: () => string) => () => {
    const body = multipart({ name: 'a.xlsx', data: file }, { dryRun: 'true' });
    return { method: 'POST' as const, url: `/api/v3/exhibitor/import?exhibitionId=${exhibitionId()}`, payload: body.payload, headers: body.headers };
  };
  routeSecurity(get, { request: req(() => ctx.demo.exhibitionId), allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host', request: req(() => ctx.other.exhibitionId) } });
});
describe('GET /api/v3/exhibitor/import/template', () => {
  routeSecurity(get, { request: () => ({ method: 'GET', url: '/api/v3/exhibitor/import/template' }), allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { none: 'the same empty spreadsheet for every caller: it holds no record of any tenant' } });
});
describe('POST /api/v3/backgroundjob/export', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/backgroundjob/export', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['host', 'admin'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host2', request: (c) => ({ method: 'POST', url: '/api/v3/backgroundjob/export', payload: { exhibitionId: c.demo.exhibitionId } }) },
  });
});
describe('POST /api/v3/backgroundjob/query', () => {
  routeSecurity(get, { request: () => ({ method: 'POST', url: '/api/v3/backgroundjob/query', payload: { pageSize: 5 } }), allowed: ['host', 'exhibitor', 'admin'], denied: ['visitor'], otherTenant: { none: "a list scoped to the caller before any filter: other hosts' jobs are left out, not addressed (checked further down: host2 sees none)" } });
});
describe('GET /api/v3/backgroundjob', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/backgroundjob?id=${exhibitorJobId}` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v3/backgroundjob?id=${exhibitorJobId}` }) },
  });
});
describe('GET /api/v3/backgroundjob/download', () => {
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v3/backgroundjob/download?id=${exhibitorJobId}&file=output` }),
    allowed: ['host', 'exhibitor', 'admin'],
    denied: ['visitor'],
    otherTenant: { as: 'exhibitor2', request: () => ({ method: 'GET', url: `/api/v3/backgroundjob/download?id=${exhibitorJobId}&file=output` }) },
  });
});
describe('POST /api/v3/backgroundjob/exhibitor/copy/byhistory', () => {
  const req = () => ({ method: 'POST' as const, url: '/api/v3/backgroundjob/exhibitor/copy/byhistory', payload: { fromExhibitionId: pastId, toExhibitionId: ctx.demo.exhibitionId } });
  routeSecurity(get, { request: req, allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: req } });
});
describe('POST /api/v3/backgroundjob/exhibition/copy/byhistory', () => {
  const req = () => ({ method: 'POST' as const, url: '/api/v3/backgroundjob/exhibition/copy/byhistory', payload: { fromExhibitionId: pastId, name: `复制 ${Math.random()}` } });
  routeSecurity(get, { request: req, allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: req } });
});
describe('POST /api/v3/backgroundjob/cancel', () => {
  let n = 0;
  const req = () => ({ method: 'POST' as const, url: `/api/v3/backgroundjob/cancel?id=${queuedJobs[n++ % queuedJobs.length]}` });
  routeSecurity(get, { request: req, allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: () => ({ method: 'POST', url: `/api/v3/backgroundjob/cancel?id=${queuedJobs[3]}` }) } });
});

describe('exhibitor import', () => {
  it('offers a template whose header names every column in Chinese and English', async () => {
    const res = await call('GET', '/api/v3/exhibitor/import/template', undefined, 'host', 'en');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('exhibitor-import-template.xlsx');
    const [header] = await readXlsx(res.rawPayload);
    expect(header).toEqual(HEADER);
  });

  it('imports 1,000 rows with categories, progress to 100, an operation-log row, and logins', async () => {
    const before = await exhibitorCount(importId);
    const rows = Array.from({ length: 1000 }, (_, i) => [
      null,
      `导入公司 ${String(i).padStart(4, '0')}`,
      `Import Co ${i}`,
      '浙江省/杭州市',
      `文三路 ${i} 号`,
      `A-${i}`,
      i % 7 === 0 ? 36 : '18',
      i % 2 ? 'Machinery, 电子' : '纺织',
      '0571-88888888',
      `c${i}@example.com`,
      i < 3 ? `imported${i}` : null,
    ]);
    const job = await finished(await importCall(await sheet(rows)));
    expect(job).toMatchObject({ type: 'exhibitor.import', state: 'succeeded', progress: 100, result: { rows: 1000, created: 1000, updated: 0, accounts: 3, errorCount: 0, dryRun: false } });
    expect(job.processed).toBe(1000);
    expect(await exhibitorCount(importId)).toBe(before + 1000);
    const [one] = await ctx.db
      .select({ id: exhibitor.id, boothArea: exhibitor.boothArea })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(and(eq(exhibitor.exhibitionId, importId), eq(company.name, '导入公司 0001')));
    expect(one!.boothArea).toBe('18');
    const tags = await ctx.db.select().from(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, one!.id));
    expect(tags.map((t) => t.categoryId).sort()).toEqual([cats.Machinery, cats.Electronics].sort());
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'exhibitor.import'), eq(operationLog.targetId, job.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userName: 'host', hostId: DEMO_HOST_ID });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/login/exhibitor', payload: { userName: 'imported1', password: 'anything-at-all', exhibitionId: importId } });
    expect(login.statusCode).toBe(400);
  });

  it('updates by id, then by company name (case and spaces ignored), and never overwrites a value with a blank', async () => {
    const [target] = await ctx.db
      .select({ id: exhibitor.id })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(and(eq(exhibitor.exhibitionId, importId), eq(company.name, '导入公司 0002')));
    const job = await finished(
      await importCall(
        await sheet([
          [target!.id, null, null, null, '新地址 2 号', null, null, null, null, null, null],
          [null, '  导入公司   0003 ', 'IMPORT CO THREE', null, null, 'B-3', null, 'Food', null, null, null],
          [null, 'import co 4', null, null, null, null, null, null, null, null, null],
        ]),
      ),
    );
    expect(job.result).toMatchObject({ created: 1, updated: 2 });
    const rows = await ctx.db
      .select({ name: company.name, nameEn: company.nameEn, address: company.address, region: company.region, boothInfo: exhibitor.boothInfo, id: exhibitor.id })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(eq(exhibitor.exhibitionId, importId));
    const two = rows.find((r) => r.id === target!.id)!;
    expect(two).toMatchObject({ name: '导入公司 0002', nameEn: 'Import Co 2', address: '新地址 2 号', region: '浙江省/杭州市', boothInfo: 'A-2' });
    const three = rows.find((r) => r.nameEn === 'IMPORT CO THREE')!;
    expect(three).toMatchObject({ address: '文三路 3 号', boothInfo: 'B-3' });
    const threeTags = await ctx.db.select().from(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, three.id));
    expect(threeTags.map((t) => t.categoryId)).toEqual([cats.Food]);
    // "import co 4" is a new company: matching is by the whole name, not a part of it.
    expect(rows.filter((r) => r.name === 'import co 4')).toHaveLength(1);
  });

  it('reports 10 broken rows among 5,000 row by row in the caller language, and writes nothing', async () => {
    const before = await exhibitorCount(importId);
    const companies = (await ctx.db.select({ n: count() }).from(company))[0]!.n;
    const broken = new Set([7, 100, 999, 1500, 2222, 3000, 3333, 4000, 4444, 4999]);
    const rows = Array.from({ length: 5000 }, (_, i) => [null, broken.has(i) ? null : `批量公司 ${i}`, `Batch ${i}`, null, null, null, null, null, null, null, null]);
    rows[4999] = [null, '批量公司 4999', null, null, null, null, null, null, null, 'not-an-email', null];
    const job = await finished(await importCall(await sheet(rows), { lang: 'en' }));
    expect(job).toMatchObject({ state: 'failed', errorCode: ErrorCode.ImportRowsInvalid, result: { rows: 5000, errorCount: 10, invalidRows: 10, created: 0 } });
    expect(job.error).toBe('10 rows have errors; nothing was imported. Download the error report, fix them and import again');
    expect(job.files.report.url).toContain('file=report');
    expect(await exhibitorCount(importId)).toBe(before);
    expect((await ctx.db.select({ n: count() }).from(company))[0]!.n).toBe(companies);
    const report = await readXlsx((await call('GET', job.files.report.url)).rawPayload);
    expect(report[0]).toEqual(['Row', 'Column', 'Message']);
    expect(report.slice(1).map((r) => r[0])).toEqual([...broken].map((i) => i + 2));
    expect(report[1]).toEqual([9, 'Company name', 'Company name is required']);
    expect(report[10]).toEqual([5001, 'E-mail', 'E-mail has the wrong format: not-an-email']);
  });

  it('names wrong types, unknown ids and categories, too many categories and duplicate rows (Chinese report by default)', async () => {
    const rows = [
      [null, new Date('2026-01-01'), null, null, null, null, null, null, null, null, null],
      [null, '类型公司', null, null, null, null, true, null, null, null, null],
      ['not-a-uuid', '类型公司二', null, null, null, null, null, null, null, null, null],
      ['00000000-0000-4000-8000-000000000000', null, null, null, null, null, null, null, null, null, null],
      [null, '类别公司', null, null, null, null, null, '不存在的类别', null, null, null],
      [null, '类别公司二', null, null, null, null, null, 'Machinery,Electronics,Textiles,Food,Chemicals,Home', null, null, null],
      [null, '重复公司', null, null, null, null, null, null, null, null, null],
      [null, '重复 公司', null, null, null, null, null, null, 'abc', null, 'bad user name!'],
    ];
    const job = await finished(await importCall(await sheet(rows)));
    expect(job.state).toBe('failed');
    const report = await readXlsx((await call('GET', job.files.report.url)).rawPayload);
    const messages = report.slice(1).map((r) => `${r[0]} ${r[1]} ${r[2]}`);
    expect(messages).toEqual([
      '2 公司名称 公司名称应为文本，不能是日期、布尔值或公式错误',
      '3 展位面积 展位面积应为文本，不能是日期、布尔值或公式错误',
      '4 展商ID 展商ID格式不正确：not-a-uuid',
      '5 展商ID 本展会没有该展商ID：00000000-0000-4000-8000-000000000000',
      '6 展品类别 展品类别“不存在的类别”不存在',
      '7 展品类别 展品类别最多 5 个',
      '9 联系电话 联系电话格式不正确：abc',
      '9 公司名称 与第 8 行是同一展商',
      '9 登录用户名 登录用户名格式不正确：bad user name!',
    ]);
  });

  it('refuses a region the directory does not know and a booth area that is not square metres, row by row, in the caller language', async () => {
    const rows = [
      [null, '地区公司一', null, '火星省/奥林匹斯市', null, null, 'A馆', null, null, null, null],
      [null, '地区公司二', null, '浙江省/杭州市/不存在区', null, null, '-5', null, null, null, null],
      [null, '地区公司三', null, 'Zhejiang/Hangzhou/Xihu District', null, 'B-1', '36 ㎡', null, null, null, null],
      [null, '地区公司四', null, '北京市/东城区', null, 'B-2', 54.5, null, null, null, null],
    ];
    const zh = await finished(await importCall(await sheet(rows)));
    expect(zh).toMatchObject({ state: 'failed', result: { invalidRows: 2, errorCount: 4 } });
    const zhReport = await readXlsx((await call('GET', zh.files.report.url)).rawPayload);
    expect(zhReport.slice(1).map((r) => `${r[0]} ${r[1]} ${r[2]}`)).toEqual([
      '2 所在地区 所在地区“火星省/奥林匹斯市”不在地区目录中，请按“省/市/区”填写，如 浙江省/杭州市',
      '2 展位面积 展位面积应为平方米数，如 36：A馆',
      '3 所在地区 所在地区“浙江省/杭州市/不存在区”不在地区目录中，请按“省/市/区”填写，如 浙江省/杭州市',
      '3 展位面积 展位面积应为平方米数，如 36：-5',
    ]);
    const en = await finished(await importCall(await sheet(rows), { lang: 'en' }));
    const enReport = await readXlsx((await call('GET', en.files.report.url)).rawPayload);
    expect(enReport[0]).toEqual(['Row', 'Column', 'Message']);
    expect(enReport[1]).toEqual([2, 'Region', 'Region "火星省/奥林匹斯市" is not in the location directory; write province/city/district, e.g. Zhejiang/Hangzhou']);
    expect(enReport[2]).toEqual([2, 'Booth area', 'Booth area must be a number of square metres, e.g. 36: A馆']);

    // the good rows alone import, with the directory's Chinese path and a plain number of square metres
    const good = await finished(await importCall(await sheet(rows.slice(2))));
    expect(good.state).toBe('succeeded');
    const stored = await ctx.db
      .select({ name: company.name, region: company.region, boothArea: exhibitor.boothArea })
      .from(exhibitor)
      .innerJoin(company, eq(company.id, exhibitor.companyId))
      .where(and(eq(exhibitor.exhibitionId, importId), inArray(company.name, ['地区公司三', '地区公司四'])));
    expect(stored.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: '地区公司三', region: '浙江省/杭州市/西湖区', boothArea: '36' },
      { name: '地区公司四', region: '北京市/东城区', boothArea: '54.5' },
    ]);
  });

  it('takes the category limit from the exhibition settings', async () => {
    // Written to the table directly, not through the settings service: its cached read is told as the service would tell it.
    const key = { type: SettingType.Exhibition, scope: importId, name: 'exhibition' };
    await ctx.db.insert(setting).values({ ...key, value: { exhibitorCategoryNumber: 1 }, hostId: DEMO_HOST_ID, exhibitionId: importId });
    await settingChanged(ctx.db, key);
    try {
      const job = await finished(await importCall(await sheet([[null, '限额公司', null, null, null, null, null, 'Food,Cars', null, null, null]])));
      expect(job.result).toMatchObject({ errorCount: 1 });
    } finally {
      await ctx.db.delete(setting).where(and(eq(setting.scope, importId), eq(setting.name, 'exhibition')));
      await settingChanged(ctx.db, key);
    }
  });

  it('validates only on a dry run', async () => {
    const before = await exhibitorCount(importId);
    const job = await finished(await importCall(await sheet([[null, '试运行公司', null, null, null, null, null, null, null, null, null]]), { dryRun: true, url: `/api/v3/exhibitor/import?exhibitionId=${importId}` }));
    expect(job).toMatchObject({ state: 'succeeded', params: { dryRun: true }, result: { dryRun: true, created: 1, rows: 1 } });
    expect(await exhibitorCount(importId)).toBe(before);
  });

  it('refuses missing required columns, a file that is not .xlsx, an oversize file and a sheet without rows at once', async () => {
    const missing = await importCall(await sheet([['x']], ['英文名称 English name']), { lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: ErrorCode.SpreadsheetColumnsMissing, description: 'The spreadsheet lacks required columns: Company name', field: 'file' });
    const pdf = await importCall(Buffer.from('%PDF-1.4\n%%EOF\n'), { name: 'a.xlsx' });
    expect(pdf.statusCode).toBe(415);
    expect(json(pdf).code).toBe(ErrorCode.NotASpreadsheet);
    const fakeZip = await importCall(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    expect(json(fakeZip).code).toBe(ErrorCode.NotASpreadsheet);
    const big = await importCall(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(10 * 1024 * 1024 + 10)]), { lang: 'en' });
    expect(big.statusCode).toBe(413);
    expect(json(big)).toMatchObject({ code: ErrorCode.SpreadsheetTooLarge, description: 'The spreadsheet must be under 10 MB' });
    const empty = await importCall(await sheet([], []));
    expect(json(empty).code).toBe(ErrorCode.SpreadsheetEmpty);
    const noFile = await ctx.app.inject({ method: 'POST', url: '/api/v3/backgroundjob/import/exhibitor', headers: bearer(await ctx.token('host')), payload: { exhibitionId: importId } });
    expect(json(noFile)).toMatchObject({ code: 4000, field: 'file' });
    const noExhibition = await importCall(await smallSheet(), { exhibitionId: 'nope' });
    expect(json(noExhibition)).toMatchObject({ code: 4000, field: 'exhibitionId' });
  });

  it('fails a sheet of more than 20,000 rows without writing', async () => {
    const before = await exhibitorCount(importId);
    const rows = Array.from({ length: 20_001 }, (_, i) => [null, `超限公司 ${i}`]);
    const job = await finished(await importCall(await sheet(rows)));
    expect(job).toMatchObject({ state: 'failed', errorCode: ErrorCode.SpreadsheetTooManyRows, error: '表格不能超过 20000 行数据' });
    expect(await exhibitorCount(importId)).toBe(before);
  });
});

describe('exhibitor export', () => {
  it('streams the exhibition’s exhibitors to an .xlsx the host downloads, with the list filters', async () => {
    const total = await exhibitorCount(importId);
    const job = await finished(await call('POST', '/api/v3/backgroundjob/export', { exhibitionId: importId }, 'host', 'en'));
    expect(job).toMatchObject({ state: 'succeeded', result: { rows: total } });
    const res = await call('GET', job.files.output.url);
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = await readXlsx(res.rawPayload);
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]!.slice(0, 2)).toEqual(['展商ID Exhibitor ID', '*公司名称 Company name']);
    const one = rows.find((r) => r[1] === '导入公司 0001')!;
    expect(one[7]).toBe('Machinery,Electronics');
    expect(one.slice(-3, -1)).toEqual(['Approved', 'Yes']);

    const filtered = await finished(await call('POST', '/api/v3/backgroundjob/export', { exhibitionId: importId, filters: { companyName: '导入公司 000' } }));
    expect(filtered.result).toEqual({ rows: 10 });
    expect(filtered.files.output.name).toBe('导入测试展 展商.xlsx');
  });
});

describe('copies from a past exhibition', () => {
  it('copies exhibitors with their categories, skipping companies already there', async () => {
    const companies = await ctx.db.insert(company).values([{ name: '往届公司甲' }, { name: '往届公司乙' }]).returning();
    const [demoCompany] = await ctx.db.select({ id: exhibitor.companyId }).from(exhibitor).where(eq(exhibitor.exhibitionId, ctx.demo.exhibitionId)).limit(1);
    const past = await ctx.db
      .insert(exhibitor)
      .values([
        { exhibitionId: pastId, companyId: companies[0]!.id, boothInfo: 'P-1', topic: '往届专题' },
        { exhibitionId: pastId, companyId: companies[1]!.id, boothInfo: 'P-2' },
        { exhibitionId: pastId, companyId: demoCompany!.id, boothInfo: 'P-3' },
      ])
      .returning();
    await ctx.db.insert(exhibitorCategory).values([
      { exhibitorId: past[0]!.id, categoryId: cats.Food!, showIndex: 0 },
      { exhibitorId: past[0]!.id, categoryId: cats.Cars!, showIndex: 1 },
    ]);
    const target = (await ctx.db.insert(exhibition).values({ hostId: DEMO_HOST_ID, name: '复制目标展' }).returning())[0]!;
    await ctx.db.insert(exhibitor).values({ exhibitionId: target.id, companyId: demoCompany!.id });
    const job = await finished(await call('POST', '/api/v3/backgroundjob/exhibitor/copy/byhistory', { fromExhibitionId: pastId, toExhibitionId: target.id }));
    expect(job).toMatchObject({ state: 'succeeded', result: { copied: 2, skipped: 1 } });
    const copied = await ctx.db.select().from(exhibitor).where(and(eq(exhibitor.exhibitionId, target.id), eq(exhibitor.companyId, companies[0]!.id)));
    expect(copied[0]).toMatchObject({ boothInfo: 'P-1', topic: '往届专题', viewCount: 0 });
    const tags = await ctx.db.select().from(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, copied[0]!.id)).orderBy(exhibitorCategory.showIndex);
    expect(tags.map((t) => t.categoryId)).toEqual([cats.Food, cats.Cars]);

    const again = await finished(await call('POST', '/api/v3/backgroundjob/exhibitor/copy/byhistory', { fromExhibitionId: pastId, toExhibitionId: target.id, exhibitorIds: [past[1]!.id] }));
    expect(again.result).toEqual({ copied: 0, skipped: 1, notFound: 0 });
  });

  it('refuses a copy between two hosts’ exhibitions, and into the same exhibition', async () => {
    const across = await call('POST', '/api/v3/backgroundjob/exhibitor/copy/byhistory', { fromExhibitionId: pastId, toExhibitionId: ctx.other.exhibitionId }, 'admin', 'en');
    expect(across.statusCode).toBe(400);
    expect(json(across)).toMatchObject({ code: ErrorCode.CopyAcrossHosts, description: 'Copies are only possible between exhibitions of the same host' });
    const same = await call('POST', '/api/v3/backgroundjob/exhibitor/copy/byhistory', { fromExhibitionId: pastId, toExhibitionId: pastId });
    expect(json(same)).toMatchObject({ code: 4000, field: 'toExhibitionId' });
  });

  it('copies an exhibition’s settings, halls and schedules (moved to the new dates) into a new exhibition of the host', async () => {
    await ctx.db.insert(exhibitionHall).values({ exhibitionId: pastId, name: '1 号馆', nameEn: 'Hall 1' });
    await ctx.db.insert(exhibitionSchedule).values({ exhibitionId: pastId, title: '开幕式', startAt: new Date('2025-12-01T02:00:00Z') });
    await ctx.db.insert(setting).values({ type: SettingType.Exhibition, scope: pastId, name: 'exhibition', value: { exhibitorCategoryNumber: 3 }, hostId: DEMO_HOST_ID, exhibitionId: pastId });
    await settingChanged(ctx.db, { type: SettingType.Exhibition, scope: pastId, name: 'exhibition' });
    const job = await finished(await call('POST', '/api/v3/backgroundjob/exhibition/copy/byhistory', { fromExhibitionId: pastId, name: '2027 数字贸易博览会', startAt: '2027-12-01T01:00:00Z' }));
    expect(job).toMatchObject({ state: 'succeeded', result: { halls: 1, schedules: 1, settings: 1 } });
    const id = job.result.exhibitionId as string;
    const [created] = await ctx.db.select().from(exhibition).where(eq(exhibition.id, id));
    expect(created).toMatchObject({ hostId: DEMO_HOST_ID, name: '2027 数字贸易博览会', nameEn: null });
    expect(created!.endAt!.toISOString()).toBe('2027-12-05T09:00:00.000Z');
    expect((await ctx.db.select().from(exhibitionSchedule).where(eq(exhibitionSchedule.exhibitionId, id)))[0]!.startAt.toISOString()).toBe('2027-12-01T02:00:00.000Z');
    expect(await ctx.db.select({ name: exhibitionHall.name }).from(exhibitionHall).where(eq(exhibitionHall.exhibitionId, id))).toEqual([{ name: '1 号馆' }]);
    const settings = json(await call('GET', `/api/v1/settings/exhibition?exhibitionId=${id}`)).data;
    expect(settings.exhibitorCategoryNumber).toBe(3);
  });
});

describe('job lists and tenancy', () => {
  it('lists a host’s jobs with progress, never another host’s; the administrator sees all', async () => {
    const mine = json(await call('POST', '/api/v3/backgroundjob/query', { pageSize: 100, type: 'exhibitor.export' })).data;
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.items.every((j: { hostId: string; progress: number }) => j.hostId === DEMO_HOST_ID && typeof j.progress === 'number')).toBe(true);
    expect(mine.items[0].params).not.toHaveProperty('actor');
    expect(json(await call('POST', '/api/v3/backgroundjob/query', { pageSize: 100 }, 'host2')).data.totalCount).toBe(0);
    expect(json(await call('POST', '/api/v3/backgroundjob/query', { pageSize: 1 }, 'admin')).data.totalCount).toBeGreaterThan(mine.totalCount);
    const other = await call('GET', `/api/v3/backgroundjob/download?id=${jobId}&file=output`, undefined, 'host2');
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `/api/v3/backgroundjob?id=${importJobId}`, undefined, 'host2')).statusCode).toBe(404);
  });

  it("shows an exhibitor only the jobs it started for its own records; the host's and another exhibitor's are not found", async () => {
    const mine = json(await call('POST', '/api/v3/backgroundjob/query', { pageSize: 100 }, 'exhibitor')).data;
    expect(mine.items.map((j: { id: string }) => j.id)).toContain(exhibitorJobId);
    expect(mine.items.every((j: { type: string }) => j.type === 'enquiry.export')).toBe(true);
    expect(json(await call('POST', '/api/v3/backgroundjob/query', { pageSize: 100 }, 'exhibitor2')).data.items.map((j: { id: string }) => j.id)).not.toContain(exhibitorJobId);
    // The host's exhibitor export of the same exhibition is the host's, not the exhibitor's.
    for (const url of [`/api/v3/backgroundjob?id=${jobId}`, `/api/v3/backgroundjob/download?id=${jobId}&file=output`, `/api/v3/backgroundjob/download?id=${importJobId}&file=input`])
      expect((await call('GET', url, undefined, 'exhibitor')).statusCode).toBe(404);
    expect((await call('POST', `/api/v3/backgroundjob/cancel?id=${exhibitorJobId}`, undefined, 'exhibitor')).statusCode).toBe(403);
    // The host reads its exhibitor's export as before.
    expect(json(await call('GET', `/api/v3/backgroundjob?id=${exhibitorJobId}`)).data).toMatchObject({ type: 'enquiry.export', state: 'succeeded' });
  });

  it('cancels a queued job once; a finished job cannot be cancelled', async () => {
    const [queued] = await ctx.db.insert(backgroundJob).values({ type: 'test.never', exhibitionId: importId, hostId: DEMO_HOST_ID }).returning();
    const res = await call('POST', `/api/v3/backgroundjob/cancel?id=${queued!.id}`);
    expect(json(res).data).toMatchObject({ state: 'cancelled' });
    const again = await call('POST', `/api/v3/backgroundjob/cancel?id=${queued!.id}`);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe(ErrorCode.JobFinished);
  });
});
