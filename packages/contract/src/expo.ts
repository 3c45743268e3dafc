import { z } from 'zod';
import { cacheBuster, id } from './envelope.ts';
import { journalLayouts, productSorts } from './settings.ts';

/**
 * The visitor site's public reads (issue 11, docs/visitor-site.md): anonymous, cached with ETag.
 * Dates are given twice: `…At` as an instant for the countdown, `…Time` as the spec's
 * `YYYY-MM-DD HH:mm:ss` in the exhibition's zone (China Standard Time) for display.
 */

const when = z.iso.datetime({ offset: true });
/** `YYYY-MM-DD HH:mm:ss` (part 1 §9). */
const shown = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

export const expoStates = ['upcoming', 'open', 'over'] as const;
export type ExpoState = (typeof expoStates)[number];

export const publicExpoParams = z.object({ exhibitionId: id });
export const publicExpoExhibitorParams = z.object({ exhibitionId: id, exhibitorId: id });
export const publicExpoProductParams = z.object({ exhibitionId: id, productId: id });
/** The directory's page size; the infinite list asks for the next page as the last row comes near. */
export const EXPO_DIRECTORY_SIZE = 20;
export const expoDirectoryQuery = z
  .object({
    keyword: z.string().trim().max(50).optional(),
    categoryId: id.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(EXPO_DIRECTORY_SIZE),
  })
  .extend(cacheBuster.shape);
export type ExpoDirectoryQuery = z.infer<typeof expoDirectoryQuery>;

const named = { name: z.string(), nameEn: z.string().nullable() };
export const expoCategory = z.object({ id, ...named, childrens: z.array(z.object({ id, ...named })) });
export type ExpoCategory = z.infer<typeof expoCategory>;

export const expoLogo = z.object({ id, ...named, logo: z.string().nullable() });
export type ExpoLogo = z.infer<typeof expoLogo>;

/** The feature keys the visitor site asks about: its entries (Enquire, Book a meeting, Reviews, the board) show only while on. */
export const expoSiteFeatures = ['enquiry', 'appointment', 'evaluate', 'business'] as const;
export type ExpoSiteFeature = (typeof expoSiteFeatures)[number];

export const expoHome = z.object({
  id,
  ...named,
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  startAt: when.nullable(),
  endAt: when.nullable(),
  startTime: shown.nullable(),
  endTime: shown.nullable(),
  address: z.string().nullable(),
  addressEn: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  state: z.enum(expoStates),
  /** null where the Display settings hide the figure (`showExhibitorCount`, `showViewCount`). */
  figures: z.object({ exhibitorCount: z.number().int().nullable(), viewCount: z.number().int().nullable() }),
  /** `homeExhibitorLogo`: col × row shown, approved exhibitors' logos in the directory's order. */
  logoGrid: z.object({ col: z.number().int(), row: z.number().int(), items: z.array(expoLogo) }),
  journalDisplay: z.object({ layout: z.enum(journalLayouts), productSort: z.enum(productSorts), showProductCount: z.boolean(), showEnquiryButton: z.boolean() }),
  visitorReg: z.object({ notice: z.string(), noticeEn: z.string() }),
  /** The host's exhibitor categories, two levels, for the directory's filter. */
  categories: z.array(expoCategory),
  /** Which of `expoSiteFeatures` the exhibition's version (with its customisations) turns on; the others are off. */
  features: z.array(z.enum(expoSiteFeatures)),
});
export type ExpoHome = z.infer<typeof expoHome>;

export const expoDirectoryItem = z.object({
  id,
  companyId: id,
  ...named,
  logo: z.string().nullable(),
  boothInfo: z.string().nullable(),
  proCount: z.number().int(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
});
export type ExpoDirectoryItem = z.infer<typeof expoDirectoryItem>;

export const expoProductCard = z.object({ id, ...named, cover: z.string().nullable() });
export type ExpoProductCard = z.infer<typeof expoProductCard>;

export const expoReview = z.object({
  id,
  productId: id,
  productName: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  content: z.string(),
  reply: z.string().nullable(),
  createTime: shown,
});
export type ExpoReview = z.infer<typeof expoReview>;

export const expoBooth = z.object({
  id,
  exhibitionId: id,
  company: z.object({
    id,
    ...named,
    logo: z.string().nullable(),
    region: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    /** Plain text. */
    introduction: z.string().nullable(),
    introductionEn: z.string().nullable(),
  }),
  banner: z.string().nullable(),
  /** The booth codes as the booth module keeps them on the exhibitor, and each booth with its hall. */
  boothInfo: z.string().nullable(),
  boothArea: z.string().nullable(),
  booths: z.array(z.object({ code: z.string(), hall: z.string(), hallEn: z.string().nullable() })),
  categories: z.array(z.object({ id, ...named })),
  likeCount: z.number().int(),
  followCount: z.number().int(),
  shareCount: z.number().int(),
  viewCount: z.number().int(),
  proCount: z.number().int(),
  /** At most 10, in the exhibition's `journalDisplay.productSort`. */
  products: z.array(expoProductCard),
  /** The newest 5 shown reviews of its shown products. */
  reviews: z.array(expoReview),
  albums: z.array(z.object({ id, ...named, cover: z.string().nullable(), photoCount: z.number().int() })),
  videos: z.array(z.object({ id, title: z.string(), titleEn: z.string().nullable(), url: z.string(), cover: z.string().nullable() })),
});
export type ExpoBooth = z.infer<typeof expoBooth>;

export const expoProduct = z.object({
  id,
  exhibitorId: id,
  exhibitionId: id,
  ...named,
  categoryId: id.nullable(),
  pictures: z.array(z.string()),
  videoUrl: z.string().nullable(),
  videoCover: z.string().nullable(),
  /** Sanitised HTML (server/src/http/rich-text.ts). */
  introduction: z.string(),
  introductionEn: z.string(),
  view3DUrl: z.string().nullable(),
  company: z.object({ id, ...named, logo: z.string().nullable() }),
  boothInfo: z.string().nullable(),
  showEnquiryButton: z.boolean(),
});
export type ExpoProduct = z.infer<typeof expoProduct>;

/**
 * A counted booth view (`POST …/view`): the view count after this one, and the other counters as they
 * are now. The booth read is cached for a minute; these are not, so the page shows live counts.
 */
export const expoViewCount = z.object({ viewCount: z.number().int(), likeCount: z.number().int(), followCount: z.number().int(), shareCount: z.number().int() });
export type ExpoViewCount = z.infer<typeof expoViewCount>;
export const expoLookCount = z.object({ lookCount: z.number().int() });
