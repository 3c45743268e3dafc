import { exhibitionTreeCategory, exhibitionTreeCategoryCreateBody, exhibitionTreeCategoryPatchBody } from './category.ts';
import { z } from 'zod';
import { httpUrl, requiredUrl } from './url.ts';
import { auditedFields, auditState, ownerFields } from './audit.ts';
import { cacheBuster, id, idQuery, MAX_PAGE_SIZE, pageRequest } from './envelope.ts';

/**
 * Products (issue 10): an exhibitor's products in one exhibition, the host's product categories
 * (a two-level tree per exhibition) and visitors' evaluations of products. See docs/products.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

/** Part 1 §9: the product list's default page size. */
export const PRODUCT_PAGE_SIZE = 10;
/** The longest introduction accepted per language (HTML included). */
export const PRODUCT_INTRODUCTION_MAX_CHARS = 50_000;
/** Product categories nest two levels (a root and its children). */
export const MAX_PRODUCT_CATEGORY_LEVEL = 2;
/** Part 1 §9 / part 2 §3: an exhibitor preview shows 10 products. */
export const PREVIEW_PRODUCT_COUNT = 10;

const productPageRequest = pageRequest.extend({ pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE) });

/** A product video: the address `POST /api/v1/file` answered and an optional cover picture. */
export const productVideo = z.object({ url: requiredUrl(2000), cover: httpUrl(2000).nullish() });

/**
 * One product as every list and read answers it. `banner`, `video` and `introduction` are JSON
 * strings (part 1 §3): `banner` the pictures in order (`["/uploads/a.png", …]`), `video`
 * `{"url","cover"}` or '' without one, `introduction` `{"zh","en"}` sanitised HTML.
 * `pictures`, `videoUrl`, `videoCover`, `introductionZh` and `introductionEn` are the same
 * content unpacked, for the forms.
 */
export const product = z.object({
  id,
  ...ownerFields,
  name: z.string(),
  nameEn: z.string().nullable(),
  categoryId: id.nullable(),
  /** The exhibitor's own product group (`/api/v1/productgroup`). */
  groupId: id.nullable(),
  /** A country of the location directory (`/api/v1/country/countries`). */
  originCountryId: id.nullable(),
  /** Approved certificates of the exhibitor the product carries (`/api/v1/productcertificate`). */
  certificateIds: z.array(id),
  /** When the host checked the product against its certificates ("product authentication"), or null. */
  authenticatedAt: when.nullable(),
  tagIds: z.array(id),
  banner: z.string(),
  video: z.string(),
  introduction: z.string(),
  pictures: z.array(z.string()),
  videoUrl: z.string().nullable(),
  videoCover: z.string().nullable(),
  introductionZh: z.string(),
  introductionEn: z.string(),
  view3DUrl: z.string().nullable(),
  styleId: z.string().nullable(),
  isShow: z.boolean(),
  showIndex: z.number().int(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type Product = z.infer<typeof product>;

const productFields = z.object({
  name: text(100).min(1),
  nameEn: text(200).nullish(),
  categoryId: id.nullish(),
  /** One of the exhibitor's product groups; null takes the product out of its group. */
  groupId: id.nullish(),
  originCountryId: id.nullish(),
  /** Approved certificates of the product's exhibitor. */
  certificateIds: z.array(id).max(20),
  /** Product tags of the exhibition (`/api/v1/protag/getbyexhibitionid`). */
  tagIds: z.array(id).max(20),
  /** Addresses `POST /api/upload/images` answered, in display order; the first is the cover. At most the exhibition's `productImageUploadNumber`. */
  pictures: z.array(requiredUrl(2000)).max(50),
  /** Refused while the exhibition's `enabledUploadProductVideo` is off; null removes it. */
  video: productVideo.nullish(),
  /** Rich text, reduced to an allow-list of HTML on the server. */
  introductionZh: z.string().max(PRODUCT_INTRODUCTION_MAX_CHARS),
  introductionEn: z.string().max(PRODUCT_INTRODUCTION_MAX_CHARS),
  view3DUrl: httpUrl(2000).nullish(),
  styleId: text(100).nullish(),
  isShow: z.boolean(),
  showIndex: z.number().int().min(0).max(1_000_000),
});

/**
 * `POST /api/v1/product`: the exhibitor's own (exhibitorId absent or its own), or the host's for
 * one of its exhibitors. `draft: true` keeps an exhibitor's product out of the host's queue.
 */
export const productCreateBody = productFields
  .extend({
    tagIds: productFields.shape.tagIds.default([]),
    certificateIds: productFields.shape.certificateIds.default([]),
    pictures: productFields.shape.pictures.default([]),
    introductionZh: productFields.shape.introductionZh.default(''),
    introductionEn: productFields.shape.introductionEn.default(''),
    isShow: productFields.shape.isShow.default(true),
    showIndex: productFields.shape.showIndex.default(0),
  })
  .extend({ exhibitorId: id.optional(), draft: z.boolean().default(false) });
export type ProductCreateBody = z.infer<typeof productCreateBody>;
/** `PATCH /api/v1/product?id`: only the fields sent change; the exhibitor's change goes back to the host's audit. */
export const productPatchBody = productFields.partial().extend({ draft: z.boolean().default(false) });
export type ProductPatchBody = z.infer<typeof productPatchBody>;

export const productGetQuery = idQuery.extend(cacheBuster.shape);
export const productShowBody = z.object({ id, isShow: z.boolean() });
/** `PUT /api/v1/product/show/batch`: show or hide several products at once (all or none). */
export const productShowBatchBody = z.object({ ids: z.array(id).min(1).max(500), isShow: z.boolean() });
export const productShowBatchResult = z.object({ updated: z.number().int() });

/** `POST /api/v3/productv3/page`: the back office's product list, 10 a page by default. */
export const productPageQuery = productPageRequest.extend({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  /** Part of the Chinese or English name. */
  keyword: text(100).optional(),
  /** A category, or a root category with its children. */
  categoryId: id.optional(),
  tagId: id.optional(),
  groupId: id.optional(),
  auditState: auditState.optional(),
  isShow: z.boolean().optional(),
});
export type ProductPageQuery = z.infer<typeof productPageQuery>;

/** One condition of `wheres`: `name` contains the text, the other fields equal the value. */
export const productWhere = z.union([
  z.object({ field: z.literal('name'), value: text(100) }),
  z.object({ field: z.enum(['categoryId', 'tagId', 'exhibitionId', 'exhibitorId']), value: id }),
  z.object({ field: z.literal('auditState'), value: auditState }),
  z.object({ field: z.literal('isShow'), value: z.boolean() }),
]);
export type ProductWhere = z.infer<typeof productWhere>;
/** `POST /api/v1/product/query` (part 1 §3): a company's products (`CompId`), or one (`id`), with `wheres` conditions. */
export const productQuery = productPageRequest.extend({
  CompId: id.optional(),
  id: id.optional(),
  wheres: z.array(productWhere).max(10).default([]),
});
export type ProductQuery = z.infer<typeof productQuery>;

/** `GET /api/public/exhibitions/{exhibitionId}/products`: what a visitor sees of an exhibition's products. */
export const publicProductQuery = productPageRequest
  .extend({ pageSize: z.coerce.number().int().min(1).max(50).default(PRODUCT_PAGE_SIZE), categoryId: id.optional(), exhibitorId: id.optional(), keyword: text(100).optional() })
  .extend(cacheBuster.shape);
export const publicProductParams = z.object({ exhibitionId: id });
/** A shown, approved product as the visitor site reads it: no audit or owner-only fields. */
export const publicProduct = product.pick({
  id: true,
  exhibitorId: true,
  exhibitionId: true,
  compId: true,
  companyName: true,
  name: true,
  nameEn: true,
  categoryId: true,
  banner: true,
  video: true,
  introduction: true,
  view3DUrl: true,
  styleId: true,
});
export type PublicProduct = z.infer<typeof publicProduct>;

/* Product categories: the host's two-level tree per exhibition. */

export const productCategory = exhibitionTreeCategory;
export type ProductCategory = z.infer<typeof productCategory>;
export const productCategoryQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  /** null: the roots. */
  parentId: id.nullish(),
  level: z.number().int().min(1).max(MAX_PRODUCT_CATEGORY_LEVEL).optional(),
  name: text(100).optional(),
});
export const productCategoryCreateBody = exhibitionTreeCategoryCreateBody;
export const productCategoryPatchBody = exhibitionTreeCategoryPatchBody;

/* Copying a past exhibition's categories and tags (`/live/index/basic/liveCopyProTyPe`). */

/** `POST /api/v3/productcategory/copy`: both exhibitions the same host's; `dryRun` counts without writing. */
export const productCatalogCopyBody = z.object({ fromExhibitionId: id, toExhibitionId: id, dryRun: z.boolean().default(false) });
export type ProductCatalogCopyBody = z.infer<typeof productCatalogCopyBody>;
const copyCount = z.object({ copied: z.number().int(), skipped: z.number().int() });
/** What was (or, on a dry run, would be) copied; a name already under the same parent is skipped. */
export const productCatalogCopyResult = z.object({ dryRun: z.boolean(), categories: copyCount, tags: copyCount });
export type ProductCatalogCopyResult = z.infer<typeof productCatalogCopyResult>;

/* Product evaluations: visitors' reviews, answered by the exhibitor, moderated by the host. */

export const productEvaluation = z.object({
  id,
  productId: id,
  productName: z.string(),
  exhibitorId: id,
  exhibitionId: id,
  authorName: z.string(),
  /** Masked (`138****8000`) for the exhibitor; whole for the host. */
  authorContact: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  reply: z.string().nullable(),
  replyAt: when.nullable(),
  isShow: z.boolean(),
  createAt: when,
});
export type ProductEvaluation = z.infer<typeof productEvaluation>;
export const productEvaluationQuery = pageRequest.extend({
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  productId: id.optional(),
  isShow: z.boolean().optional(),
  replied: z.boolean().optional(),
  keyword: text(100).optional(),
});
export type ProductEvaluationQuery = z.infer<typeof productEvaluationQuery>;
/** `POST /api/v3/productevaluate`: the exhibitor answers an evaluation of its product ('' withdraws the answer). */
export const productEvaluationReplyBody = z.object({ id, reply: text(1000) });
export const productEvaluationShowBody = z.object({ id, isShow: z.boolean() });
export const productEvaluationIdQuery = idQuery;

/* Product groups: the exhibitor's own named groups of its products in one exhibition. */

/** How many groups one exhibitor may keep in an exhibition. */
export const PRODUCT_GROUP_LIMIT = 50;
export const productGroup = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
  updateAt: when,
});
export type ProductGroup = z.infer<typeof productGroup>;
/** `POST /api/v1/productgroup/query`: an exhibitor's groups (its own by default), by showIndex. */
export const productGroupQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional() });
/** `POST /api/v1/productgroup`: the exhibitor's own, or the host's for `exhibitorId`. */
export const productGroupCreateBody = z.object({
  exhibitorId: id.optional(),
  name: text(50).min(1),
  nameEn: text(100).nullish(),
  showIndex: z.number().int().min(0).max(1_000_000).default(0),
});
export const productGroupPatchBody = z.strictObject({ name: text(50).min(1).optional(), nameEn: text(100).nullish(), showIndex: z.number().int().min(0).max(1_000_000).optional() });

/* Certificates: the host's kinds ("certificate qualities") and the exhibitor's audited certificates. */

/** Certificates one exhibitor may keep; pictures of one certificate. */
export const PRODUCT_CERTIFICATE_LIMIT = 30;
export const CERTIFICATE_PICTURE_LIMIT = 5;

export const certificateQuality = z.object({ id, exhibitionId: id, name: z.string(), nameEn: z.string().nullable(), showIndex: z.number().int(), createAt: when, updateAt: when });
export type CertificateQuality = z.infer<typeof certificateQuality>;
export const certificateQualityQuery = pageRequest.extend({ exhibitionId: id.optional() });
export const certificateQualityCreateBody = z.object({ exhibitionId: id, name: text(50).min(1), nameEn: text(100).nullish(), showIndex: z.number().int().min(0).max(1_000_000).default(0) });
export const certificateQualityPatchBody = z.strictObject({ name: text(50).min(1).optional(), nameEn: text(100).nullish(), showIndex: z.number().int().min(0).max(1_000_000).optional() });

export const productCertificate = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  qualityId: id.nullable(),
  name: z.string(),
  issuer: z.string().nullable(),
  validUntil: z.string().nullable(),
  pictures: z.array(z.string()),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type ProductCertificate = z.infer<typeof productCertificate>;
export const productCertificateQuery = pageRequest.extend({ exhibitionId: id.optional(), exhibitorId: id.optional(), auditState: auditState.optional() });
const certificateFields = z.object({
  qualityId: id.nullish(),
  name: text(100).min(1),
  issuer: text(100).nullish(),
  validUntil: z.iso.date().nullish(),
  /** Addresses `POST /api/upload/images` answered. */
  pictures: z.array(requiredUrl(2000)).min(1).max(CERTIFICATE_PICTURE_LIMIT),
});
/** `POST /api/v1/productcertificate`: the exhibitor's own (submitted for the host's audit), or the host's for `exhibitorId` (final). */
export const productCertificateCreateBody = certificateFields.extend({ exhibitorId: id.optional() });
export const productCertificatePatchBody = certificateFields.partial().strict();
/** `PUT /api/v1/product/authenticate`: the host marks a product checked against its certificates, or takes the mark back. */
export const productAuthenticateBody = z.object({ id, authenticated: z.boolean() });
