import { z } from 'zod';
import { httpUrl, requiredUrl } from './url.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/** A host's category tree (part 1 §3 "Category"); exhibitors are tagged with its categories. */
export const MAX_CATEGORY_LEVEL = 3;

const when = z.iso.datetime({ offset: true });
export const categoryBanner = z.object({ url: z.string(), link: z.string().nullish() });
/** A banner as sent: both addresses follow the URL rule (url.ts). */
export const categoryBannerBody = z.object({ url: requiredUrl(2000), link: httpUrl(2000).nullish() });

export const category = z.object({
  id,
  hostId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  shortName: z.string().nullable(),
  shortNameEn: z.string().nullable(),
  icon: z.string().nullable(),
  level: z.number().int(),
  parentId: id.nullable(),
  showIndex: z.number().int(),
  isDeleted: z.boolean(),
  banners: z.array(categoryBanner),
  createAt: when,
  updateAt: when,
});
export type Category = z.infer<typeof category>;
export type CategoryNode = Category & { childrens: CategoryNode[] };
export const categoryNode: z.ZodType<CategoryNode> = category.extend({ childrens: z.array(z.lazy(() => categoryNode)) }).meta({ id: 'CategoryNode' });

export const categoryQuery = pageRequest.extend({
  hostId: id.optional(),
  /** null: the roots. */
  parentId: id.nullish(),
  level: z.number().int().min(1).max(MAX_CATEGORY_LEVEL).optional(),
  name: z.string().trim().max(100).optional(),
});

const label = (max: number) => z.string().trim().max(max).nullish();
const fields = {
  name: z.string().trim().min(1).max(100),
  nameEn: label(200),
  shortName: label(50),
  shortNameEn: label(100),
  icon: httpUrl(2000).nullish(),
  parentId: id.nullish(),
  showIndex: z.number().int().min(0).max(1_000_000).optional(),
  banners: z.array(categoryBannerBody).max(20).optional(),
};
/** A host creates in its own tree (hostId optional); the administrator names the host. */
export const createCategoryBody = z.object({ hostId: id.optional(), ...fields });
export const updateCategoryBody = z.object({ ...fields, name: fields.name.optional() });

/** `GET /api/v1/category/host/level`: the tree down to `level` (the web asks for 2). */
export const categoryLevelQuery = z
  .object({ hostId: id, level: z.coerce.number().int().min(1).max(MAX_CATEGORY_LEVEL).default(2) })
  .extend(cacheBuster.shape);

/*
 * An exhibition's own two-level tree, kept by its host: product categories, activity categories. One shape for both;
 * each domain names it (`productCategory`, `activityCategory`).
 */
export const exhibitionTreeCategory = z.object({
  id,
  exhibitionId: id,
  parentId: id.nullable(),
  name: z.string(),
  nameEn: z.string().nullable(),
  level: z.number().int(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type ExhibitionTreeCategory = z.infer<typeof exhibitionTreeCategory>;
const treeShowIndex = z.number().int().min(0).max(1_000_000);
export const exhibitionTreeCategoryCreateBody = z.object({
  exhibitionId: id,
  parentId: id.nullish(),
  name: z.string().trim().max(50).min(1),
  nameEn: z.string().trim().max(100).nullish(),
  showIndex: treeShowIndex.default(0),
});
export const exhibitionTreeCategoryPatchBody = z.strictObject({
  name: z.string().trim().max(50).min(1).optional(),
  nameEn: z.string().trim().max(100).nullish(),
  showIndex: treeShowIndex.optional(),
});
