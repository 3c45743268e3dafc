import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ALBUM_LIMIT, ALBUM_PHOTO_LIMIT, ErrorCode, type Album, type AlbumDetail, type AlbumPhotosBody, type Page, type PageRequest, type albumCreateBody, type albumPatchBody } from '@pavilion/contract';
import type { z } from 'zod';
import type { UserPrincipal } from '../../auth/principal.ts';
import type { WriteContext } from '../../core/write.ts';
import type { Executor } from '../../db/client.ts';
import { pageOf } from '../../db/page.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { exhibition } from '../exhibition/tables.ts';
import { exhibitorIdFor, loadExhibitor } from '../exhibitor/service.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { limitError } from '../product/service.ts';
import { albumScope } from './scope.ts';
import { album, albumPhoto } from './tables.ts';

type Row = typeof album.$inferSelect;

/** The photo count and the first photo, read beside each album (one subquery each, no second round trip). */
const photoCount = sql<number>`(select count(*)::int from ${albumPhoto} where ${albumPhoto.albumId} = ${album.id})`;
const firstPhoto = sql<string | null>`(select ${albumPhoto.url} from ${albumPhoto} where ${albumPhoto.albumId} = ${album.id} order by ${albumPhoto.showIndex} limit 1)`;
const selection = { album, photoCount, firstPhoto, hostId: exhibition.hostId };
const base = (db: Executor) => db.select(selection).from(album).innerJoin(exhibitor, eq(exhibitor.id, album.exhibitorId)).innerJoin(exhibition, eq(exhibition.id, album.exhibitionId));
const visible = (p: UserPrincipal) => and(albumScope(p), isNull(exhibitor.deletedAt));

const toAlbum = (r: { album: Row; photoCount: number; firstPhoto: string | null }): Album => ({
  id: r.album.id,
  exhibitorId: r.album.exhibitorId,
  exhibitionId: r.album.exhibitionId,
  name: r.album.name,
  nameEn: r.album.nameEn,
  cover: r.album.cover ?? r.firstPhoto,
  coverUrl: r.album.cover,
  photoCount: Number(r.photoCount),
  showIndex: r.album.showIndex,
  createAt: r.album.createdAt.toISOString(),
  updateAt: r.album.updatedAt.toISOString(),
});

export async function albumPage(db: Executor, p: UserPrincipal, f: { exhibitionId?: string | undefined; exhibitorId?: string | undefined }, q: PageRequest): Promise<Page<Album>> {
  const where = and(visible(p), f.exhibitionId ? eq(album.exhibitionId, f.exhibitionId) : undefined, f.exhibitorId ? eq(album.exhibitorId, f.exhibitorId) : undefined);
  const counted = db.select({ total: count() }).from(album).innerJoin(exhibitor, eq(exhibitor.id, album.exhibitorId)).where(where);
  return pageOf(counted, base(db).where(where).orderBy(asc(album.showIndex), asc(album.createdAt), asc(album.id)), q, toAlbum);
}

async function loadAlbum(db: Executor, p: UserPrincipal, id: string) {
  const [row] = await base(db).where(and(visible(p), eq(album.id, id))).limit(1);
  if (!row) throw notFound('album');
  return row;
}

export async function findAlbum(db: Executor, p: UserPrincipal, id: string): Promise<AlbumDetail> {
  const row = await loadAlbum(db, p, id);
  const photos = await db.select().from(albumPhoto).where(eq(albumPhoto.albumId, id)).orderBy(asc(albumPhoto.showIndex));
  return { ...toAlbum(row), photos: photos.map((ph) => ({ id: ph.id, url: ph.url, caption: ph.caption, captionEn: ph.captionEn, showIndex: ph.showIndex })) };
}

/** The exhibition of a live album (for the feature gate); 404 when there is none. */
export async function exhibitionOfAlbum(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ exhibitionId: album.exhibitionId }).from(album).where(and(eq(album.id, id), isNull(album.deletedAt)));
  if (!row) throw notFound('album');
  return row.exhibitionId;
}

/** Adds an album: the exhibitor's own, or the host's for one of its exhibitors; at most ALBUM_LIMIT an exhibitor. */
export async function createAlbum(ctx: WriteContext, body: z.output<typeof albumCreateBody>): Promise<AlbumDetail> {
  const { tx, principal: p, actor } = ctx;
  const target = await loadExhibitor(tx, p, exhibitorIdFor(p, body.exhibitorId));
  // Serialises concurrent creates of one exhibitor, so two cannot both pass the limit.
  await tx.select({ id: exhibitor.id }).from(exhibitor).where(eq(exhibitor.id, target.exhibitor.id)).for('update');
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(album).where(and(eq(album.exhibitorId, target.exhibitor.id), isNull(album.deletedAt)));
  if (n >= ALBUM_LIMIT) throw limitError(ErrorCode.AlbumLimit, 'name', ALBUM_LIMIT);
  const [row] = await tx
    .insert(album)
    .values({ exhibitorId: target.exhibitor.id, exhibitionId: target.exhibitor.exhibitionId, name: body.name, nameEn: body.nameEn || null, cover: body.coverUrl ?? null, showIndex: body.showIndex })
    .returning();
  await writeOpLog(tx, actor, { action: 'album.create', targetType: 'album', targetId: row!.id, hostId: target.hostId, after: row });
  return findAlbum(tx, p, row!.id);
}

export async function updateAlbum(ctx: WriteContext, id: string, body: z.output<typeof albumPatchBody>): Promise<AlbumDetail> {
  const { tx, principal: p, actor } = ctx;
  const before = await loadAlbum(tx, p, id);
  const values: Partial<typeof album.$inferInsert> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.nameEn !== undefined) values.nameEn = body.nameEn || null;
  if (body.coverUrl !== undefined) values.cover = body.coverUrl ?? null;
  if (body.showIndex !== undefined) values.showIndex = body.showIndex;
  if (Object.keys(values).length) {
    await tx.update(album).set(values).where(eq(album.id, id));
    await writeOpLog(tx, actor, { action: 'album.update', targetType: 'album', targetId: id, hostId: before.hostId, before: before.album, after: values });
  }
  return findAlbum(tx, p, id);
}

/** Replaces the album's photos with the list sent, in its order; at most ALBUM_PHOTO_LIMIT. */
export async function replacePhotos(ctx: WriteContext, id: string, body: AlbumPhotosBody): Promise<AlbumDetail> {
  const { tx, principal: p, actor } = ctx;
  const before = await loadAlbum(tx, p, id);
  if (body.photos.length > ALBUM_PHOTO_LIMIT) throw limitError(ErrorCode.AlbumPhotoLimit, 'photos', ALBUM_PHOTO_LIMIT);
  await tx.delete(albumPhoto).where(eq(albumPhoto.albumId, id));
  if (body.photos.length)
    await tx.insert(albumPhoto).values(body.photos.map((ph, i) => ({ albumId: id, url: ph.url, caption: ph.caption || null, captionEn: ph.captionEn || null, showIndex: i })));
  await tx.update(album).set({ updatedAt: new Date() }).where(eq(album.id, id));
  await writeOpLog(tx, actor, { action: 'album.photos', targetType: 'album', targetId: id, hostId: before.hostId, before: { photoCount: before.photoCount }, after: { photos: body.photos.map((ph) => ph.url) } });
  return findAlbum(tx, p, id);
}

/** Deletes an album (soft); its photos go with it. */
export async function deleteAlbum(ctx: WriteContext, id: string): Promise<void> {
  const { tx, principal: p, actor } = ctx;
  const before = await loadAlbum(tx, p, id);
  await tx.update(album).set({ deletedAt: new Date() }).where(eq(album.id, id));
  await writeOpLog(tx, actor, { action: 'album.delete', targetType: 'album', targetId: id, hostId: before.hostId, before: before.album });
}
