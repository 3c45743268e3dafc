import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState } from '@pavilion/contract';
import { openDatabase, type Database } from '../src/db/client.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { userAccount } from '../src/modules/account/tables.ts';
import { companyUser, exhibitor } from '../src/modules/company/tables.ts';
import { exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { exhibitorJournal } from '../src/modules/journal/tables.ts';
import { booth, hallPlan } from '../src/modules/booth/tables.ts';
import { exhibition, exhibitionHall } from '../src/modules/exhibition/tables.ts';
import { industry } from '../src/modules/industry/tables.ts';
import { product } from '../src/modules/product/tables.ts';
import { supplyDemand, supplyDemandComment } from '../src/modules/supplydemand/tables.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { exhibitorEvaluation } from '../src/modules/evaluation/tables.ts';
import { activity, activityCategory, activitySchedule } from '../src/modules/activity/tables.ts';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFeatureCatalogue, VERSION_IDS } from '../src/modules/version/seed.ts';
import { feature, platformVersion } from '../src/modules/version/tables.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_EXHIBITION_ID } from '../src/seed/ids.ts';

/** The demo data a person sees after `npm start`: categories on the exhibitors and a journal in the host's queue. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  await seedDemo(database.db);
});
afterAll(() => database.close());

describe('demo seed (issue 3 part B)', () => {
  it('gives the demo exhibition activity categories, the host’s forum with its agenda in hall A, and an approved launch of exhibitor (issue 13)', async () => {
    const db = database.db;
    const [show] = await db.select().from(exhibition).where(eq(exhibition.id, DEMO_EXHIBITION_ID));
    expect((await db.select().from(activityCategory).where(eq(activityCategory.exhibitionId, DEMO_EXHIBITION_ID))).length).toBeGreaterThanOrEqual(1);
    const rows = await db.select().from(activity).where(eq(activity.exhibitionId, DEMO_EXHIBITION_ID));
    const host = rows.filter((r) => !r.exhibitorId);
    expect(host).toHaveLength(2);
    const forum = host.find((r) => r.kind === 'forum')!;
    expect(forum.hallId).not.toBeNull();
    expect((await db.select().from(activitySchedule).where(eq(activitySchedule.activityId, forum.id))).length).toBeGreaterThan(0);
    const launch = rows.find((r) => r.exhibitorId)!;
    expect(launch).toMatchObject({ kind: 'launch', auditState: AuditState.Approved, isShow: true });
    const [owner] = await db.select().from(exhibitor).where(eq(exhibitor.id, launch.exhibitorId!));
    expect(owner!.activityCount).toBe(1);
    for (const r of rows) {
      expect(r.auditState).toBe(AuditState.Approved);
      expect(r.startAt.getTime()).toBeGreaterThanOrEqual(show!.startAt!.getTime());
      expect(r.endAt.getTime()).toBeLessThanOrEqual(show!.endAt!.getTime());
    }
  });

  it('tags both demo exhibitors with categories and gives them booths', async () => {
    const joins = await database.db.select().from(exhibitor).where(eq(exhibitor.exhibitionId, DEMO_EXHIBITION_ID));
    expect(joins).toHaveLength(2);
    for (const j of joins) {
      expect(j.boothInfo).toMatch(/^[AB]\d-\d+$/);
      expect((await database.db.select().from(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, j.id))).length).toBeGreaterThan(0);
    }
  });

  it("puts exhibitor2's catalogue entry in the host's audit queue", async () => {
    const [ex2] = await database.db
      .select({ exhibitorId: exhibitor.id })
      .from(exhibitor)
      .innerJoin(companyUser, eq(companyUser.companyId, exhibitor.companyId))
      .innerJoin(userAccount, and(eq(userAccount.id, companyUser.userId), eq(userAccount.userName, 'exhibitor2')));
    const [journal] = await database.db.select().from(exhibitorJournal).where(eq(exhibitorJournal.exhibitorId, ex2!.exhibitorId));
    expect(journal).toMatchObject({ auditState: AuditState.Pending, compName: '上海智造设备有限公司' });
    const [record] = await database.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'journal'), eq(auditRecord.targetId, journal!.id)));
    expect(record).toMatchObject({ state: AuditState.Pending, exhibitorId: ex2!.exhibitorId, title: '上海智造设备有限公司' });
  });

  it('gives the demo exhibition a hall plan with drawn booths, and the exhibitors booths on it with areas in square metres (issue 9 defect 8)', async () => {
    const [hall] = await database.db.select().from(exhibitionHall).where(eq(exhibitionHall.exhibitionId, DEMO_EXHIBITION_ID));
    expect(hall).toMatchObject({ name: 'A馆', nameEn: 'Hall A' });
    expect((await database.db.select().from(hallPlan).where(eq(hallPlan.hallId, hall!.id)))[0]).toMatchObject({ imageUrl: '/demo/hall-a.svg', width: 60, height: 40, scale: 1 });
    const booths = await database.db.select().from(booth).where(eq(booth.hallId, hall!.id));
    expect(booths.length).toBeGreaterThanOrEqual(10);
    const held = booths.filter((b) => b.exhibitorId);
    expect(held.map((b) => [b.code, b.area, b.state])).toEqual(expect.arrayContaining([['A1-03', 36, 'sold'], ['A3-01', 180, 'sold']]));
    const joins = await database.db.select().from(exhibitor).where(eq(exhibitor.exhibitionId, DEMO_EXHIBITION_ID));
    for (const j of joins) {
      const mine = held.filter((b) => b.exhibitorId === j.id);
      expect(mine).toHaveLength(1);
      expect(j).toMatchObject({ boothInfo: mine[0]!.code, boothArea: String(mine[0]!.area) });
      expect(Number(j.boothArea)).toBeGreaterThan(0);
    }
  });

  it('seeds industries, and bilingual version and feature descriptions (existing English-only ones are brought up to date)', async () => {
    const industries = await database.db.select().from(industry);
    expect(industries.filter((i) => i.parentId === null).map((i) => i.name)).toEqual(['制造业', '信息技术', '贸易与物流']);
    expect(industries.every((i) => i.nameEn)).toBe(true);
    const [basic] = await database.db.select().from(platformVersion).where(eq(platformVersion.id, VERSION_IDS.basic));
    expect(basic).toMatchObject({ description: '展商、产品、观众、资讯和数据统计。', descriptionEn: 'Exhibitors, products, visitors, news and statistics.' });
    expect(await database.db.select().from(feature).where(isNull(feature.descriptionEn))).toEqual([]);
    // an installation seeded before: English text in `description`, no English column
    await database.db.update(feature).set({ description: 'Live', descriptionEn: null }).where(eq(feature.key, 'vote'));
    await database.db.update(feature).set({ description: 'Host and exhibitor live rooms, live lines, pushed products and gifts.', descriptionEn: null }).where(eq(feature.key, 'live'));
    await ensureFeatureCatalogue(database.db);
    const [live] = await database.db.select().from(feature).where(eq(feature.key, 'live'));
    expect(live).toMatchObject({ description: '主办方和展商直播间、直播线路、推送商品和礼物。', descriptionEn: 'Host and exhibitor live rooms, live lines, pushed products and gifts.' });
    // a description the administrator wrote is kept
    expect((await database.db.select().from(feature).where(and(eq(feature.key, 'vote'), isNotNull(feature.description))))[0]).toMatchObject({ description: 'Live', descriptionEn: null });
  });

  it('gives both demo exhibitors bilingual products with pictures the web serves, one of them waiting for audit (issue 10)', async () => {
    const rows = await database.db.select().from(product).where(eq(product.exhibitionId, DEMO_EXHIBITION_ID));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.nameEn && r.introductionEn && r.pictures.length > 0)).toBe(true);
    for (const url of rows.flatMap((r) => r.pictures)) expect(fs.existsSync(path.join(import.meta.dirname, '../../web/public', url)), url).toBe(true);
    expect(rows.filter((r) => r.auditState === AuditState.Approved && r.isShow).length).toBeGreaterThanOrEqual(4);
    const pending = rows.filter((r) => r.auditState === AuditState.Pending);
    expect(pending).toHaveLength(1);
    const [record] = await database.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'product'), eq(auditRecord.targetId, pending[0]!.id)));
    expect(record).toMatchObject({ state: AuditState.Pending });
    const joins = await database.db.select().from(exhibitor).where(eq(exhibitor.exhibitionId, DEMO_EXHIBITION_ID));
    for (const j of joins) expect(j.proCount).toBe(rows.filter((r) => r.exhibitorId === j.id && r.auditState === AuditState.Approved).length);
  });

  it('fills the board and the leads screens: two approved posts with a comment each, an answered enquiry, a review with its reply (issue 15)', async () => {
    const db = database.db;
    const posts = await db.select().from(supplyDemand).where(eq(supplyDemand.exhibitionId, DEMO_EXHIBITION_ID));
    expect(posts.map((p) => p.kind).sort()).toEqual(['demand', 'supply']);
    for (const p of posts) expect(p).toMatchObject({ auditState: AuditState.Approved, isShow: true, commentCount: 1 });
    expect(await db.select().from(supplyDemandComment).where(eq(supplyDemandComment.exhibitionId, DEMO_EXHIBITION_ID))).toHaveLength(2);
    const answered = await db.select().from(enquiry).where(and(eq(enquiry.exhibitionId, DEMO_EXHIBITION_ID), eq(enquiry.state, 'answered')));
    expect(answered).toHaveLength(1);
    expect(answered[0]!.reply).toBeTruthy();
    const [demoVisitor] = await db.select().from(userAccount).where(eq(userAccount.userName, 'visitor'));
    const reviews = await db.select().from(exhibitorEvaluation).where(and(eq(exhibitorEvaluation.exhibitionId, DEMO_EXHIBITION_ID), isNull(exhibitorEvaluation.deletedAt)));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ isShow: true, rating: 5 });
    expect(reviews[0]!.reply).toBeTruthy();
    // The demo visitor's own review is left for the person (and the e2e flow) to write.
    expect(reviews[0]!.userId).not.toBe(demoVisitor!.id);
  });
});
