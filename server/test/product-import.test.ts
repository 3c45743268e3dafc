import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AuditState, ErrorCode } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { startJobWorker } from '../src/modules/backgroundjob/worker.ts';
import type { JobWorker } from '../src/jobs/runner.ts';
import { company } from '../src/modules/company/tables.ts';
import { exhibitor } from '../src/modules/exhibitor/tables.ts';
import { product, productCategory } from '../src/modules/product/tables.ts';
import { textToHtml } from '../src/modules/product/import.ts';
import { productTag } from '../src/modules/reference/tables.ts';
import { operationLog } from '../src/oplog/tables.ts';

let ctx: TestContext;
let worker: JobWorker;
const get = () => ctx;
/** Twenty exhibitors of the demo exhibition made for these tests (the last ten take the 1,000 rows). */
const exhibitors: { id: string; name: string }[] = [];

const HEADER = ['*展商 Exhibitor', '*产品名称 Product name', '英文名称 English name', '产品分类 Category', '产品标签 Tags', '产品图片 Pictures', '3D链接 3D link', '中文介绍 Introduction (Chinese)', '英文介绍 Introduction (English)', '是否显示 Shown'];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: { name: string; data: Buffer }) {
  const boundary = '----pavilion' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importUrl = (exhibitionId: string, dryRun = false) => `/api/v3/backgroundjob/import/product?exhibitionId=${exhibitionId}${dryRun ? '&dryRun=true' : ''}`;
const importCall = async (data: Buffer, opts: { as?: Actor; dryRun?: boolean; lang?: string } = {}) => {
  const body = multipart({ name: 'products.xlsx', data });
  return ctx.app.inject({
    method: 'POST',
    url: importUrl(ctx.demo.exhibitionId, opts.dryRun),
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await ctx.token(opts.as ?? 'host')), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
};
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as: Actor = 'host', lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload ? { payload } : {}) });
const finished = async (res: { body: string; statusCode: number }) => {
  expect(res.statusCode, res.body).toBe(200);
  await worker.idle();
  return json(await call('GET', `/api/v3/backgroundjob?id=${json(res).data.id}`)).data;
};
const readXlsx = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as never);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
};
const productCount = async (ids = exhibitors.map((e) => e.id)) =>
  (await ctx.db.select({ n: count() }).from(product).where(and(inArray(product.exhibitorId, ids), isNull(product.deletedAt))))[0]!.n;
const quota = (n: number) => call('PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { exhibitorsLoadProductNumber: n });
const pic = (i: number) => `https://cdn.example.com/p/${i}.png`;

beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startJobWorker(ctx.app, { pollMs: 60_000 });
  const companies = await ctx.db
    .insert(company)
    .values(Array.from({ length: 20 }, (_, i) => ({ name: `产品导入公司 ${i}`, nameEn: `Product Import Co ${i}` })))
    .returning();
  const made = await ctx.db
    .insert(exhibitor)
    .values(companies.map((c) => ({ exhibitionId: ctx.demo.exhibitionId, companyId: c.id, auditState: AuditState.Approved })))
    .returning();
  made.forEach((e, i) => exhibitors.push({ id: e.id, name: companies[i]!.name }));
  const [root] = await ctx.db.insert(productCategory).values({ exhibitionId: ctx.demo.exhibitionId, name: '导入电子', nameEn: 'Import electronics', level: 1 }).returning();
  await ctx.db.insert(productCategory).values({ exhibitionId: ctx.demo.exhibitionId, parentId: root!.id, name: '穿戴', nameEn: 'Wearables', level: 2 });
  await ctx.db.insert(productTag).values([
    { exhibitionId: ctx.demo.exhibitionId, name: '导入新品', nameEn: 'Import new' },
    { exhibitionId: ctx.demo.exhibitionId, name: '导入热销', nameEn: 'Import hot' },
  ]);
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

describe('POST /api/v3/backgroundjob/import/product', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await sheet([[exhibitors[0]!.name, '安全测试产品']]);
  });
  const req = (exhibitionId: () => string) => () => {
    const body = multipart({ name: 'a.xlsx', data: file });
    return { method: 'POST' as const, url: importUrl(exhibitionId(), true), payload: body.payload, headers: body.headers };
  };
  routeSecurity(get, { request: req(() => ctx.demo.exhibitionId), allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: req(() => ctx.demo.exhibitionId) } });
});
describe('GET /api/v3/product/import/template', () => {
  const req = () => ({ method: 'GET' as const, url: `/api/v3/product/import/template?exhibitionId=${ctx.demo.exhibitionId}` });
  routeSecurity(get, { request: req, allowed: ['host', 'admin'], denied: ['exhibitor'], otherTenant: { as: 'host2', request: req } });
});

describe('product import', () => {
  it('offers a template whose header names every column in Chinese and English', async () => {
    const res = await call('GET', `/api/v3/product/import/template?exhibitionId=${ctx.demo.exhibitionId}`, undefined, 'host', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('product-import-template.xlsx');
    const [header] = await readXlsx(res.rawPayload);
    expect(header).toEqual(HEADER);
  });

  it('turns a plain-text introduction into escaped paragraphs', () => {
    expect(textToHtml('a < b\nline two\n\n<script>x</script>')).toBe('<p>a &lt; b<br />line two</p><p>&lt;script&gt;x&lt;/script&gt;</p>');
  });

  it('checks every row in a dry run, reports what it would import and writes nothing', async () => {
    const before = await productCount();
    const job = await finished(
      await importCall(
        await sheet([
          [exhibitors[0]!.name, '干跑产品 1', 'Dry 1', '导入电子/穿戴', '导入新品, Import hot', `${pic(1)}\n${pic(2)}`, 'https://example.com/3d', '介绍', 'About', '是'],
          [`  product import co 1 `, '干跑产品 2', null, 'Import electronics', null, '/uploads/a.png', null, null, null, '否'],
          [exhibitors[2]!.id, '干跑产品 3'],
        ]),
        { dryRun: true },
      ),
    );
    expect(job).toMatchObject({ type: 'product.import', state: 'succeeded', progress: 100, result: { dryRun: true, rows: 3, created: 3, exhibitors: 3, errorCount: 0 } });
    expect(await productCount()).toBe(before);
  });

  it('reports broken rows row by row in the caller language, and imports none of the file', async () => {
    await quota(5);
    const before = await productCount();
    const seven = Array.from({ length: 7 }, (_, i) => pic(i)).join('\n');
    const rows: unknown[][] = [
      [exhibitors[3]!.name, '好的产品'],
      [exhibitors[3]!.name, null],
      [exhibitors[3]!.name, '分类不存在', null, '导入电子/不存在'],
      [exhibitors[3]!.name, '七张图', null, null, null, seven],
      [exhibitors[3]!.name, '坏链接', null, null, null, 'javascript:alert(1)', 'ftp://x'],
      ['没有这家公司', '无主产品'],
      ...Array.from({ length: 5 }, (_, i) => [exhibitors[4]!.name, `配额 ${i}`]),
      [exhibitors[4]!.name, '配额之外'],
      [exhibitors[3]!.name, '显示', null, null, '没有的标签', null, null, null, null, 'maybe'],
    ];
    const job = await finished(await importCall(await sheet(rows), { lang: 'en' }));
    expect(job).toMatchObject({ state: 'failed', errorCode: ErrorCode.ImportRowsInvalid, result: { rows: 13, created: 0, invalidRows: 7 } });
    expect(job.error).toBe('7 rows have errors; nothing was imported. Download the error report, fix them and import again');
    expect(await productCount()).toBe(before);
    const report = await readXlsx((await call('GET', job.files.report.url)).rawPayload);
    expect(report[0]).toEqual(['Row', 'Column', 'Message']);
    expect(report.slice(1).map((r) => `${r[0]} ${r[1]}: ${r[2]}`)).toEqual([
      '3 Product name: Product name is required',
      '4 Category: Category "导入电子/不存在" does not exist; write "level 1/level 2"',
      '5 Pictures: At most 5 pictures',
      '6 Pictures: Pictures is not a valid address (http(s):// or starting with /): javascript:alert(1)',
      '6 3D link: 3D link is not a valid address (http(s):// or starting with /): ftp://x',
      '7 Exhibitor: No exhibitor of this exhibition is called or numbered 没有这家公司',
      '13 Exhibitor: An exhibitor may publish at most 5 products; this one has 0, and with the rows above it this row is over the limit',
      '14 Tags: Tag "没有的标签" does not exist',
      '14 Shown: Shown must be yes or no: maybe',
    ]);
  });

  it('counts existing products against the quota, in Chinese by default', async () => {
    await quota(5);
    const target = exhibitors[5]!;
    const first = await finished(await importCall(await sheet(Array.from({ length: 4 }, (_, i) => [target.name, `已有 ${i}`]))));
    expect(first.state).toBe('succeeded');
    const job = await finished(await importCall(await sheet([[target.name, '第五个'], [target.name, '第六个']])));
    expect(job.state).toBe('failed');
    const report = await readXlsx((await call('GET', job.files.report.url)).rawPayload);
    expect(report.slice(1)).toEqual([[3, '展商', '每个展商最多发布5个产品，该展商已有 4 个，加上本表前面的行已超出']]);
    expect(await productCount([target.id])).toBe(4);
  });

  it('imports 1,000 rows approved, recounts proCount, writes audit records and one operation-log row, progress to 100', async () => {
    await quota(100);
    const targets = exhibitors.slice(10, 20);
    const start = await productCount();
    const rows = Array.from({ length: 1000 }, (_, i) => [
      targets[i % 10]!.id,
      `批量产品 ${String(i).padStart(4, '0')}`,
      `Bulk product ${i}`,
      i % 2 ? '导入电子/穿戴' : 'Import electronics',
      i % 3 ? '导入新品' : null,
      `${pic(i)};${pic(i + 1)}`,
      null,
      `第 ${i} 个产品。`,
      null,
      i % 10 === 9 ? '否' : '是',
    ]);
    const t0 = Date.now();
    const job = await finished(await importCall(await sheet(rows)));
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'succeeded', progress: 100, processed: 1000, result: { rows: 1000, created: 1000, exhibitors: 10, errorCount: 0 } });
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(await productCount()).toBe(start + 1000);
    const [one] = await ctx.db.select().from(product).where(and(eq(product.exhibitorId, targets[1]!.id), eq(product.name, '批量产品 0001')));
    expect(one).toMatchObject({ auditState: AuditState.Approved, nameEn: 'Bulk product 1', pictures: [pic(1), pic(2)], introduction: '<p>第 1 个产品。</p>', isShow: true });
    expect(one!.tagIds).toHaveLength(1);
    const [ex] = await ctx.db.select({ proCount: exhibitor.proCount }).from(exhibitor).where(eq(exhibitor.id, targets[1]!.id));
    expect(ex!.proCount).toBe(100);
    const [hidden] = await ctx.db.select({ proCount: exhibitor.proCount }).from(exhibitor).where(eq(exhibitor.id, targets[9]!.id));
    expect(hidden!.proCount).toBe(0);
    const records = await ctx.db.select({ n: count() }).from(auditRecord).where(and(eq(auditRecord.type, 'product'), eq(auditRecord.targetId, one!.id), eq(auditRecord.state, AuditState.Approved)));
    expect(records[0]!.n).toBe(1);
    const logs = await ctx.db.select().from(operationLog).where(and(eq(operationLog.action, 'product.import'), eq(operationLog.targetId, job.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userName: 'host' });
    // The host's list shows them as approved.
    const page = json(await call('POST', '/api/v3/productv3/page', { exhibitionId: ctx.demo.exhibitionId, exhibitorId: targets[1]!.id, pageSize: 5 })).data;
    expect(page.totalCount).toBe(100);
    expect(page.items[0].auditState).toBe(AuditState.Approved);
    const all = json(await call('POST', '/api/v3/productv3/page', { exhibitionId: ctx.demo.exhibitionId, keyword: '批量产品', pageSize: 5 })).data;
    // Every Chinese name read back exactly (exceljs's streaming reader once split characters at chunk edges).
    const names = await ctx.db.select({ name: product.name }).from(product).where(inArray(product.exhibitorId, targets.map((x) => x.id)));
    expect(names.map((n) => n.name).sort()).toEqual(rows.map((r) => r[1]).sort());
    expect(all.totalCount).toBe(1000);
  });

  it('refuses a sheet without the required columns at once, and names them', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['产品名称']);
    const res = await importCall(Buffer.from(await wb.xlsx.writeBuffer()), { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: ErrorCode.SpreadsheetColumnsMissing, description: 'The spreadsheet lacks required columns: Exhibitor', field: 'file' });
  });

  it('checks names and introductions for sensitive words', async () => {
    await call('PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] }, 'admin');
    try {
      const job = await finished(await importCall(await sheet([[exhibitors[6]!.name, '好产品', null, null, null, null, null, '含违禁词的介绍']]), { dryRun: true }));
      expect(job.state).toBe('failed');
      const report = await readXlsx((await call('GET', job.files.report.url)).rawPayload);
      expect(report[1]).toEqual([2, '中文介绍', '中文介绍包含敏感词“违禁词”']);
    } finally {
      await call('PUT', '/api/v1/settings/system/sensitives', { words: [] }, 'admin');
    }
  });
});
