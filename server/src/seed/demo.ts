import { count, sql } from 'drizzle-orm';
import { AuditState, FormType, Role } from '@pavilion/contract';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../auth/password.ts';
import { userAccount } from '../modules/account/tables.ts';
import { host, hostInUser } from '../modules/host/tables.ts';
import { exhibition, exhibitionHall } from '../modules/exhibition/tables.ts';
import { syncExhibitorBooths } from '../modules/booth/service.ts';
import { booth, hallPlan } from '../modules/booth/tables.ts';
import { industry } from '../modules/industry/tables.ts';
import { company, companyUser, exhibitor } from '../modules/company/tables.ts';
import { companyStaff } from '../modules/company/staff-tables.ts';
import { DEMO_EXHIBITION_ID, DEMO_HOST_ID } from './ids.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { submitForAudit } from '../audit/audit.ts';
import { category } from '../modules/category/tables.ts';
import { exhibitorCategory, exhibitorLiveLine } from '../modules/exhibitor/tables.ts';
import { liveLineExhibition } from '../modules/live/tables.ts';
import { exhibitorJournal } from '../modules/journal/tables.ts';
import { registerModules } from '../modules/index.ts';
import { product, productCategory, productEvaluation } from '../modules/product/tables.ts';
import { enquiry } from '../modules/enquiry/tables.ts';
import { supplyDemand, supplyDemandComment } from '../modules/supplydemand/tables.ts';
import { recountComments } from '../modules/supplydemand/service.ts';
import { exhibitorEvaluation } from '../modules/evaluation/tables.ts';
import { refreshProCount } from '../modules/product/service.ts';
import { activity, activityCategory, activitySchedule } from '../modules/activity/tables.ts';
import { refreshActivityCount } from '../modules/activity/service.ts';
import { ensureFeatureCatalogue, VERSION_IDS } from '../modules/version/seed.ts';
import { exhibitionVersion } from '../modules/version/tables.ts';
import { formWrite } from '../modules/form/tables.ts';
import { member } from '../modules/member/tables.ts';
import { issueTicket } from '../modules/member/ticket.ts';
import { demoVisitorPhone, seedDemoVisitors } from './demo-visitors.ts';
import { liveGift, livePushProduct, liveRoom } from '../modules/live/tables.ts';
import { newStreamKey, refreshExhibitorLive } from '../modules/live/service.ts';
import { writeSettingRow, settingNames } from '../modules/settings/service.ts';
import { SettingType } from '@pavilion/contract';

export const DEMO_PASSWORD = 'pavilion';
export const DEMO_ACCOUNTS = [
  { userName: 'admin', role: Role.Admin },
  { userName: 'host', role: Role.Host },
  { userName: 'exhibitor', role: Role.Exhibitor },
  { userName: 'exhibitor2', role: Role.Exhibitor },
  /** Signs in on the visitor site only: e-mail visitor@example.com (English site) or phone 13800000009 (SMS, Chinese site). */
  { userName: 'visitor', role: Role.Visitor },
] as const;

/** The demo visitor, registered and approved for the demo exhibition (docs/visitors.md). */
export const DEMO_VISITOR = { email: 'visitor@example.com', phoneNumber: '13800000009' } as const;

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(userAccount);
  return (row?.n ?? 0) === 0;
}

/** Removes every row of the application's tables (not the migration history). */
export async function wipe(db: Db) {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} cascade`));
}

/**
 * `exhibitorContent: false` leaves out the sample categories and the pending catalogue entry
 * (the integration tests start from bare demo accounts and build their own fixtures).
 */
export async function seedDemo(db: Db, opts: { exhibitorContent?: boolean } = {}) {
  registerModules();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const users = await tx
      .insert(userAccount)
      .values([
        { userName: 'admin', name: '平台管理员', role: Role.Admin, passwordHash },
        { userName: 'host', name: '演示主办方', role: Role.Host, passwordHash, phoneNumber: '13800000001' },
        { userName: 'exhibitor', name: '展商一', role: Role.Exhibitor, passwordHash, phoneNumber: '13800000002' },
        { userName: 'exhibitor2', name: '展商二', role: Role.Exhibitor, passwordHash, phoneNumber: '13800000003' },
        { userName: 'visitor', name: '演示观众', role: Role.Visitor, passwordHash, ...DEMO_VISITOR },
      ])
      .returning();
    const byName = Object.fromEntries(users.map((u) => [u.userName, u]));
    await tx.insert(host).values({ id: DEMO_HOST_ID, name: 'Demo Organiser', nameEn: 'Demo Organiser', phoneNumber: '13800000001', ownerUserId: byName.host!.id });
    await tx.insert(hostInUser).values({ hostId: DEMO_HOST_ID, userId: byName.host!.id });
    await tx.insert(exhibition).values({
      id: DEMO_EXHIBITION_ID,
      hostId: DEMO_HOST_ID,
      name: '2026 数字贸易博览会',
      nameEn: 'Digital Trade Expo 2026',
      startAt: new Date('2026-12-01T01:00:00Z'),
      endAt: new Date('2026-12-05T09:00:00Z'),
    });
    // The demo exhibition runs on the professional version (docs/api.md "Versions, features and gating").
    await ensureFeatureCatalogue(tx);
    await tx.insert(exhibitionVersion).values({ exhibitionId: DEMO_EXHIBITION_ID, versionId: VERSION_IDS.professional });
    const companies = await tx
      .insert(company)
      .values([
        { name: '杭州云展科技有限公司', nameEn: 'Hangzhou Cloud Expo Technology Co., Ltd.', region: '浙江省/杭州市/西湖区', address: '文三路 90 号' },
        { name: '上海智造设备有限公司', nameEn: 'Shanghai Smart Equipment Co., Ltd.', region: '上海市/浦东新区', address: '张江路 188 号' },
      ])
      .returning();
    await tx.insert(companyUser).values([
      { companyId: companies[0]!.id, userId: byName.exhibitor!.id },
      { companyId: companies[1]!.id, userId: byName.exhibitor2!.id },
    ]);
    const joins = await tx.insert(exhibitor).values(companies.map((c) => ({ exhibitionId: DEMO_EXHIBITION_ID, companyId: c.id }))).returning();
    await seedVisitor(tx, byName.visitor!.id);
    if (opts.exhibitorContent ?? true) {
      await seedExhibitorContent(tx, joins);
      await seedDemoVisitors(tx, passwordHash);
      // Live lines (docs/live.md, "The stream"): the administrator's grant to the exhibition, the host's allocation to `exhibitor`.
      await tx.insert(liveLineExhibition).values({ exhibitionId: DEMO_EXHIBITION_ID, lineCount: 5, duration: 6000 });
      await tx.insert(exhibitorLiveLine).values({ exhibitorId: joins[0]!.id, lineCount: 1, duration: 600 });
      await seedEnquiries(tx, joins[0]!.id, byName.visitor!.id);
      await seedBoardAndReviews(tx, joins[0]!.id, joins[1]!.id);
      // Who takes `exhibitor`'s meetings (appointments, docs/matching.md): the appointment screen assigns them.
      await tx.insert(companyStaff).values([
        { companyId: companies[0]!.id, name: '王经理', position: '销售经理', phoneNumber: '13800000011', isDefault: true },
        { companyId: companies[0]!.id, name: '李工', position: '技术支持', phoneNumber: '13800000012' },
      ]);
    }
  });
}

/** Issue 11: the demo visitor's approved registration (Chinese form answers) and its ticket. */
async function seedVisitor(tx: Tx, userId: string) {
  const answers = { name: '演示观众', mobile: DEMO_VISITOR.phoneNumber, email: DEMO_VISITOR.email, company: '演示采购有限公司', jobTitle: '采购经理' };
  const [row] = await tx
    .insert(member)
    .values({ exhibitionId: DEMO_EXHIBITION_ID, userId, lang: 'zh', name: answers.name, phoneNumber: answers.mobile, email: answers.email, company: answers.company, jobTitle: answers.jobTitle, auditState: AuditState.Approved, auditedAt: new Date() })
    .returning();
  await tx.insert(formWrite).values({ userId, itemId: DEMO_EXHIBITION_ID, formType: FormType.VisitorZh, exhibitionId: DEMO_EXHIBITION_ID, answers });
  await issueTicket(tx, row!.id);
}

/**
 * Issue 3 part B: a few categories on the demo exhibitors, and a catalogue entry of `exhibitor2`
 * waiting in the host's audit queue. Reuses the host's categories when the seed made some.
 */
async function seedExhibitorContent(tx: Tx, joins: (typeof exhibitor.$inferSelect)[]) {
  let cats = await tx.select({ id: category.id }).from(category).where(and(eq(category.hostId, DEMO_HOST_ID), isNull(category.deletedAt))).orderBy(category.showIndex).limit(3);
  if (cats.length < 2)
    cats = await tx
      .insert(category)
      .values([
        { hostId: DEMO_HOST_ID, name: '智能装备', nameEn: 'Smart equipment', showIndex: 101 },
        { hostId: DEMO_HOST_ID, name: '数字服务', nameEn: 'Digital services', showIndex: 102 },
        { hostId: DEMO_HOST_ID, name: '消费电子', nameEn: 'Consumer electronics', showIndex: 103 },
      ])
      .returning({ id: category.id });
  const [first, second] = joins;
  await tx.insert(exhibitorCategory).values([
    { exhibitorId: first!.id, categoryId: cats[1]!.id, showIndex: 0 },
    ...(cats[2] ? [{ exhibitorId: first!.id, categoryId: cats[2].id, showIndex: 1 }] : []),
    { exhibitorId: second!.id, categoryId: cats[0]!.id, showIndex: 0 },
  ]);
  await tx.update(exhibitor).set({ showIndex: 1 }).where(eq(exhibitor.id, first!.id));
  await tx.update(exhibitor).set({ showIndex: 2 }).where(eq(exhibitor.id, second!.id));
  const hallId = await seedHall(tx, first!.id, second!.id);
  await seedIndustries(tx);
  const [journal] = await tx
    .insert(exhibitorJournal)
    .values({
      exhibitorId: second!.id,
      exhibitionId: DEMO_EXHIBITION_ID,
      compName: '上海智造设备有限公司',
      compNameEn: 'Shanghai Smart Equipment Co., Ltd.',
      introduction: '专注工业机器人与智能产线的整体解决方案。',
      introductionEn: 'Industrial robots and smart production lines.',
      exhibits: '协作机器人、视觉检测设备',
      contact: '展商二',
      phone: '13800000003',
      address: '上海市浦东新区张江路 188 号',
    })
    .returning();
  await submitForAudit(tx, { principal: null, ip: null }, { type: 'journal', targetId: journal!.id, exhibitionId: DEMO_EXHIBITION_ID, exhibitorId: second!.id });
  await seedProducts(tx, first!.id, second!.id);
  await seedActivities(tx, first!.id, hallId);
  await seedLive(tx, first!.id);
  await seedEvaluateTags(tx);
}

/**
 * Issue 13: the demo exhibition's activity categories, the host's opening forum (in hall A, with its agenda) and an
 * awards ceremony, and an approved product launch of `exhibitor` at its booth, all inside the exhibition's days.
 */
async function seedActivities(tx: Tx, firstId: string, hallId: string) {
  const [forums, launches] = await tx
    .insert(activityCategory)
    .values([
      { exhibitionId: DEMO_EXHIBITION_ID, name: '论坛会议', nameEn: 'Forums', showIndex: 1 },
      { exhibitionId: DEMO_EXHIBITION_ID, name: '新品发布', nameEn: 'Launches', showIndex: 2 },
    ])
    .returning();
  const approved = { auditState: AuditState.Approved, submitAt: new Date(), auditAt: new Date() };
  const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 11, day, hour - 8, minute));
  const [forum] = await tx
    .insert(activity)
    .values([
      {
        exhibitionId: DEMO_EXHIBITION_ID,
        hallId,
        categoryId: forums!.id,
        kind: 'forum',
        title: '2026 数字贸易开幕论坛',
        titleEn: 'Digital Trade Opening Forum 2026',
        venue: 'A馆 主论坛区',
        introductionZh: '<p>政府、平台与企业代表共话数字贸易新机遇。</p>',
        introductionEn: '<p>Government, platform and industry leaders on the new chances of digital trade.</p>',
        startAt: at(1, 9, 30),
        endAt: at(1, 12),
        regEnabled: true,
        regStartAt: new Date('2026-11-01T00:00:00Z'),
        regEndAt: at(1, 9),
        capacity: 300,
        waitlist: true,
        showIndex: 1,
        ...approved,
      },
      {
        exhibitionId: DEMO_EXHIBITION_ID,
        hallId,
        categoryId: forums!.id,
        kind: 'ceremony',
        title: '数字贸易创新奖颁奖典礼',
        titleEn: 'Digital Trade Innovation Awards',
        venue: 'A馆 主论坛区',
        introductionZh: '<p>揭晓年度数字贸易创新企业与产品。</p>',
        introductionEn: '<p>The year’s most innovative digital-trade companies and products.</p>',
        startAt: at(4, 15),
        endAt: at(4, 17),
        showIndex: 2,
        ...approved,
      },
    ])
    .returning();
  await tx.insert(activitySchedule).values([
    { activityId: forum!.id, title: '开幕致辞', titleEn: 'Opening address', startAt: at(1, 9, 30), endAt: at(1, 9, 50), speakers: [{ name: '李主任', title: '组委会主任' }], showIndex: 1 },
    { activityId: forum!.id, title: '主旨演讲：数字贸易的下一个十年', titleEn: 'Keynote: the next decade of digital trade', startAt: at(1, 9, 50), endAt: at(1, 10, 40), speakers: [{ name: '陈教授', title: '贸易经济研究院' }], showIndex: 2 },
    { activityId: forum!.id, title: '圆桌对话：出海与合规', titleEn: 'Panel: going global, staying compliant', startAt: at(1, 10, 50), endAt: at(1, 12), speakers: [{ name: '王总', title: '杭州云展科技' }, { name: '赵总', title: '上海智造设备' }], showIndex: 3 },
  ]);
  await tx.insert(activity).values({
    exhibitionId: DEMO_EXHIBITION_ID,
    exhibitorId: firstId,
    categoryId: launches!.id,
    kind: 'launch',
    title: '云展台 3.0 新品发布会',
    titleEn: 'Cloud Booth 3.0 launch',
    venue: '展位 A1-03',
    introductionZh: '<p>三维云展台全新版本：直播带看、AI 导览。</p>',
    introductionEn: '<p>The new 3D cloud booth: guided live tours and an AI guide.</p>',
    startAt: at(2, 14),
    endAt: at(2, 15),
    showIndex: 1,
    ...approved,
  });
  await refreshActivityCount(tx, firstId);
}

/**
 * Issue 10: the demo exhibition's product categories and a few bilingual products, approved and
 * shown, with pictures the web serves (web/public/demo/products); one of exhibitor2's waits in the
 * host's audit queue, and one carries a visitor's evaluation.
 */
async function seedProducts(tx: Tx, firstId: string, secondId: string) {
  const [equipment, digital] = await tx
    .insert(productCategory)
    .values([
      { exhibitionId: DEMO_EXHIBITION_ID, name: '智能装备', nameEn: 'Smart equipment', showIndex: 1 },
      { exhibitionId: DEMO_EXHIBITION_ID, name: '数字服务', nameEn: 'Digital services', showIndex: 2 },
    ])
    .returning();
  const [robots, displays] = await tx
    .insert(productCategory)
    .values([
      { exhibitionId: DEMO_EXHIBITION_ID, parentId: equipment!.id, level: 2, name: '工业机器人', nameEn: 'Industrial robots', showIndex: 1 },
      { exhibitionId: DEMO_EXHIBITION_ID, parentId: digital!.id, level: 2, name: '智能显示', nameEn: 'Smart displays', showIndex: 1 },
    ])
    .returning();
  const pic = (name: string) => `/demo/products/${name}.svg`;
  const approved = { auditState: AuditState.Approved, submitAt: new Date(), auditAt: new Date() };
  const rows = await tx
    .insert(product)
    .values([
      { exhibitorId: firstId, exhibitionId: DEMO_EXHIBITION_ID, name: '云展台', nameEn: 'Cloud booth', categoryId: digital!.id, pictures: [pic('cloud')], introduction: '<p>三维线上展台，一键发布到展会官网。</p>', introductionEn: '<p>A 3D online booth, published to the show site in one click.</p>', showIndex: 1, ...approved },
      { exhibitorId: firstId, exhibitionId: DEMO_EXHIBITION_ID, name: '智能导览屏', nameEn: 'Smart guide screen', categoryId: displays!.id, pictures: [pic('screen')], introduction: '<p>展馆导览与展商检索一体机。</p>', introductionEn: '<p>Hall guide and exhibitor search in one screen.</p>', showIndex: 2, ...approved },
      { exhibitorId: secondId, exhibitionId: DEMO_EXHIBITION_ID, name: '六轴协作机器人', nameEn: 'Six-axis cobot', categoryId: robots!.id, pictures: [pic('arm'), pic('arm-detail')], introduction: '<p>负载 10 kg，重复定位精度 ±0.03 mm。</p>', introductionEn: '<p>10 kg payload, ±0.03 mm repeatability.</p>', showIndex: 1, ...approved },
      { exhibitorId: secondId, exhibitionId: DEMO_EXHIBITION_ID, name: '视觉检测设备', nameEn: 'Vision inspection unit', categoryId: robots!.id, pictures: [pic('vision')], introduction: '<p>产线外观缺陷在线检测。</p>', introductionEn: '<p>In-line detection of surface defects.</p>', showIndex: 2, ...approved },
    ])
    .returning();
  const [pending] = await tx
    .insert(product)
    .values({ exhibitorId: secondId, exhibitionId: DEMO_EXHIBITION_ID, name: '协作机器人末端夹爪', nameEn: 'Cobot gripper', categoryId: robots!.id, pictures: [pic('arm-detail')], introduction: '<p>快换电动夹爪。</p>', introductionEn: '<p>Quick-change electric gripper.</p>', showIndex: 3 })
    .returning();
  await submitForAudit(tx, { principal: null, ip: null }, { type: 'product', targetId: pending!.id, exhibitionId: DEMO_EXHIBITION_ID, exhibitorId: secondId });
  await tx.insert(productEvaluation).values({ productId: rows[2]!.id, exhibitorId: secondId, exhibitionId: DEMO_EXHIBITION_ID, authorName: '王先生', authorContact: '13900000000', rating: 5, content: '现场演示很流畅，想了解交期。' });
  await refreshProCount(tx, firstId);
  await refreshProCount(tx, secondId);
}

/** Issue 15: two approved enquiries of the demo visitor to `exhibitor`, one about a product with its contact shared, one not (answered). */
async function seedEnquiries(tx: Tx, exhibitorId: string, userId: string) {
  const [p] = await tx.select({ id: product.id }).from(product).where(eq(product.exhibitorId, exhibitorId)).limit(1);
  const [m] = await tx.select().from(member).where(and(eq(member.userId, userId), eq(member.exhibitionId, DEMO_EXHIBITION_ID)));
  const approved = { exhibitionId: DEMO_EXHIBITION_ID, exhibitorId, userId, auditState: AuditState.Approved, submitAt: new Date(), auditAt: new Date() };
  await tx.insert(enquiry).values([
    { ...approved, productId: p?.id ?? null, source: p ? 'product' : 'booth', content: '请问云展台支持多少个展商同时在线？能否提供报价？', isSample: false, shareContact: true, contactName: m?.name ?? null, contactPhone: m?.phoneNumber ?? null, contactEmail: m?.email ?? null, contactCompany: m?.company ?? null },
    { ...approved, source: 'booth', content: '想申请一套样品试用，展会期间可以到展位面谈吗？', isSample: true, shareContact: false, state: 'answered', reply: '可以，样品已备好，欢迎 12 月 2 日下午到 A 馆展位面谈。', repliedAt: new Date() },
  ]);
}

/**
 * Issue 15: the board and the review screens are not empty on a first visit. Two approved supply-and-demand posts
 * (a supply of `exhibitor2`, a demand of the approved demo visitor `visitor2`) with a comment each way, and that
 * visitor's review of `exhibitor` with its reply. The demo visitor `visitor` writes none, so the flows it runs start
 * from nothing of its own.
 */
async function seedBoardAndReviews(tx: Tx, firstId: string, secondId: string) {
  const [found] = await tx.select().from(member).where(and(eq(member.exhibitionId, DEMO_EXHIBITION_ID), eq(member.phoneNumber, demoVisitorPhone(2))));
  const buyer = found!;
  const approved = { exhibitionId: DEMO_EXHIBITION_ID, auditState: AuditState.Approved, submitAt: new Date(), auditAt: new Date() };
  const validUntil = new Date('2027-03-31T15:59:59Z');
  const [supply, demand] = await tx
    .insert(supplyDemand)
    .values([
      {
        ...approved,
        exhibitorId: secondId,
        kind: 'supply',
        title: '协作机器人整机供应，支持来样定制',
        description: '六轴协作机器人，负载 5–20 kg，提供产线集成与三年质保，展会期间下单享样机优先排产。',
        contactName: '展商二',
        contactPhone: '13800000003',
        validUntil,
      },
      {
        ...approved,
        userId: buyer.userId,
        kind: 'demand',
        title: '采购工业视觉检测设备 10 套',
        description: '用于电子元件外观检测，要求检测节拍不低于每分钟 120 件，希望年底前完成验收。',
        contactName: buyer.name,
        contactPhone: buyer.phoneNumber,
        contactEmail: buyer.email,
        validUntil,
      },
    ])
    .returning({ id: supplyDemand.id });
  await tx.insert(supplyDemandComment).values([
    { supplyDemandId: supply!.id, exhibitionId: DEMO_EXHIBITION_ID, userId: buyer.userId, authorName: buyer.name, content: '请问 10 kg 负载的型号交期多久？' },
    { supplyDemandId: demand!.id, exhibitionId: DEMO_EXHIBITION_ID, exhibitorId: secondId, authorName: '上海智造设备有限公司', content: '我们的视觉检测站可满足该节拍，欢迎到展位面谈。' },
  ]);
  await recountComments(tx, supply!.id);
  await recountComments(tx, demand!.id);
  await tx.insert(exhibitorEvaluation).values({
    exhibitorId: firstId,
    exhibitionId: DEMO_EXHIBITION_ID,
    userId: buyer.userId,
    authorName: buyer.name,
    rating: 5,
    content: '云展台演示很直观，讲解耐心，回复也很及时。',
    tags: ['专业', '响应快'],
    reply: '感谢认可，展会期间欢迎再来展位交流！',
    replyAt: new Date(),
  });
}

/** The plan of hall A in plan units of one metre: 60 × 40 (web/public/demo/hall-a.svg, drawn to the same extent). */
const HALL_A = { width: 60, height: 40, scale: 1 };

/**
 * Issue 9 defect 8: the demo exhibition's hall A with its plan and drawn booths (two rows of 6 × 6 m
 * standard booths, two raw spaces); both demo exhibitors hold a booth, so booth number and area
 * (square metres) on their records come from the booths themselves.
 */
async function seedHall(tx: Tx, firstId: string, secondId: string): Promise<string> {
  const [hall] = await tx
    .insert(exhibitionHall)
    .values({ exhibitionId: DEMO_EXHIBITION_ID, name: 'A馆', nameEn: 'Hall A', code: 'A', floor: '1F', area: HALL_A.width * HALL_A.height, showIndex: 1 })
    .returning();
  await tx.insert(hallPlan).values({ hallId: hall!.id, exhibitionId: DEMO_EXHIBITION_ID, imageUrl: '/demo/hall-a.svg', ...HALL_A });
  type Drawn = { code: string; x: number; y: number; w: number; h: number; type?: 'standard' | 'raw'; state?: 'free' | 'reserved' | 'sold'; exhibitorId?: string };
  const drawn: Drawn[] = [
    ...[1, 2].flatMap((row) => Array.from({ length: 6 }, (_, i) => ({ code: `A${row}-0${i + 1}`, x: 6 + i * 8, y: row === 1 ? 6 : 16, w: 6, h: 6 }))),
    { code: 'A3-01', x: 6, y: 27, w: 20, h: 9, type: 'raw' },
    { code: 'A3-02', x: 30, y: 27, w: 12, h: 9, type: 'raw' },
  ];
  const held: Record<string, Partial<Drawn>> = { 'A1-03': { state: 'sold', exhibitorId: firstId }, 'A3-01': { state: 'sold', exhibitorId: secondId }, 'A2-04': { state: 'reserved' } };
  await tx.insert(booth).values(
    drawn.map((b, i) => ({ ...b, ...held[b.code], exhibitionId: DEMO_EXHIBITION_ID, hallId: hall!.id, area: b.w * b.h * HALL_A.scale ** 2, showIndex: i + 1 })),
  );
  await syncExhibitorBooths(tx, [firstId, secondId]);
  return hall!.id;
}

/** The platform's industry list, when the administrator has none yet: three sectors with two trades each. */
async function seedIndustries(tx: Tx) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(industry);
  if (n > 0) return;
  const sectors: [string, string, [string, string][]][] = [
    ['制造业', 'Manufacturing', [['智能装备', 'Smart equipment'], ['工业机器人', 'Industrial robots']]],
    ['信息技术', 'Information technology', [['软件与服务', 'Software and services'], ['消费电子', 'Consumer electronics']]],
    ['贸易与物流', 'Trade and logistics', [['跨境电商', 'Cross-border e-commerce'], ['供应链服务', 'Supply chain services']]],
  ];
  for (const [i, [name, nameEn, trades]] of sectors.entries()) {
    const [parent] = await tx.insert(industry).values({ name, nameEn, showIndex: i + 1 }).returning({ id: industry.id });
    await tx.insert(industry).values(trades.map(([tName, tNameEn], j) => ({ name: tName, nameEn: tNameEn, parentId: parent!.id, showIndex: j + 1 })));
  }
}

/** Issue 15: the evaluation tags visitors pick when reviewing an exhibitor. */
async function seedEvaluateTags(tx: Tx) {
  await writeSettingRow(tx, { type: SettingType.Exhibition, scope: DEMO_EXHIBITION_ID, name: settingNames.exhibition, displayName: '展会配置', exhibitionId: DEMO_EXHIBITION_ID }, (stored) => ({
    ...(stored as object),
    evaluateTags: ['专业', '响应快', '产品好', '服务周到'],
  }));
}

/**
 * Issue 14: the host's room (idle, gifts on; the exhibition's `enabledSpecialLive` switched on, it is off by default),
 * an approved room of `exhibitor` with its products in the list, and a gift catalogue (icons in web/public/demo/gifts).
 * Live lines are granted by the stream's own seed.
 */
async function seedLive(tx: Tx, firstId: string) {
  await writeSettingRow(tx, { type: SettingType.Exhibition, scope: DEMO_EXHIBITION_ID, name: settingNames.exhibition, displayName: '展会配置', exhibitionId: DEMO_EXHIBITION_ID }, (stored) => ({ ...(stored as object), enabledSpecialLive: true }));
  const approved = { auditState: AuditState.Approved, submitAt: new Date(), auditAt: new Date() };
  const day = (d: number, h: number) => new Date(Date.UTC(2026, 11, d, h - 8));
  await tx.insert(liveGift).values([
    { exhibitionId: DEMO_EXHIBITION_ID, name: '鲜花', nameEn: 'Flower', icon: '/demo/gifts/flower.svg', points: 1, showIndex: 1 },
    { exhibitionId: DEMO_EXHIBITION_ID, name: '掌声', nameEn: 'Applause', icon: '/demo/gifts/applause.svg', points: 5, showIndex: 2 },
    { exhibitionId: DEMO_EXHIBITION_ID, name: '火箭', nameEn: 'Rocket', icon: '/demo/gifts/rocket.svg', points: 100, showIndex: 3 },
  ]);
  await tx.insert(liveRoom).values({
    exhibitionId: DEMO_EXHIBITION_ID,
    kind: 'host',
    title: '开幕式直播',
    titleEn: 'Opening ceremony live',
    cover: '/demo/live/opening.svg',
    introduction: '博览会开幕式与主旨演讲全程直播。',
    planStartAt: day(1, 9),
    planEndAt: day(1, 12),
    streamKey: newStreamKey(),
    giftEnabled: true,
    giftNotice: '送出礼物，为开幕式喝彩！',
    showIndex: 1,
    ...approved,
  });
  const [room] = await tx
    .insert(liveRoom)
    .values({
      exhibitionId: DEMO_EXHIBITION_ID,
      exhibitorId: firstId,
      kind: 'exhibitor',
      title: '云展台 3.0 展位直播',
      titleEn: 'Cloud Booth 3.0 booth live',
      cover: '/demo/live/booth.svg',
      introduction: '展位现场带看：三维云展台与智能导览屏。',
      planStartAt: day(2, 14),
      planEndAt: day(2, 15),
      streamKey: newStreamKey(),
      giftEnabled: true,
      showIndex: 2,
      ...approved,
    })
    .returning();
  const products = await tx
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.exhibitorId, firstId), isNull(product.deletedAt)))
    .orderBy(product.showIndex);
  if (products.length) await tx.insert(livePushProduct).values(products.map((p, i) => ({ roomId: room!.id, productId: p.id, showIndex: i })));
  await refreshExhibitorLive(tx, firstId);
}
