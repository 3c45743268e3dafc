import { z } from 'zod';
import { id, pageRequest } from './envelope.ts';
import { httpUrl, requiredUrl } from './url.ts';

/**
 * Booth and exhibition videos (issue 10, docs/products.md "Catalogue"): uploaded through the
 * resumable upload (docs/video.md) with purpose `exhibitorVideo` or `exhibitionVideo`, then saved
 * here with a title.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

/** Videos one exhibitor may keep in an exhibition. */
export const EXHIBITOR_VIDEO_LIMIT = 10;
/** Videos the host may keep per exhibition. */
export const EXHIBITION_VIDEO_LIMIT = 50;

const videoFields = {
  title: text(100).min(1),
  titleEn: text(200).nullish(),
  /** The `url` the finished upload answered. */
  url: requiredUrl(2000),
  /** The upload's `posterUrl`, or null. */
  cover: httpUrl(2000).nullish(),
  showIndex: z.number().int().min(0).max(1_000_000),
};

export const exhibitorVideo = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  cover: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type ExhibitorVideo = z.infer<typeof exhibitorVideo>;
/** `POST /api/v1/exhibitorvideo/query`: an exhibitor's videos (its own by default), by showIndex. */
export const exhibitorVideoQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional() });
/** `POST /api/v1/exhibitorvideo`: the exhibitor's own, or the host's for `exhibitorId`. */
export const exhibitorVideoCreateBody = z.object({ ...videoFields, showIndex: videoFields.showIndex.default(0), exhibitorId: id.optional() });
export const exhibitorVideoPatchBody = z.strictObject({ title: videoFields.title.optional(), titleEn: videoFields.titleEn, showIndex: videoFields.showIndex.optional() });

export const exhibitionVideo = z.object({
  id,
  exhibitionId: id,
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  cover: z.string().nullable(),
  isShow: z.boolean(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type ExhibitionVideo = z.infer<typeof exhibitionVideo>;
export const exhibitionVideoQuery = pageRequest.extend({ exhibitionId: id.optional() });
export const exhibitionVideoCreateBody = z.object({ ...videoFields, showIndex: videoFields.showIndex.default(0), exhibitionId: id, isShow: z.boolean().default(true) });
export const exhibitionVideoPatchBody = z.strictObject({ title: videoFields.title.optional(), titleEn: videoFields.titleEn, showIndex: videoFields.showIndex.optional(), isShow: z.boolean().optional() });
