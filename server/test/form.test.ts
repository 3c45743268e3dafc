import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TagType, type FormItem } from '@pavilion/contract';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';
import { userAccount } from '../src/core/tables.ts';
import { readForm, validateAnswers, writeAnswers } from '../src/modules/form/service.ts';
import { formWrite } from '../src/modules/form/tables.ts';

let ctx: TestContext;
const get = () => ctx;
const users: Partial<Record<Actor, string>> = {};
const exh = () => ctx.demo.exhibitionId;

const call = async (as: Actor, method: 'GET' | 'POST', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const formUrl = (itemId: string, formType = 1) => `/api/v3/form?itemId=${itemId}&formType=${formType}`;
const writeUrl = (itemId: string, userId: string, formType = 1) => `/api/v3/formwrite/by?itemId=${itemId}&formType=${formType}&userId=${userId}`;
const defaults = async (itemId = exh(), formType = 1) => (await readForm(ctx.db, itemId, formType)).formItems;
const answersZh = { name: '王芳', mobile: '13800138000', company: '星辰', jobTitle: '采购', city: ['p', 'c', 'd'], interest: [] as string[] };

beforeAll(async () => {
  ctx = await createTestContext();
  for (const as of ['exhibitor', 'exhibitor2', 'exhibitor3'] as const) {
    const [u] = await ctx.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.userName, as));
    users[as] = u!.id;
  }
  const form = await defaults();
  const interest = form.find((i) => i.name === 'interest')!;
  answersZh.interest = interest.attributes.options.slice(0, 1).map((o) => o.value);
  // The demo host may have no top-level category yet: then the interest item is optional.
  if (!answersZh.interest.length) {
    interest.attributes.checkOptions.require = false;
    expect((await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: form })).statusCode).toBe(200);
  }
  await ctx.db.transaction((tx) => writeAnswers(tx, { userId: users.exhibitor!, itemId: exh(), formType: 1 }, answersZh));
  // The other tenant's host has no categories, so its default form cannot be answered: its row is written as is.
  await ctx.db.insert(formWrite).values({ userId: users.exhibitor3!, itemId: ctx.other.exhibitionId, exhibitionId: ctx.other.exhibitionId, formType: 1, answers: { name: '李' } });
});
afterAll(() => ctx.close());

describe('GET /api/v3/form', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: formUrl(c.demo.exhibitionId) }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: formUrl(c.other.exhibitionId) }) },
  });
});
describe('POST /api/v3/form/update/formitem', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v3/form/update/formitem', payload: { itemId: c.demo.exhibitionId, formType: 3, formItems: [{ tagType: 0, label: '姓名', name: 'name', showIndex: 1, locked: false, attributes: { placeholder: '', checkOptions: { require: true, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null } }] } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: {
      as: 'host',
      request: (c) => ({ method: 'POST', url: '/api/v3/form/update/formitem', payload: { itemId: c.other.exhibitionId, formType: 3, formItems: [{ tagType: 0, label: '姓名', name: 'name', showIndex: 1, locked: false, attributes: { placeholder: '', checkOptions: { require: true, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null } }] } }),
    },
  });
});
describe('GET /api/v3/formwrite/by', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'GET', url: writeUrl(c.demo.exhibitionId, users.exhibitor!) }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'GET', url: writeUrl(c.other.exhibitionId, users.exhibitor3!) }) },
  });
});

const conditional = (): FormItem => ({
  tagType: TagType.Input,
  label: '媒体名称',
  name: 'outlet',
  showIndex: 9,
  locked: false,
  attributes: { placeholder: '', checkOptions: { require: true, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null },
  showWhen: { name: 'role', values: ['media'] },
});
const role = (): FormItem => ({
  tagType: TagType.Radio,
  label: '身份',
  name: 'role',
  showIndex: 8,
  locked: false,
  attributes: { placeholder: '', checkOptions: { require: false, email: false, phone: false, reg: false, other: '' }, options: [{ label: '采购商', value: 'buyer' }, { label: '媒体', value: 'media' }], setTime: null, value: null },
});

describe('form builder', () => {
  it('answers the defaults until saved, then the saved form, through both reads', async () => {
    const en = json(await call('exhibitor', 'GET', formUrl(exh(), 2))).data;
    expect(en.formItems.map((i: FormItem) => i.name)).toEqual(['name', 'email', 'password', 'company', 'jobTitle', 'mobile', 'region', 'interest']);
    const survey = json(await call('host', 'GET', formUrl(exh(), 4))).data;
    expect(survey.formItems.map((i: FormItem) => i.name)).toEqual(['source', 'suggestion']);
    const items = [...(await defaults(exh(), 2)), role(), conditional()];
    const saved = await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 2, formItems: items });
    expect(saved.statusCode).toBe(200);
    const viaForm = json(await call('exhibitor', 'GET', formUrl(exh(), 2))).data;
    const viaControl = json(await call('exhibitor', 'GET', `/api/v1/settings/exhibition/form-control?formControlType=2&exhibitionId=${exh()}`)).data;
    expect(viaControl).toEqual(viaForm);
    expect(viaForm.formItems.at(-1)).toMatchObject({ name: 'outlet', showIndex: 10, showWhen: { name: 'role', values: ['media'] } });
  });

  it('refuses removing a locked item or dropping its checks, naming it', async () => {
    const form = await defaults();
    const noMobile = form.filter((i) => i.name !== 'mobile');
    const res = await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: noMobile }, 'en');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 4000, field: 'formItems' });
    expect(json(res).description).toContain('手机号: a locked item cannot be removed');
    const weaker = form.map((i) => (i.name === 'mobile' ? { ...i, attributes: { ...i.attributes, checkOptions: { ...i.attributes.checkOptions, phone: false } } } : i));
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: weaker }))).toMatchObject({ code: 4000, field: 'formItems.1' });
  });

  it('refuses a catastrophic or broken pattern, duplicate names, an unknown tagType and missing options', async () => {
    const form = await defaults();
    const withPattern = (other: string) => form.map((i) => (i.name === 'company' ? { ...i, attributes: { ...i.attributes, checkOptions: { ...i.attributes.checkOptions, reg: true, other } } } : i));
    const bad = await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: withPattern('^(a+)+$') });
    expect(json(bad)).toMatchObject({ code: 4000, field: 'formItems.3.attributes.checkOptions.other' });
    expect(json(bad).description).toContain('嵌套重复');
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: withPattern('([') }))).toMatchObject({ field: 'formItems.3.attributes.checkOptions.other' });
    const dup = [...form, { ...form[3]!, label: '另一个' }];
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: dup }))).toMatchObject({ field: 'formItems.7.name' });
    const unknown = [...form, { ...role(), tagType: 42 }];
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: unknown }))).toMatchObject({ field: 'formItems.7.tagType' });
    const noOptions = [...form, { ...role(), attributes: { ...role().attributes, options: [] } }];
    expect(json(await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: noOptions }))).toMatchObject({ field: 'formItems.7.attributes.options' });
    expect((await call('host', 'POST', '/api/v3/form/update/formitem', { itemId: exh(), formType: 1, formItems: withPattern('^[\\u4e00-\\u9fa5A-Za-z]+$') })).statusCode).toBe(200);
  });

  it('validates answers on the server with the label in the caller language; hidden answers dropped', async () => {
    const form = { itemId: exh(), formType: 1, formItems: [...(await defaults()), role(), conditional()] };
    const en = validateAnswers(form, { ...answersZh, mobile: '123', role: 'media' }, 'en');
    expect(en.errors).toEqual([
      { name: 'mobile', label: '手机号', message: '手机号 is not a valid phone number' },
      { name: 'outlet', label: '媒体名称', message: '媒体名称 is required' },
    ]);
    expect(validateAnswers(form, { ...answersZh, role: 'buyer', outlet: 'x' }, 'zh-CN')).toMatchObject({ errors: [], values: { role: 'buyer' } });
    expect(validateAnswers(form, { ...answersZh, role: 'buyer', outlet: 'x' }, 'zh-CN').values).not.toHaveProperty('outlet');
    const err = await ctx.db.transaction((tx) => writeAnswers(tx, { userId: users.exhibitor2!, itemId: exh(), formType: 1 }, { name: '' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ issues: expect.arrayContaining([{ field: 'name', issue: 'required', params: { field: '姓名' } }]) });
  });

  it('lets the host read its visitors’ answers and a user only its own', async () => {
    const mine = await call('exhibitor', 'GET', writeUrl(exh(), users.exhibitor!));
    expect(json(mine).data).toMatchObject({ userId: users.exhibitor, itemId: exh(), formType: 1, answers: { name: '王芳', mobile: '13800138000' } });
    expect(json(await call('host', 'GET', writeUrl(exh(), users.exhibitor!))).data.answers.company).toBe('星辰');
    expect((await call('exhibitor2', 'GET', writeUrl(exh(), users.exhibitor!))).statusCode).toBe(404);
    expect((await call('host', 'GET', writeUrl(exh(), users.exhibitor2!))).statusCode).toBe(404);
  });
});
