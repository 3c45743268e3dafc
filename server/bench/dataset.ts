import { sql } from 'drizzle-orm';
import { AuditState } from '@pavilion/contract';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database, type DbEngine } from '../src/db/client.ts';
import { ensureClients } from '../src/seed/clients.ts';
import { ensureReferenceData } from '../src/modules/reference/seed.ts';
import { ensurePlatformData } from '../src/seed/platform.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_EXHIBITION_ID, DEMO_HOST_ID } from '../src/seed/ids.ts';

export const EXHIBITIONS = 20;
export const PER_EXHIBITION = Number(process.env.BENCH_EXHIBITORS ?? 1_000);
export const LARGE = Number(process.env.BENCH_LARGE ?? 20_000);
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT ?? 10_000);
export const EXPORT_ROWS = Number(process.env.BENCH_EXPORT ?? 100_000);
/** Approved, shown products of each bench exhibitor of the demo exhibition (three pictures each). */
export const PRODUCTS_PER_EXHIBITOR = 12;
/** Fixed ids, so the cases can name the exhibitions before they exist. */
export const LARGE_EXHIBITION_ID = '00000000-0000-4000-b000-000000020000';
export const IMPORT_EXHIBITION_ID = '00000000-0000-4000-b000-000000010000';
export const EXPORT_EXHIBITION_ID = '00000000-0000-4000-b000-000000100000';

/**
 * The dataset, in SQL so 140,000 exhibitors take seconds: 20 exhibitions of the demo host (the demo
 * one among them) of PER_EXHIBITION exhibitors each, one of LARGE, an empty one the import fills and
 * one of EXPORT_ROWS the export reads; each exhibitor with its own company and two of ten categories.
 * The bench exhibitors of the demo exhibition have 12 approved products with three pictures each.
 */
export async function buildDataset(database: Database) {
  const { db } = database;
  const exhibitions = [
    ...Array.from({ length: EXHIBITIONS - 1 }, (_, i) => ({ id: crypto.randomUUID(), name: `基准展会 ${i + 2}`, nameEn: `Bench Expo ${i + 2}`, exhibitors: PER_EXHIBITION })),
    { id: LARGE_EXHIBITION_ID, name: '基准大展', nameEn: 'Bench Large Expo', exhibitors: LARGE },
    { id: IMPORT_EXHIBITION_ID, name: '基准导入展', nameEn: 'Bench Import Expo', exhibitors: 0 },
    { id: EXPORT_EXHIBITION_ID, name: '基准导出展', nameEn: 'Bench Export Expo', exhibitors: EXPORT_ROWS },
  ];
  for (const e of exhibitions) await db.execute(sql`insert into exhibition (id, host_id, name, name_en) values (${e.id}, ${DEMO_HOST_ID}, ${e.name}, ${e.nameEn})`);
  await db.execute(sql`insert into category (host_id, name, name_en, show_index) select ${DEMO_HOST_ID}, '类别 ' || i, 'Category ' || i, i from generate_series(0, 9) i`);
  let serial = 0;
  for (const e of [{ id: DEMO_EXHIBITION_ID, exhibitors: PER_EXHIBITION }, ...exhibitions]) {
    // Chunks of 20,000 keep PGlite's single backend within its memory.
    for (let start = 0; start < e.exhibitors; start += 20_000) {
      const n = Math.min(20_000, e.exhibitors - start);
      await db.execute(sql`
        with c as (
          insert into company (name, name_en, address, logo)
          select '基准公司 ' || (${serial} + g), 'Bench Co ' || (${serial} + g), '张江路 ' || g || ' 号', '/uploads/2026/01/' || gen_random_uuid() || '.png'
          from generate_series(1, ${n}::int) g
          returning id, name
        ), e as (
          insert into exhibitor (exhibition_id, company_id, booth_info, booth_area, show_index)
          select ${e.id}::uuid, c.id, 'B-' || substr(c.name, 6), '36', 0 from c
          returning id
        ), numbered as (select id, row_number() over () as k from e),
        cats as (select array_agg(id order by show_index) as ids from category where host_id = ${DEMO_HOST_ID} and name like '类别 %')
        insert into exhibitor_category (exhibitor_id, category_id, show_index)
        select numbered.id, cats.ids[1 + (k + j * 3) % 10], j from numbered, cats, generate_series(0, 1) j`);
      serial += n;
    }
  }
  await db.execute(sql`
    insert into product (exhibitor_id, exhibition_id, name, name_en, pictures, introduction, introduction_en, show_index, audit_state)
    select e.id, e.exhibition_id, '基准产品 ' || e.booth_info || '-' || i, 'Bench product ' || e.booth_info || '-' || i,
      jsonb_build_array('/uploads/2026/01/' || e.id || '-' || i || '-1.png', '/uploads/2026/01/' || e.id || '-' || i || '-2.png', '/uploads/2026/01/' || e.id || '-' || i || '-3.png'),
      '<p>基准产品介绍</p>', '<p>A bench product</p>', i, ${AuditState.Approved}
    from exhibitor e, generate_series(0, ${PRODUCTS_PER_EXHIBITOR - 1}::int) i
    where e.exhibition_id = ${DEMO_EXHIBITION_ID} and e.booth_info like 'B-%'`);
  await db.execute(sql`update exhibitor set pro_count = ${PRODUCTS_PER_EXHIBITOR} where exhibition_id = ${DEMO_EXHIBITION_ID} and booth_info like 'B-%'`);
  await db.execute(sql`analyze`);
}

/** Opens the database, seeds it as src/main.ts would and builds the dataset; closed before the server opens it. */
export async function prepare(kind: string, opts: { databaseUrl?: string; dataDir: string; engine?: DbEngine }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.databaseUrl ? null : opts.dataDir, engine: opts.engine ?? 'pglite' });
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: opts.dataDir });
    await ensureClients(database.db, config);
    await ensureReferenceData(database.db);
    await ensurePlatformData(database.db);
    await seedDemo(database.db);
    const t0 = Date.now();
    await buildDataset(database);
    console.log(`${kind}: dataset built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const [sample] = (
      await database.db.execute<{ exhibitor_id: string; id: string }>(
        sql`select exhibitor_id, id from product where exhibition_id = ${DEMO_EXHIBITION_ID} and audit_state = ${AuditState.Approved} and deleted_at is null limit 1`,
      )
    ).rows;
    return sample ? { exhibitorId: sample.exhibitor_id, productId: sample.id } : null;
  } finally {
    await database.close();
  }
}

