import { z } from 'zod';
import { cacheBuster, id, idQuery, pageRequest } from './envelope.ts';
import { requiredUrl } from './url.ts';

/**
 * The exhibitor's booth albums (issue 10, docs/products.md "Catalogue"): named albums with photos in
 * display order, each with a caption in both languages.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

/** Albums one exhibitor may keep in an exhibition. */
export const ALBUM_LIMIT = 20;
/** Photos one album may hold. */
export const ALBUM_PHOTO_LIMIT = 100;

export const albumPhoto = z.object({ id, url: z.string(), caption: z.string().nullable(), captionEn: z.string().nullable(), showIndex: z.number().int() });
export type AlbumPhoto = z.infer<typeof albumPhoto>;

export const album = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  /** The cover the exhibitor chose, else the first photo, else null. */
  cover: z.string().nullable(),
  /** The chosen cover only (what the form edits). */
  coverUrl: z.string().nullable(),
  photoCount: z.number().int(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type Album = z.infer<typeof album>;
/** `GET /api/v1/album?id`: the album with its photos in order. */
export const albumDetail = album.extend({ photos: z.array(albumPhoto) });
export type AlbumDetail = z.infer<typeof albumDetail>;

/** `POST /api/v1/album/query`: an exhibitor's albums (its own by default), by showIndex. */
export const albumQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional() });
const albumFields = z.object({
  name: text(50).min(1),
  nameEn: text(100).nullish(),
  /** A picture address `POST /api/upload/images` answered; null: the first photo. */
  coverUrl: requiredUrl(2000).nullish(),
  showIndex: z.number().int().min(0).max(1_000_000),
});
/** `POST /api/v1/album`: the exhibitor's own, or the host's for `exhibitorId`. */
export const albumCreateBody = albumFields.extend({ showIndex: albumFields.shape.showIndex.default(0), exhibitorId: id.optional() });
export const albumPatchBody = albumFields.partial().strict();
export const albumIdQuery = idQuery.extend(cacheBuster.shape);
/**
 * `PUT /api/v1/album/photos?id`: the album's photos as a whole list, in display order (adding,
 * removing, re-captioning and reordering are one save). At most ALBUM_PHOTO_LIMIT (4072).
 */
export const albumPhotosBody = z.object({
  photos: z.array(z.object({ url: requiredUrl(2000), caption: text(200).nullish(), captionEn: text(400).nullish() })).max(1000),
});
export type AlbumPhotosBody = z.infer<typeof albumPhotosBody>;
