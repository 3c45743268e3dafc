import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FormItem, VisitorGroup } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { userAccount } from '../src/core/tables.ts';
import { readForm } from '../src/modules/form/service.ts';
import { member } from '../src/modules/member/tables.ts';
import { findGroup } from '../src/modules/visitorgroup/service.ts';

let ctx: TestContext;
const get = () => ctx;
const exh = () => ctx.demo.exhibitionId;
const base = '/api/v1/settings/visitor/groups';
const at = (path: string, exhibitionId = exh()) => `${base}${path}?exhibitionId=${exhibitionId}`;

const call = async (as: Actor, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const putGroups = (groups: unknown[], as: Actor = 'host', exhibitionId = exh(), lang?: string) => call(as, 'PUT', at('', exhibitionId), { groups }, lang);

let buyers: VisitorGroup;
let media: VisitorGroup;
let otherGroup: VisitorGroup;

beforeAll(async () => {
  ctx = await createTestContext();
  const saved = json(await putGroups([{ name: '采购商', nameEn: 'Buyers', needAudit: false, isOpen: true }, { name: '媒体', nameEn: 'Media', summary: '记者与编辑', needAudit: true, isOpen: true }])).data.groups;
  [buyers, media] = saved;
  // The second tenant's version lacks the audience feature: the administrator is never gated.
  otherGroup = json(await putGroups([{ name: '贵宾', nameEn: 'VIP' }], 'admin', ctx.other.exhibitionId)).data.groups[0];
});
afterAll(() => ctx.close());

const groupsSecurity = (path: string, put: (c: TestContext) => unknown) => {
  describe(`GET ${base}${path}`, () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'GET', url: at(path, c.demo.exhibitionId) }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: at(path, c.other.exhibitionId) }) },
    });
  });
  describe(`PUT ${base}${path}`, () => {
    routeSecurity(get, {
      request: (c) => ({ method: 'PUT', url: at(path, c.demo.exhibitionId), payload: put(c) }),
      allowed: ['admin', 'host'],
      denied: ['exhibitor'],
      otherTenant: { as: 'host', request: (c) => ({ method: 'PUT', url: at(path, c.other.exhibitionId), payload: put(c) }) },
    });
  });
};
groupsSecurity('', () => ({ groups: [buyers, media] }));
groupsSecurity('/invitation', () => ({ items: [{ groupId: buyers.id, backgroundColor: '#123456' }] }));
groupsSecurity('/share', () => ({ items: [{ groupId: buyers.id, title: '欢迎' }] }));
groupsSecurity('/share-poster', () => ({ items: [{ groupId: buyers.id }] }));

describe(`GET ${base}/share-poster/qr`, () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: `${base}/share-poster/qr?exhibitionId=${c.demo.exhibitionId}&groupId=${buyers.id}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: `${base}/share-poster/qr?exhibitionId=${c.other.exhibitionId}&groupId=${otherGroup.id}` }) },
  });
});

describe('visitor groups', () => {
  it('keeps the ids of groups sent with theirs, makes new ones, and orders by the list sent', async () => {
    const res = await putGroups([{ ...media, name: '媒体记者' }, { name: '观众', nameEn: 'Visitors' }, buyers]);
    expect(res.statusCode, res.body).toBe(200);
    const groups = json(res).data.groups as VisitorGroup[];
    expect(groups.map((g) => [g.name, g.showIndex])).toEqual([
      ['媒体记者', 1],
      ['观众', 2],
      ['采购商', 3],
    ]);
    expect(groups[0]!.id).toBe(media.id);
    expect(groups[2]!.id).toBe(buyers.id);
    expect(groups[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(groups[1]).toMatchObject({ summary: '', needAudit: false, isOpen: true });
    expect(json(await call('admin', 'GET', at(''))).data.groups).toEqual(groups);
    expect(await findGroup(ctx.db, media.id)).toMatchObject({ exhibitionId: exh(), group: { name: '媒体记者', needAudit: true } });
    expect(await findGroup(ctx.db, '00000000-0000-4000-a000-0000000000ff')).toBeNull();
    // Put back the two of beforeAll.
    expect((await putGroups([buyers, media])).statusCode).toBe(200);
  });

  it('refuses a name used twice, an id of another exhibition and more than 50 groups, naming the field in both languages', async () => {
    const twice = await putGroups([buyers, { name: ' 采购商 ', nameEn: 'Other' }], 'host', exh(), 'en');
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toMatchObject({ code: 4000, field: 'groups.1.name' });
    expect(json(twice).description).toContain('groups.1.name already exists');
    const zh = await putGroups([buyers, { name: 'x', nameEn: 'buyers' }], 'host', exh(), 'zh-CN');
    expect(json(zh)).toMatchObject({ field: 'groups.1.nameEn' });
    expect(json(zh).description).toContain('已存在');
    const foreign = await putGroups([{ ...otherGroup }], 'host', exh(), 'en');
    expect(json(foreign)).toMatchObject({ code: 4000, field: 'groups.0.id' });
    expect(json(foreign).description).toContain('not a visitor group of this exhibition');
    const many = await putGroups(Array.from({ length: 51 }, (_, i) => ({ name: `g${i}` })));
    expect(many.statusCode).toBe(400);
    expect(json(many).field).toBe('groups');
    expect(json(await putGroups([{ name: '' }])).field).toBe('groups.0.name');
  });

  it('refuses to delete a group that has registered visitors (409), and deletes an unused one', async () => {
    const [visitor] = await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, 'exhibitor'));
    await ctx.db.insert(member).values({ exhibitionId: exh(), userId: visitor!.id, groupId: media.id, name: '王芳' });
    const res = await putGroups([buyers], 'host', exh(), 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 4009, field: 'groups' });
    expect(json(res).description).toContain('Visitor group "媒体" has registered visitors');
    await ctx.db.delete(member).where(eq(member.groupId, media.id));
    const unused = json(await putGroups([buyers, media, { name: '临时' }])).data.groups[2];
    expect(json(await putGroups([buyers, media])).data.groups.map((g: VisitorGroup) => g.id)).toEqual([buyers.id, media.id]);
    expect(await findGroup(ctx.db, unused.id)).toBeNull();
  });

  it('gates the writes on the audience feature (4019), not the reads', async () => {
    const res = await putGroups([{ name: 'x' }], 'host2', ctx.other.exhibitionId);
    expect(json(res).code, res.body).toBe(4019);
    expect((await call('host2', 'GET', at('', ctx.other.exhibitionId))).statusCode).toBe(200);
  });
});

describe('per-group settings', () => {
  it('answers one item per group with defaults, replaces the items named and keeps the others', async () => {
    const first = json(await call('host', 'GET', at('/invitation'))).data;
    expect(first.items.map((i: { groupId: string }) => i.groupId)).toEqual([buyers.id, media.id]);
    expect(first.items[1]).toEqual({ groupId: media.id, backgroundColor: '#ffffff', backgroundUrl: '', topToContent: 0 });
    const put = await call('host', 'PUT', at('/invitation'), { items: [{ groupId: media.id, backgroundColor: '#0a2540', backgroundUrl: '/uploads/bg.png', topToContent: 320 }] });
    expect(put.statusCode, put.body).toBe(200);
    await call('host', 'PUT', at('/invitation'), { items: [{ groupId: buyers.id, topToContent: 10 }] });
    const items = json(await call('host', 'GET', at('/invitation'))).data.items;
    expect(items[1]).toEqual({ groupId: media.id, backgroundColor: '#0a2540', backgroundUrl: '/uploads/bg.png', topToContent: 320 });
    expect(items[0]).toMatchObject({ groupId: buyers.id, topToContent: 10 });

    await call('host', 'PUT', at('/share'), { items: [{ groupId: buyers.id, title: '诚邀采购商', titleEn: 'Buyers welcome', summary: '免费登记', imageUrl: 'https://cdn.example.com/s.png' }] });
    expect(json(await call('host', 'GET', at('/share'))).data.items[0]).toEqual({ groupId: buyers.id, title: '诚邀采购商', titleEn: 'Buyers welcome', summary: '免费登记', imageUrl: 'https://cdn.example.com/s.png' });
    expect(json(await call('host', 'GET', at('/share-poster'))).data.items[1]).toEqual({ groupId: media.id, backgroundUrl: '', qrX: 225, qrY: 880, qrSize: 300, textColor: '#333333' });
  });

  it('refuses a bad colour, an offset out of range, a QR outside the poster, an unsafe URL and an unknown group, by field', async () => {
    const bad = async (path: string, item: Record<string, unknown>, lang = 'en') => json(await call('host', 'PUT', at(path), { items: [{ groupId: buyers.id, ...item }] }, lang));
    expect(await bad('/invitation', { backgroundColor: 'red' })).toMatchObject({ code: 4000, field: 'items.0.backgroundColor' });
    expect(await bad('/invitation', { topToContent: 2001 })).toMatchObject({ field: 'items.0.topToContent' });
    expect(await bad('/invitation', { backgroundUrl: 'javascript:alert(1)' })).toMatchObject({ field: 'items.0.backgroundUrl' });
    const outside = await bad('/share-poster', { qrX: 600, qrSize: 300 });
    expect(outside).toMatchObject({ code: 4000, field: 'items.0.qrX' });
    expect(outside.description).toContain('inside the poster (750 × 1334)');
    expect((await bad('/share-poster', { qrY: 1200, qrSize: 200 }, 'zh-CN')).description).toContain('二维码须在海报');
    const unknown = json(await call('host', 'PUT', at('/share'), { items: [{ groupId: otherGroup.id, title: 'x' }] }, 'en'));
    expect(unknown).toMatchObject({ code: 4000, field: 'items.0.groupId' });
  });
});

describe('the poster QR code', () => {
  it('answers an SVG of the group registration link, Chinese or English', async () => {
    const res = await call('host', 'GET', `${base}/share-poster/qr?exhibitionId=${exh()}&groupId=${buyers.id}&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg[^>]+viewBox/);
    const zh = await call('host', 'GET', `${base}/share-poster/qr?exhibitionId=${exh()}&groupId=${buyers.id}`);
    expect(zh.body).not.toEqual(res.body);
    expect((await call('host', 'GET', `${base}/share-poster/qr?exhibitionId=${exh()}&groupId=${otherGroup.id}`)).statusCode).toBe(404);
  });
});

describe('per-group registration forms', () => {
  const item = (name: string, label: string): FormItem => ({
    tagType: 0,
    label,
    name,
    showIndex: 1,
    locked: false,
    attributes: { placeholder: '', checkOptions: { require: false, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null },
  });

  it("answers the exhibition's form for a group without its own, then the group's once saved; the host only", async () => {
    const exhibitionForm = json(await call('host', 'GET', `/api/v3/form?itemId=${exh()}&formType=1`)).data;
    const inherited = json(await call('host', 'GET', `/api/v3/form?itemId=${media.id}&formType=1`)).data;
    expect(inherited).toEqual({ ...exhibitionForm, itemId: media.id });
    const formItems = [...exhibitionForm.formItems, item('outlet', '媒体名称')];
    const saved = await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: media.id, formType: 1, formItems });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = json(await call('host', 'GET', `/api/v3/form?itemId=${media.id}&formType=1`)).data;
    expect(own.formItems.at(-1)).toMatchObject({ name: 'outlet' });
    expect((await readForm(ctx.db, media.id, 1)).formItems.at(-1)?.name).toBe('outlet');
    // The exhibition's own form is untouched; the other group still inherits it.
    expect(json(await call('host', 'GET', `/api/v3/form?itemId=${exh()}&formType=1`)).data.formItems.some((i: FormItem) => i.name === 'outlet')).toBe(false);
    expect((await readForm(ctx.db, buyers.id, 1)).formItems.some((i) => i.name === 'outlet')).toBe(false);
  });

  it("refuses another host, an exhibitor, and form types other than the visitor ones for a group", async () => {
    expect((await call('host2', 'GET', `/api/v3/form?itemId=${media.id}&formType=1`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'GET', `/api/v3/form?itemId=${media.id}&formType=1`)).statusCode).toBe(404);
    expect((await call('host', 'GET', `/api/v3/form?itemId=${media.id}&formType=3`)).statusCode).toBe(404);
    const form = (await readForm(ctx.db, exh(), 3)).formItems;
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: media.id, formType: 3, formItems: form }))).toMatchObject({ code: 4000, field: 'formType' });
    expect((await call('host2', 'POST', '/api/v3/form/update/formitem', { itemId: media.id, formType: 1, formItems: [item('a', 'A')] })).statusCode).toBe(404);
  });
});

describe('visitorReg settings', () => {
  it('read and written by the host through the exhibition settings, needAudit false until set', async () => {
    const before = json(await call('host', 'GET', `/api/v1/settings/exhibition?exhibitionId=${exh()}`)).data.visitorReg;
    expect(before).toMatchObject({ needAudit: false, notice: '' });
    const res = await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`, { visitorReg: { notice: '请如实填写', noticeEn: 'Please answer truthfully', needAudit: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.visitorReg).toMatchObject({ notice: '请如实填写', noticeEn: 'Please answer truthfully', needAudit: true, regSuccessedNotice: '' });
    expect(json(await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${exh()}`, { visitorReg: { needAudit: 'yes' } }))).toMatchObject({ code: 4000, field: 'visitorReg.needAudit' });
  });
});
