import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_LIMIT, ALBUM_PHOTO_LIMIT, AuditState, EXHIBITOR_VIDEO_LIMIT, ErrorCode, PRODUCT_GROUP_LIMIT, VIDEO_UPLOAD_PATH } from '@pavilion/contract';
import { exhibitionVideo, exhibitorVideo } from '../src/modules/boothvideo/tables.ts';
import { album } from '../src/modules/album/tables.ts';
import { certificateQuality, product, productCertificate, productGroup } from '../src/modules/product/tables.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { region } from '../src/modules/reference/tables.ts';
import { bearer, createTestContext, json, type Actor, type TestContext } from './harness.ts';
import { routeSecurity } from './security.ts';

let ctx: TestContext;
const get = () => ctx;
const own = { exhibitorId: '', exhibitor2Id: '' };
const NONE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (as: Actor, method: Method, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: { ...bearer(await ctx.token(as)), ...(lang ? { 'accept-language': lang } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

/** A group written straight into the database (the other tenant's). */
async function insertGroup(exhibitorId: string, exhibitionId: string) {
  const [row] = await ctx.db.insert(productGroup).values({ exhibitorId, exhibitionId, name: unique('分组') }).returning();
  return row!;
}
const groupOf = async (as: Actor) => ok(await call(as, 'POST', '/api/v1/productgroup', { name: unique('分组') }));

beforeAll(async () => {
  ctx = await createTestContext();
  own.exhibitorId = json(await call('exhibitor', 'GET', '/api/v1/account/me')).data.exhibitorId;
  own.exhibitor2Id = json(await call('exhibitor2', 'GET', '/api/v1/account/me')).data.exhibitorId;
  expect((await call('host', 'PUT', `/api/v1/settings/exhibition/patch?exhibitionId=${ctx.demo.exhibitionId}`, { exhibitorsLoadProductNumber: 100 })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

// ——— Product groups ———
describe('POST /api/v1/productgroup/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/productgroup/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/productgroup/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/productgroup', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/productgroup', payload: { exhibitorId: own.exhibitor2Id, name: unique('分组') } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/productgroup', payload: { exhibitorId: c.other.exhibitorId, name: unique('分组') } }) },
  });
});
describe('PATCH /api/v1/productgroup', () => {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await groupOf('exhibitor2')).id;
    ids.foreign = (await insertGroup(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/productgroup?id=${ids.mine}`, payload: { showIndex: 2 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/productgroup?id=${ids.foreign}`, payload: { showIndex: 2 } }) },
  });
});
describe('DELETE /api/v1/productgroup', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await groupOf('exhibitor2')).id);
    foreign = (await insertGroup(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/productgroup?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/productgroup?id=${foreign}` }) },
  });
});

describe('product groups', () => {
  it('an exhibitor sees and changes only its own groups; a product takes only its exhibitor’s group', async () => {
    const g = await groupOf('exhibitor2');
    const list = await ok(await call('exhibitor', 'POST', '/api/v1/productgroup/query', {}));
    expect(list.items.map((x: { id: string }) => x.id)).not.toContain(g.id);
    expect((await call('exhibitor', 'PATCH', `/api/v1/productgroup?id=${g.id}`, { name: '改名' })).statusCode).toBe(404);
    expect((await call('exhibitor', 'DELETE', `/api/v1/productgroup?id=${g.id}`)).statusCode).toBe(404);
    const res = await call('exhibitor', 'POST', '/api/v1/product', { name: unique('产品'), groupId: g.id }, 'en');
    expect(res.statusCode).toBe(404);
    expect(json(res).description).toContain('Product group');
  });

  it('deleting a group un-groups its products, which stay', async () => {
    const g = await groupOf('exhibitor');
    const p = await ok(await call('exhibitor', 'POST', '/api/v1/product', { name: unique('产品'), groupId: g.id }));
    expect(p.groupId).toBe(g.id);
    const filtered = await ok(await call('exhibitor', 'POST', '/api/v3/productv3/page', { groupId: g.id }));
    expect(filtered.items.map((x: { id: string }) => x.id)).toEqual([p.id]);
    await ok(await call('exhibitor', 'DELETE', `/api/v1/productgroup?id=${g.id}`));
    const [row] = await ctx.db.select().from(product).where(eq(product.id, p.id));
    expect(row).toMatchObject({ groupId: null, deletedAt: null });
  });

  it('refuses a duplicate name (409) and more than the limit (4070), naming the field in the caller’s language', async () => {
    const g = await groupOf('exhibitor');
    const dup = await call('exhibitor', 'POST', '/api/v1/productgroup', { name: g.name });
    expect(dup.statusCode).toBe(409);
    const { exhibitorId, exhibitionId } = (await ctx.db.select().from(productGroup).where(eq(productGroup.id, g.id)))[0]!;
    const live = await ctx.db.select().from(productGroup).where(and(eq(productGroup.exhibitorId, exhibitorId), isNull(productGroup.deletedAt)));
    await ctx.db.insert(productGroup).values(Array.from({ length: PRODUCT_GROUP_LIMIT - live.length }, (_, i) => ({ exhibitorId, exhibitionId, name: `批量${i}` })));
    const over = await call('exhibitor', 'POST', '/api/v1/productgroup', { name: unique('分组') }, 'en');
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ code: ErrorCode.ProductGroupLimit, description: `An exhibitor may keep at most ${PRODUCT_GROUP_LIMIT} product groups` });
    expect(json(over).errors?.[0]?.field).toBe('name');
    await ctx.db.update(productGroup).set({ deletedAt: new Date() }).where(eq(productGroup.exhibitorId, exhibitorId));
  });

  it('the host manages an exhibitor’s groups on its behalf', async () => {
    const g = await ok(await call('host', 'POST', '/api/v1/productgroup', { exhibitorId: own.exhibitor2Id, name: unique('主办分组'), nameEn: 'By host' }));
    expect(g.exhibitorId).toBe(own.exhibitor2Id);
    const list = await ok(await call('exhibitor2', 'POST', '/api/v1/productgroup/query', { pageSize: 100 }));
    expect(list.items.map((x: { id: string }) => x.id)).toContain(g.id);
    expect((await call('host', 'POST', '/api/v1/productgroup', { name: '无展商' })).statusCode).toBe(400);
  });
});

describe('origin country', () => {
  it('a product keeps a country of the directory (or Chinese Mainland) and refuses anything else', async () => {
    const [country] = await ctx.db.select().from(region).where(and(eq(region.kind, 'country'), isNull(region.deletedAt))).limit(1);
    const [continent] = await ctx.db.select().from(region).where(eq(region.kind, 'continent')).limit(1);
    const p = await ok(await call('exhibitor', 'POST', '/api/v1/product', { name: unique('产品'), originCountryId: country!.id }));
    expect(p.originCountryId).toBe(country!.id);
    expect((await call('exhibitor', 'PATCH', `/api/v1/product?id=${p.id}`, { originCountryId: continent!.id })).statusCode).toBe(404);
    const [mainland] = await ctx.db.select().from(region).where(and(eq(region.kind, 'top'), eq(region.param, 'flag-cn'))).limit(1);
    expect((await ok(await call('exhibitor', 'PATCH', `/api/v1/product?id=${p.id}`, { originCountryId: mainland!.id }))).originCountryId).toBe(mainland!.id);
    const cleared = await ok(await call('exhibitor', 'PATCH', `/api/v1/product?id=${p.id}`, { originCountryId: null }));
    expect(cleared.originCountryId).toBeNull();
  });
});

// ——— Albums ———
const photo = (i: number) => ({ url: `/uploads/2026/01/a${i}.png`, caption: `照片${i}`, captionEn: `Photo ${i}` });
const albumOf = async (as: Actor) => ok(await call(as, 'POST', '/api/v1/album', { name: unique('相册') }));
async function insertAlbum(exhibitorId: string, exhibitionId: string) {
  const [row] = await ctx.db.insert(album).values({ exhibitorId, exhibitionId, name: unique('相册') }).returning();
  return row!;
}
/** Before a route's security cases: an album of exhibitor2 and one of the other tenant. */
function albums() {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await albumOf('exhibitor2')).id;
    ids.foreign = (await insertAlbum(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  return ids;
}

describe('POST /api/v1/album/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/album/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/album/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/album', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/album', payload: { exhibitorId: own.exhibitor2Id, name: unique('相册') } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/album', payload: { exhibitorId: c.other.exhibitorId, name: unique('相册') } }) },
  });
});
describe('GET /api/v1/album', () => {
  const ids = albums();
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/album?id=${ids.mine}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/album?id=${ids.foreign}` }) },
  });
});
describe('PATCH /api/v1/album', () => {
  const ids = albums();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/album?id=${ids.mine}`, payload: { showIndex: 1 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/album?id=${ids.foreign}`, payload: { showIndex: 1 } }) },
  });
});
describe('PUT /api/v1/album/photos', () => {
  const ids = albums();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: `/api/v1/album/photos?id=${ids.mine}`, payload: { photos: [photo(1)] } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: `/api/v1/album/photos?id=${ids.foreign}`, payload: { photos: [photo(1)] } }) },
  });
});
describe('DELETE /api/v1/album', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await albumOf('exhibitor2')).id);
    foreign = (await insertAlbum(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/album?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/album?id=${foreign}` }) },
  });
});

describe('albums', () => {
  it('keeps photos in the order sent, with captions; the first is the cover until one is chosen', async () => {
    const a = await albumOf('exhibitor');
    const saved = await ok(await call('exhibitor', 'PUT', `/api/v1/album/photos?id=${a.id}`, { photos: [photo(2), photo(1), photo(3)] }));
    expect(saved.photos.map((p: { url: string }) => p.url)).toEqual([photo(2).url, photo(1).url, photo(3).url]);
    expect(saved.photos[0]).toMatchObject({ caption: '照片2', captionEn: 'Photo 2', showIndex: 0 });
    expect(saved).toMatchObject({ cover: photo(2).url, coverUrl: null, photoCount: 3 });
    const chosen = await ok(await call('exhibitor', 'PATCH', `/api/v1/album?id=${a.id}`, { coverUrl: photo(3).url }));
    expect(chosen.cover).toBe(photo(3).url);
    const list = await ok(await call('exhibitor', 'POST', '/api/v1/album/query', {}));
    expect(list.items.find((x: { id: string }) => x.id === a.id)).toMatchObject({ photoCount: 3, cover: photo(3).url });
  });

  it('an exhibitor cannot read or touch another exhibitor’s album', async () => {
    const a = await albumOf('exhibitor2');
    expect((await call('exhibitor', 'GET', `/api/v1/album?id=${a.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'PATCH', `/api/v1/album?id=${a.id}`, { name: '改名' })).statusCode).toBe(404);
    expect((await call('exhibitor', 'PUT', `/api/v1/album/photos?id=${a.id}`, { photos: [] })).statusCode).toBe(404);
    expect((await call('exhibitor', 'DELETE', `/api/v1/album?id=${a.id}`)).statusCode).toBe(404);
    const list = await ok(await call('exhibitor', 'POST', '/api/v1/album/query', { pageSize: 100 }));
    expect(list.items.map((x: { id: string }) => x.id)).not.toContain(a.id);
  });

  it('refuses more photos than the limit (4072) and writes none of them', async () => {
    const a = await albumOf('exhibitor');
    await ok(await call('exhibitor', 'PUT', `/api/v1/album/photos?id=${a.id}`, { photos: [photo(1)] }));
    const over = await call('exhibitor', 'PUT', `/api/v1/album/photos?id=${a.id}`, { photos: Array.from({ length: ALBUM_PHOTO_LIMIT + 1 }, (_, i) => photo(i)) }, 'en');
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ code: ErrorCode.AlbumPhotoLimit, description: `An album holds at most ${ALBUM_PHOTO_LIMIT} photos`, field: 'photos' });
    expect((await ok(await call('exhibitor', 'GET', `/api/v1/album?id=${a.id}`))).photoCount).toBe(1);
  });

  it('refuses more albums than the limit (4071); a deleted album frees a place', async () => {
    const a = await albumOf('exhibitor');
    const live = await ctx.db.select().from(album).where(and(eq(album.exhibitorId, a.exhibitorId), isNull(album.deletedAt)));
    await ctx.db.insert(album).values(Array.from({ length: ALBUM_LIMIT - live.length }, (_, i) => ({ exhibitorId: a.exhibitorId, exhibitionId: a.exhibitionId, name: `批量${i}` })));
    const over = await call('exhibitor', 'POST', '/api/v1/album', { name: unique('相册') });
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ code: ErrorCode.AlbumLimit, description: `每个展商最多建立${ALBUM_LIMIT}个相册` });
    await ok(await call('exhibitor', 'DELETE', `/api/v1/album?id=${a.id}`));
    await albumOf('exhibitor');
    await ctx.db.update(album).set({ deletedAt: new Date() }).where(eq(album.exhibitorId, a.exhibitorId));
  });

  it('the host adds an album on an exhibitor’s behalf, and must name the exhibitor', async () => {
    const a = await ok(await call('host', 'POST', '/api/v1/album', { exhibitorId: own.exhibitor2Id, name: unique('主办相册') }));
    expect(a.exhibitorId).toBe(own.exhibitor2Id);
    const missing = await call('host', 'POST', '/api/v1/album', { name: '无展商' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).field).toBe('exhibitorId');
  });
});

// ——— Booth and exhibition videos ———
const clip = (extra: object = {}) => ({ title: unique('视频'), url: '/uploads/2026/01/v.mp4', cover: null, ...extra });
async function insertExhibitorVideo(exhibitorId: string, exhibitionId: string) {
  const [row] = await ctx.db.insert(exhibitorVideo).values({ exhibitorId, exhibitionId, title: unique('视频'), url: '/uploads/x.mp4' }).returning();
  return row!;
}
async function insertExhibitionVideo(exhibitionId: string) {
  const [row] = await ctx.db.insert(exhibitionVideo).values({ exhibitionId, title: unique('展会视频'), url: '/uploads/x.mp4' }).returning();
  return row!;
}
function exVideos() {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await ok(await call('exhibitor2', 'POST', '/api/v1/exhibitorvideo', clip()))).id;
    ids.foreign = (await insertExhibitorVideo(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  return ids;
}
function exhVideos() {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await insertExhibitionVideo(ctx.demo.exhibitionId)).id;
    ids.foreign = (await insertExhibitionVideo(ctx.other.exhibitionId)).id;
  });
  return ids;
}

describe('POST /api/v1/exhibitorvideo/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/exhibitorvideo/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitorvideo/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/exhibitorvideo', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/exhibitorvideo', payload: clip({ exhibitorId: own.exhibitor2Id }) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitorvideo', payload: clip({ exhibitorId: c.other.exhibitorId }) }) },
  });
  // The security cases above leave exhibitor2 near its limit; the behaviour tests start from none.
  afterAll(async () => {
    await ctx.db.update(exhibitorVideo).set({ deletedAt: new Date() }).where(eq(exhibitorVideo.exhibitorId, own.exhibitor2Id));
  });
});
describe('PATCH /api/v1/exhibitorvideo', () => {
  const ids = exVideos();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/exhibitorvideo?id=${ids.mine}`, payload: { showIndex: 1 } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/exhibitorvideo?id=${ids.foreign}`, payload: { showIndex: 1 } }) },
  });
});
describe('DELETE /api/v1/exhibitorvideo', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await insertExhibitorVideo(own.exhibitor2Id, ctx.demo.exhibitionId)).id);
    foreign = (await insertExhibitorVideo(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/exhibitorvideo?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/exhibitorvideo?id=${foreign}` }) },
  });
});
describe('POST /api/v1/exhibitionvideo/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionvideo/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionvideo/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/exhibitionvideo', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionvideo', payload: clip({ exhibitionId: c.demo.exhibitionId }) }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/exhibitionvideo', payload: clip({ exhibitionId: c.other.exhibitionId }) }) },
  });
});
describe('PATCH /api/v1/exhibitionvideo', () => {
  const ids = exhVideos();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/exhibitionvideo?id=${ids.mine}`, payload: { showIndex: 1 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/exhibitionvideo?id=${ids.foreign}`, payload: { showIndex: 1 } }) },
  });
});
describe('PUT /api/v1/exhibitionvideo/show', () => {
  const ids = exhVideos();
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/exhibitionvideo/show', payload: { id: ids.mine, isShow: false } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/exhibitionvideo/show', payload: { id: ids.foreign, isShow: false } }) },
  });
});
describe('DELETE /api/v1/exhibitionvideo', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await insertExhibitionVideo(ctx.demo.exhibitionId)).id);
    foreign = (await insertExhibitionVideo(ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/exhibitionvideo?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/exhibitionvideo?id=${foreign}` }) },
  });
});

describe('videos', () => {
  const TUS = { 'tus-resumable': '1.0.0' };
  const meta = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'.repeat(20));
  const startUpload = async (as: Actor, length: number, m: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: VIDEO_UPLOAD_PATH, headers: { ...TUS, ...bearer(await ctx.token(as)), 'upload-length': String(length), 'upload-metadata': meta(m), 'accept-language': 'en' } });

  it('refuses a PDF renamed .mp4 uploaded as an exhibitor video', async () => {
    const started = await startUpload('exhibitor', PDF.length, { filename: 'brochure.mp4', filetype: 'video/mp4', purpose: 'exhibitorVideo' });
    expect(started.statusCode, started.body).toBe(201);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: started.headers.location as string,
      payload: PDF,
      headers: { ...TUS, ...bearer(await ctx.token('exhibitor')), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe(ErrorCode.NotAVideo);
  });

  it('an exhibitor cannot upload an exhibition video, nor touch another exhibitor’s video', async () => {
    expect((await startUpload('exhibitor', 1000, { filename: 'a.mp4', purpose: 'exhibitionVideo', exhibitionId: ctx.demo.exhibitionId })).statusCode).toBe(403);
    const v = await ok(await call('exhibitor2', 'POST', '/api/v1/exhibitorvideo', clip()));
    expect((await call('exhibitor', 'PATCH', `/api/v1/exhibitorvideo?id=${v.id}`, { title: '改名' })).statusCode).toBe(404);
    expect((await call('exhibitor', 'DELETE', `/api/v1/exhibitorvideo?id=${v.id}`)).statusCode).toBe(404);
    const list = await ok(await call('exhibitor', 'POST', '/api/v1/exhibitorvideo/query', { pageSize: 100 }));
    expect(list.items.map((x: { id: string }) => x.id)).not.toContain(v.id);
  });

  it('refuses the eleventh video (4073) on save and before an upload starts', async () => {
    const me = own.exhibitorId;
    await ctx.db.update(exhibitorVideo).set({ deletedAt: new Date() }).where(eq(exhibitorVideo.exhibitorId, me));
    for (let i = 0; i < EXHIBITOR_VIDEO_LIMIT; i++) await ok(await call('exhibitor', 'POST', '/api/v1/exhibitorvideo', clip()));
    const over = await call('exhibitor', 'POST', '/api/v1/exhibitorvideo', clip(), 'en');
    expect(over.statusCode).toBe(400);
    expect(json(over)).toMatchObject({ code: ErrorCode.ExhibitorVideoLimit, description: `An exhibitor may keep at most ${EXHIBITOR_VIDEO_LIMIT} videos` });
    const upload = await startUpload('exhibitor', 1000, { filename: 'a.mp4', purpose: 'exhibitorVideo' });
    expect(upload.statusCode).toBe(400);
    expect(json(upload).code).toBe(ErrorCode.ExhibitorVideoLimit);
    await ctx.db.update(exhibitorVideo).set({ deletedAt: new Date() }).where(eq(exhibitorVideo.exhibitorId, me));
  });

  it('the host’s exhibition videos: added, hidden, read by the exhibition’s exhibitors', async () => {
    const v = await ok(await call('host', 'POST', '/api/v1/exhibitionvideo', clip({ exhibitionId: ctx.demo.exhibitionId, titleEn: 'Opening' })));
    expect(v).toMatchObject({ isShow: true, titleEn: 'Opening' });
    expect((await ok(await call('host', 'PUT', '/api/v1/exhibitionvideo/show', { id: v.id, isShow: false }))).isShow).toBe(false);
    const seen = await ok(await call('exhibitor', 'POST', '/api/v1/exhibitionvideo/query', { pageSize: 100 }));
    expect(seen.items.map((x: { id: string }) => x.id)).toContain(v.id);
  });
});

describe('sensitive words', () => {
  it('are refused in group names, album names and captions and video titles, naming the field', async () => {
    await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: ['违禁词'] });
    try {
      const group = await call('exhibitor', 'POST', '/api/v1/productgroup', { name: '违禁词分组' });
      expect(json(group)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'name' });
      const named = await call('exhibitor', 'POST', '/api/v1/album', { name: '相册', nameEn: 'has 违禁词' });
      expect(json(named)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'nameEn' });
      const a = await albumOf('exhibitor');
      const caption = await call('exhibitor', 'PUT', `/api/v1/album/photos?id=${a.id}`, { photos: [photo(1), { ...photo(2), caption: '违禁词说明' }] });
      expect(caption.statusCode).toBe(400);
      expect(json(caption)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'photos.1.caption' });
      const title = await call('exhibitor', 'POST', '/api/v1/exhibitorvideo', clip({ title: '违禁词视频' }));
      expect(json(title)).toMatchObject({ code: ErrorCode.SensitiveWord, field: 'title' });
    } finally {
      await call('admin', 'PUT', '/api/v1/settings/system/sensitives', { words: [] });
    }
  });
});

// ——— Certificate kinds, certificates, product authentication ———
const certificate = (extra: object = {}) => ({ name: unique('证书'), issuer: 'TÜV', validUntil: '2028-12-31', pictures: ['/uploads/2026/01/c1.png'], ...extra });
async function insertQuality(exhibitionId: string) {
  const [row] = await ctx.db.insert(certificateQuality).values({ exhibitionId, name: unique('类型') }).returning();
  return row!;
}
async function insertCertificate(exhibitorId: string, exhibitionId: string, extra: Partial<typeof productCertificate.$inferInsert> = {}) {
  const [row] = await ctx.db.insert(productCertificate).values({ exhibitorId, exhibitionId, name: unique('证书'), pictures: ['/uploads/c.png'], ...extra }).returning();
  return row!;
}
const approve = async (targetId: string) => {
  const [record] = await ctx.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'productCertificate'), eq(auditRecord.targetId, targetId), eq(auditRecord.state, AuditState.Pending)));
  expect((await call('host', 'POST', '/api/Audit/Audit', { ids: [record!.id], approve: true })).statusCode).toBe(200);
};

describe('POST /api/v1/certificatequality/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/certificatequality/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/certificatequality/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/certificatequality', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/certificatequality', payload: { exhibitionId: c.demo.exhibitionId, name: unique('CE') } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/certificatequality', payload: { exhibitionId: c.other.exhibitionId, name: unique('CE') } }) },
  });
});
describe('PATCH /api/v1/certificatequality', () => {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await insertQuality(ctx.demo.exhibitionId)).id;
    ids.foreign = (await insertQuality(ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/certificatequality?id=${ids.mine}`, payload: { showIndex: 1 } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/certificatequality?id=${ids.foreign}`, payload: { showIndex: 1 } }) },
  });
});
describe('DELETE /api/v1/certificatequality', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) ids.push((await insertQuality(ctx.demo.exhibitionId)).id);
    foreign = (await insertQuality(ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/certificatequality?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/certificatequality?id=${foreign}` }) },
  });
});
function certificates() {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    ids.mine = (await ok(await call('exhibitor2', 'POST', '/api/v1/productcertificate', certificate()))).id;
    ids.foreign = (await insertCertificate(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  return ids;
}
describe('POST /api/v1/productcertificate/query', () => {
  routeSecurity(get, {
    request: (c) => ({ method: 'POST', url: '/api/v1/productcertificate/query', payload: { exhibitionId: c.demo.exhibitionId } }),
    allowed: ['admin', 'host', 'exhibitor'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/productcertificate/query', payload: { exhibitionId: c.other.exhibitionId } }) },
  });
});
describe('POST /api/v1/productcertificate', () => {
  routeSecurity(get, {
    request: () => ({ method: 'POST', url: '/api/v1/productcertificate', payload: certificate({ exhibitorId: own.exhibitor2Id }) }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: (c) => ({ method: 'POST', url: '/api/v1/productcertificate', payload: certificate({ exhibitorId: c.other.exhibitorId }) }) },
  });
});
describe('GET /api/v1/productcertificate', () => {
  const ids = certificates();
  routeSecurity(get, {
    request: () => ({ method: 'GET', url: `/api/v1/productcertificate?id=${ids.mine}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'GET', url: `/api/v1/productcertificate?id=${ids.foreign}` }) },
  });
});
describe('PATCH /api/v1/productcertificate', () => {
  const ids = certificates();
  routeSecurity(get, {
    request: () => ({ method: 'PATCH', url: `/api/v1/productcertificate?id=${ids.mine}`, payload: { issuer: 'SGS' } }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'PATCH', url: `/api/v1/productcertificate?id=${ids.foreign}`, payload: { issuer: 'SGS' } }) },
  });
});
describe('DELETE /api/v1/productcertificate', () => {
  const ids: string[] = [];
  let foreign = NONE;
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) ids.push((await insertCertificate(own.exhibitor2Id, ctx.demo.exhibitionId)).id);
    foreign = (await insertCertificate(ctx.other.exhibitorId, ctx.other.exhibitionId)).id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'DELETE', url: `/api/v1/productcertificate?id=${ids.shift() ?? NONE}` }),
    allowed: ['admin', 'host', 'exhibitor2'],
    denied: [],
    otherTenant: { as: 'host', request: () => ({ method: 'DELETE', url: `/api/v1/productcertificate?id=${foreign}` }) },
  });
});
describe('PUT /api/v1/product/authenticate', () => {
  const ids = { mine: NONE, foreign: NONE };
  beforeAll(async () => {
    const cert = await insertCertificate(own.exhibitor2Id, ctx.demo.exhibitionId, { auditState: AuditState.Approved });
    ids.mine = (await ok(await call('exhibitor2', 'POST', '/api/v1/product', { name: unique('产品'), certificateIds: [cert.id] }))).id;
    const [p] = await ctx.db.insert(product).values({ exhibitorId: ctx.other.exhibitorId, exhibitionId: ctx.other.exhibitionId, name: unique('产品'), certificateIds: [NONE] }).returning();
    ids.foreign = p!.id;
  });
  routeSecurity(get, {
    request: () => ({ method: 'PUT', url: '/api/v1/product/authenticate', payload: { id: ids.mine, authenticated: true } }),
    allowed: ['admin', 'host'],
    denied: ['exhibitor'],
    otherTenant: { as: 'host', request: () => ({ method: 'PUT', url: '/api/v1/product/authenticate', payload: { id: ids.foreign, authenticated: true } }) },
  });
});

describe('certificates', () => {
  it('an exhibitor’s certificate is pending until the host approves it in the audit centre; only then can a product carry it and be authenticated', async () => {
    const quality = await ok(await call('host', 'POST', '/api/v1/certificatequality', { exhibitionId: ctx.demo.exhibitionId, name: unique('ISO 9001 ') }));
    const cert = await ok(await call('exhibitor', 'POST', '/api/v1/productcertificate', certificate({ qualityId: quality.id })));
    expect(cert.auditState).toBe(AuditState.Pending);
    const p = await ok(await call('exhibitor', 'POST', '/api/v1/product', { name: unique('产品') }));
    const early = await call('exhibitor', 'PATCH', `/api/v1/product?id=${p.id}`, { certificateIds: [cert.id] });
    expect(early.statusCode).toBe(400);
    expect(json(early).field).toBe('certificateIds');
    const detail = json(await call('host', 'GET', `/api/Audit/GetAuditDetail?type=productCertificate&id=${cert.id}`)).data;
    expect(Object.fromEntries(detail.fields.map((f: { key: string; value: unknown }) => [f.key, f.value]))).toMatchObject({ name: cert.name, issuer: 'TÜV', validUntil: '2028-12-31', pictures: cert.pictures });
    const refused = await call('host', 'PUT', '/api/v1/product/authenticate', { id: p.id, authenticated: true }, 'en');
    expect(json(refused)).toMatchObject({ code: ErrorCode.ProductNotCertified });

    await approve(cert.id);
    expect((await ok(await call('exhibitor', 'GET', `/api/v1/productcertificate?id=${cert.id}`))).auditState).toBe(AuditState.Approved);
    await ok(await call('exhibitor', 'PATCH', `/api/v1/product?id=${p.id}`, { certificateIds: [cert.id] }));
    const marked = await ok(await call('host', 'PUT', '/api/v1/product/authenticate', { id: p.id, authenticated: true }));
    expect(marked.authenticatedAt).not.toBeNull();

    // The exhibitor changes the certificate: back to pending, off the product, and the authentication resting on it goes.
    await ok(await call('exhibitor', 'PATCH', `/api/v1/productcertificate?id=${cert.id}`, { validUntil: '2029-06-30' }));
    const after = await ok(await call('host', 'GET', `/api/v1/product?id=${p.id}`));
    expect(after).toMatchObject({ certificateIds: [], authenticatedAt: null });
  });

  it('an exhibitor cannot read or touch another exhibitor’s certificate, nor put it on its product', async () => {
    const other = await insertCertificate(own.exhibitor2Id, ctx.demo.exhibitionId, { auditState: AuditState.Approved });
    expect((await call('exhibitor', 'GET', `/api/v1/productcertificate?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'PATCH', `/api/v1/productcertificate?id=${other.id}`, { name: '改' })).statusCode).toBe(404);
    expect((await call('exhibitor', 'DELETE', `/api/v1/productcertificate?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('exhibitor', 'POST', '/api/v1/product', { name: unique('产品'), certificateIds: [other.id] })).statusCode).toBe(400);
  });
});
