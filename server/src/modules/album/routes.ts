import { ALBUM_LIMIT, ALBUM_PHOTO_LIMIT, album as albumSchema, albumCreateBody, albumDetail, albumIdQuery, albumPatchBody, albumPhotosBody, albumQuery, ok as okSchema, page } from '@pavilion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exhibitionOfRequest } from '../../auth/feature-gate.ts';
import { userOf } from '../../auth/guard.ts';
import { inTransaction } from '../../core/write.ts';
import { ok } from '../../http/reply.ts';
import { checkText } from '../../sensitive/check.ts';
import { exhibitionOfExhibitor, exhibitorIdFor } from '../exhibitor/service.ts';
import { albumPage, createAlbum, deleteAlbum, exhibitionOfAlbum, findAlbum, replacePhotos, updateAlbum } from './service.ts';

/** The exhibitor's booth albums (docs/products.md "Catalogue"), gated by the feature key `product` like the rest of the catalogue. */
export const albumRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['album'];
  const b = (r: FastifyRequest) => (r.body ?? {}) as { exhibitionId?: string; exhibitorId?: string };
  const gate = (find: (r: FastifyRequest) => Promise<string | null> | string | null) => ({ feature: 'product' as const, featureExhibition: find });
  const byId = gate((r) => exhibitionOfAlbum(db, (r.query as { id: string }).id));
  /** Names and captions through the sensitive-word check, before the transaction (PGlite has one connection). */
  const names = async <T extends { name?: string | undefined; nameEn?: string | null | undefined }>(body: T): Promise<T> => {
    const out = await checkText(app.deps, { name: body.name, nameEn: body.nameEn ?? undefined });
    return { ...body, ...(body.name !== undefined ? { name: out.name } : {}), ...(body.nameEn ? { nameEn: out.nameEn } : {}) };
  };

  app.post(
    '/api/v1/album/query',
    {
      config: { permission: 'album.read', ...gate((r) => b(r).exhibitionId ?? (b(r).exhibitorId ? exhibitionOfExhibitor(db, b(r).exhibitorId!) : exhibitionOfRequest(r))) },
      schema: { summary: 'Albums by showIndex, with the cover (chosen, else the first photo) and the photo count: the exhibitor’s own, a host’s exhibitions’ (filters exhibitionId, exhibitorId)', tags, body: albumQuery, response: { 200: okSchema(page(albumSchema)) } },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filter } = request.body;
      return ok(await albumPage(db, userOf(request), filter, { pageIndex, pageSize }));
    },
  );

  app.get(
    '/api/v1/album',
    { config: { permission: 'album.read', ...byId }, schema: { summary: 'One album with its photos in order', tags, querystring: albumIdQuery, response: { 200: okSchema(albumDetail) } } },
    async (request) => ok(await findAlbum(db, userOf(request), request.query.id)),
  );

  app.post(
    '/api/v1/album',
    {
      config: { permission: 'album.write', ...gate((r) => exhibitionOfExhibitor(db, exhibitorIdFor(userOf(r), b(r).exhibitorId))) },
      schema: { summary: `Add an album: the exhibitor’s own, or the host’s for exhibitorId; at most ${ALBUM_LIMIT} an exhibitor (4071)`, tags, body: albumCreateBody, response: { 200: okSchema(albumDetail) } },
    },
    async (request) => {
      const body = await names(request.body);
      return ok(await inTransaction(app, request, (ctx) => createAlbum(ctx, body)));
    },
  );

  app.patch(
    '/api/v1/album',
    { config: { permission: 'album.write', ...byId }, schema: { summary: 'Rename an album, choose its cover or reorder it', tags, querystring: albumIdQuery, body: albumPatchBody, response: { 200: okSchema(albumDetail) } } },
    async (request) => {
      const body = await names(request.body);
      return ok(await inTransaction(app, request, (ctx) => updateAlbum(ctx, request.query.id, body)));
    },
  );

  app.put(
    '/api/v1/album/photos',
    {
      config: { permission: 'album.write', ...byId },
      schema: { summary: `Replace the album’s photos with the list sent, in display order, with captions; at most ${ALBUM_PHOTO_LIMIT} (4072)`, tags, querystring: albumIdQuery, body: albumPhotosBody, response: { 200: okSchema(albumDetail) } },
    },
    async (request) => {
      const captions = await checkText(app.deps, Object.fromEntries(request.body.photos.flatMap((ph, i) => [[`photos.${i}.caption`, ph.caption ?? undefined], [`photos.${i}.captionEn`, ph.captionEn ?? undefined]])));
      const photos = request.body.photos.map((ph, i) => ({ ...ph, caption: ph.caption ? captions[`photos.${i}.caption`] : ph.caption, captionEn: ph.captionEn ? captions[`photos.${i}.captionEn`] : ph.captionEn }));
      return ok(await inTransaction(app, request, (ctx) => replacePhotos(ctx, request.query.id, { photos })));
    },
  );

  app.delete(
    '/api/v1/album',
    { config: { permission: 'album.write', ...byId }, schema: { summary: 'Delete an album (soft) with its photos', tags, querystring: albumIdQuery, response: { 200: okSchema(z.boolean()) } } },
    async (request) => {
      await inTransaction(app, request, (ctx) => deleteAlbum(ctx, request.query.id));
      return ok(true);
    },
  );
};
