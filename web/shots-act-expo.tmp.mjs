// Temporary local harness (not committed): the visitor pages over faked API answers.
import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:5184';
const EX = '00000000-0000-4000-a000-000000000001';
const X = '00000000-0000-4000-a000-0000000000aa';
const id = (n) => `00000000-0000-4000-a000-0000000000${n}`;
const now = Date.now();
const iso = (mins) => new Date(now + mins * 60000).toISOString();
const dayOf = (t) => new Date(t + 8 * 3600e3).toISOString().slice(0, 10);
const today = dayOf(now);
const end = dayOf(now + 2 * 86400e3);
const home = { id: EX, name: '2026 上海国际智能制造博览会', nameEn: 'Shanghai Smart Manufacturing Expo 2026', logo: null, banner: null, startAt: iso(-600), endAt: iso(2 * 1440), startTime: `${today} 09:00:00`, endTime: `${end} 17:00:00`, address: '上海国家会展中心', addressEn: 'NECC Shanghai', description: '年度盛会', descriptionEn: null, state: 'open', figures: { exhibitorCount: 1234, viewCount: 56789 }, logoGrid: { col: 6, row: 2, items: [] }, journalDisplay: { layout: 'grid', productSort: 'showIndex', showProductCount: true, showEnquiryButton: true }, visitorReg: { notice: '', noticeEn: '' }, categories: [] };
const act = (n, extra) => ({ id: id(`a${n}`), exhibitionId: EX, exhibitorId: null, companyName: null, categoryId: id('c1'), hallId: id('b1'), kind: 'forum', title: `智能制造高峰论坛第${n}场：工业互联网与数字孪生的落地实践`, titleEn: `Smart Manufacturing Summit, session ${n}`, cover: null, venue: '会议室 M1', startAt: iso(60 * n), endAt: iso(60 * n + 90), regEnabled: true, regStartAt: iso(-3000), regEndAt: iso(60 * n), capacity: 300, waitlist: true, regCount: 1234, phase: 'upcoming', liveOpen: false, hallName: '一号馆', categoryName: '主论坛', ...extra });
const list = [
  act(1, { startAt: iso(-60), endAt: iso(30), phase: 'ongoing', liveOpen: true }),
  act(2, { exhibitorId: X, companyName: '上海华展科技有限公司', kind: 'launch', categoryId: id('c2'), categoryName: '新品发布', hallId: id('b2'), hallName: '二号馆', capacity: null, regCount: 56 }),
  act(3, { startAt: iso(-300), endAt: iso(-200), phase: 'ended' }),
  act(4, { phase: 'cancelled', kind: 'ceremony' }),
];
const detail = { ...list[0], cover: null, introduction: '<p>本场论坛聚焦<strong>工业互联网</strong>与数字孪生在制造业的落地。</p><ul><li>主题演讲</li><li>圆桌对话</li></ul>', schedules: [
  { id: id('e1'), activityId: list[0].id, title: '开幕致辞', titleEn: 'Opening', startAt: iso(-60), endAt: iso(-45), speakers: [{ name: '李四', title: '协会会长', avatar: null }], description: '', showIndex: 0 },
  { id: id('e2'), activityId: list[0].id, title: '主题演讲：数字孪生工厂', titleEn: null, startAt: iso(-45), endAt: iso(0), speakers: [{ name: '王五', title: '首席技术官', avatar: null }, { name: 'Anna Schmidt', title: 'CTO', avatar: null }], description: '从设计到运维的全流程实践。', showIndex: 1 },
], ticketTypes: [
  { id: id('d1'), activityId: list[0].id, name: '普通票', nameEn: 'Standard', quantity: 200, taken: 120, saleStartAt: null, saleEndAt: null, showIndex: 0 },
  { id: id('d2'), activityId: list[0].id, name: '贵宾票', nameEn: 'VIP', quantity: 20, taken: 20, saleStartAt: null, saleEndAt: null, showIndex: 1 },
] };
const posts = [
  { id: 'p2', activityId: list[0].id, kind: 'text', content: '圆桌对话开始，四位嘉宾讨论中小企业如何起步数字化。', pictures: [], pinned: false, createAt: iso(-5) },
  { id: 'p1', activityId: list[0].id, kind: 'image', content: '开幕现场座无虚席', pictures: ['data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#9ab"/></svg>')], pinned: true, createAt: iso(-55) },
];
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><path d="M1 1h7v7H1zM13 1h7v7h-7zM1 13h7v7H1zM10 10h3v3h-3z" fill="#000"/></svg>';
const mine = [
  { id: 'r1', activity: list[1], status: 'registered', ticketTypeName: '普通票', ticketCode: 'K7Q2M4XW9PZRB3TNA6CDEF5GHJ', qrSvg: QR, checkedInAt: null, createAt: iso(-2000) },
  { id: 'r2', activity: list[0], status: 'waiting', ticketTypeName: null, ticketCode: null, checkedInAt: null, createAt: iso(-1000) },
];
const ok = (data) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, code: 0, data }) });
async function api(route) {
  const u = new URL(route.request().url());
  const p = u.pathname.replace(`/api/v1/expo/${EX}`, '');
  const m = route.request().method();
  if (p === '') return route.fulfill(ok(home));
  if (p === '/activities') { const ex = u.searchParams.get('exhibitorId'); const items = ex ? list.filter((a) => a.exhibitorId === ex) : list; return route.fulfill(ok({ pageIndex: 1, pageSize: 50, totalCount: items.length, totalPages: 1, items })); }
  if (p.endsWith('/live/events')) return route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 600000\n\n' });
  if (p.endsWith('/live')) return route.fulfill(ok(posts));
  if (p.startsWith('/activities/')) return route.fulfill(ok(detail));
  if (p === '/my/tickets') return route.fulfill(ok(mine));
  if (p === '/me') return route.fulfill(ok({ id: X, exhibitionId: EX, name: '张三', lang: 'zh', auditState: 1, createdAt: '2026-01-01 10:00:00', ticket: { ticketNo: 'PV000123', qrSvg: QR } }));
  if (p === `/exhibitors/${X}`) return route.fulfill(ok({ id: X, exhibitionId: EX, company: { id: X, name: '上海华展科技有限公司', nameEn: null, logo: null, region: null, address: null, website: null, introduction: '专注工业软件', introductionEn: null }, banner: null, boothInfo: 'A1', boothArea: null, booths: [{ code: 'A1', hall: '一号馆', hallEn: 'Hall 1' }], categories: [], likeCount: 1, followCount: 2, shareCount: 3, viewCount: 4, proCount: 0, products: [], reviews: [], albums: [], videos: [] }));
  if (p.endsWith('/view')) return route.fulfill(ok({ viewCount: 5, likeCount: 1, followCount: 2, shareCount: 3 }));
  if (p.endsWith('/mine')) return route.fulfill(ok({ liked: false, followed: false }));
  return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, code: 4040, description: 'not found' }) });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const pages = [['home', `/expo/${EX}`], ['programme', `/expo/${EX}/activities`], ['activity', `/expo/${EX}/activities/${list[0].id}`], ['activity-details', `/expo/${EX}/activities/${list[0].id}#details`], ['my', `/expo/${EX}/my/activities`], ['booth', `/expo/${EX}/exhibitors/${X}`], ['programme-en', `/expo-en/${EX}/activities`]];
for (const [w, h] of [[390, 844], [1440, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'zh-CN' });
  await ctx.addInitScript(([ex]) => localStorage.setItem(`pavilion.expo.${ex}.visitor`, JSON.stringify({ accessToken: 't', refreshToken: 'r', expiresAt: Date.now() + 3600e3 })), [EX]);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.route('**/api/**', api);
  await page.route(/\/expo(-en)?\/[^.]*$/, async (route) => { if (route.request().resourceType() !== 'document') return route.fallback(); const r = await route.fetch({ url: `${BASE}/expo.html` }); return route.fulfill({ response: r }); });
  for (const [name, path] of pages) {
    await page.goto(BASE + path.replace('#details', ''));
    await page.waitForTimeout(1500);
    if (name === 'activity-details') { await page.getByRole('tab', { name: '活动详情' }).click(); await page.waitForTimeout(300); }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (sideways) console.log('SIDEWAYS', name, w);
    await page.screenshot({ path: `/tmp/act-expo-shots/${name}-${w}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
console.log('done');
