import { z } from 'zod';
import { cacheBuster, id, pageRequest, type PageRequest } from './envelope.ts';

/**
 * Reference data (issue 4): the location directory (one tree: International → continent → country,
 * Chinese Mainland → macro-region → province → city or null-name group → district), action types,
 * business types, product channels and product tags. See docs/api.md "Reference data".
 */

/** Levels of the directory tree. `region` is a macro-region (华东 East China). */
export const regionKind = z.enum(['top', 'continent', 'country', 'region', 'province', 'city', 'group', 'district']);
export type RegionKind = z.infer<typeof regionKind>;

/** Which kinds each family of calls manages: `/api/Region`, `/api/Country`, `/api/City`. */
export const regionKindsOf = {
  region: ['top', 'continent', 'region'],
  country: ['country'],
  city: ['province', 'city', 'group', 'district'],
} as const satisfies Record<string, readonly RegionKind[]>;

/** The kinds a node of each kind may hold (`root` = no parent). */
export const childKinds: Record<RegionKind | 'root', readonly RegionKind[]> = {
  root: ['top'],
  top: ['continent', 'region'],
  continent: ['country'],
  country: [],
  region: ['province'],
  province: ['city', 'group', 'district'],
  city: ['district'],
  group: ['district'],
  district: [],
};

const label = (max: number) => z.string().trim().min(1).max(max);
/** Dialling code without "+" ("44"), or telephone area code with its leading zero ("0571", "00852"). */
export const telCode = z.string().trim().regex(/^[0-9]{1,6}$/);
export const diallingCode = z.string().trim().regex(/^[0-9]{1,4}$/);
export const flagParam = z.string().trim().regex(/^flag-[a-z]{2,3}$/);
const showIndex = z.number().int().min(0).max(1_000_000);

/** One node without its children: lazy pickers, search answers, admin edits. */
export const regionNode = z.object({
  id,
  parentId: id.nullable(),
  kind: regionKind,
  name: z.string().nullable(),
  nameEn: z.string().nullable(),
  code: z.string().nullable(),
  param: z.string().nullable(),
  showIndex: z.number().int(),
  hasChildren: z.boolean(),
});
export type RegionNode = z.infer<typeof regionNode>;

/** A node with its children under `lists`, as part 2 §3 shows the directory. */
export type RegionTreeNode = {
  id: string;
  kind: RegionKind;
  name: string | null;
  nameEn: string | null;
  code: string | null;
  param: string | null;
  showIndex: number;
  lists: RegionTreeNode[];
};
export const regionTreeNode: z.ZodType<RegionTreeNode> = z.object({
  id,
  kind: regionKind,
  name: z.string().nullable(),
  nameEn: z.string().nullable(),
  code: z.string().nullable(),
  param: z.string().nullable(),
  showIndex: z.number().int(),
  get lists() {
    return z.array(regionTreeNode);
  },
}).meta({ id: 'RegionTreeNode' });

/** A search hit with its ancestors below the top group (macro-region, province, city or group), outermost first. */
export const regionMatch = regionNode.extend({ path: z.array(regionNode) });
export type RegionMatch = z.infer<typeof regionMatch>;

export const country = z.object({
  id,
  name: z.string(),
  nameEn: z.string(),
  /** Dialling code without "+" ("44"); shared by several countries where the numbering plan is shared. */
  code: z.string(),
  param: z.string(),
  /** Upper-case ISO 3166-1 alpha-2 read from `param` ("GB"), for phone-number validation. */
  iso2: z.string().nullable(),
  continentId: id,
  continent: z.string().nullable(),
  continentEn: z.string().nullable(),
  showIndex: z.number().int(),
});
export type Country = z.infer<typeof country>;

export const countryListQuery = z.object({ continentId: id.optional() }).extend(cacheBuster.shape);
export const countryQuery = pageRequest.extend({
  /** Part of the Chinese or English name. */
  name: z.string().trim().max(100).optional(),
  /** Dialling code, exactly ("44" or "+44"). */
  code: z.string().trim().regex(/^\+?[0-9]{1,4}$/).optional(),
  continentId: id.optional(),
});

/** The request api's paging of `/api/City/GetByParentId`. */
export const cityPage = <T extends z.ZodType>(item: T) =>
  z.object({
    hasNextPage: z.boolean(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    items: z.array(item),
  });
export type CityPage<T> = { hasNextPage: boolean; pageIndex: number; pageSize: number; totalCount: number; items: T[] };
export const toCityPage = <T>(all: readonly T[], req: PageRequest): CityPage<T> => {
  const start = (req.pageIndex - 1) * req.pageSize;
  return {
    hasNextPage: start + req.pageSize < all.length,
    pageIndex: req.pageIndex,
    pageSize: req.pageSize,
    totalCount: all.length,
    items: all.slice(start, start + req.pageSize),
  };
};

/** Children of `parentId`; without it, the 34 province-level divisions (first column of the cascade). */
export const cityChildrenQuery = pageRequest.extend({ parentId: id.optional() }).extend(cacheBuster.shape);
export const regionSearchQuery = z
  .object({
    keyword: label(50),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .extend(cacheBuster.shape);

/** Create a top group, continent or macro-region (`/api/Region`) or a province, city, group or district (`/api/City`). */
export const createRegionBody = z.object({
  parentId: id.nullable().optional(),
  /** Defaults to the first kind the parent may hold (a continent under International, a city under a province). */
  kind: regionKind.optional(),
  /** null only for a group of directly administered county-level divisions. */
  name: label(100).nullable(),
  nameEn: label(200).nullable().optional(),
  code: telCode.nullable().optional(),
  /** Position among the siblings; defaults to after the last. */
  showIndex: showIndex.optional(),
});
/** Change any subset; `parentId` moves the node (the new parent must accept its kind). */
export const updateRegionBody = z.object({
  id,
  parentId: id.nullable().optional(),
  name: label(100).nullable().optional(),
  nameEn: label(200).nullable().optional(),
  code: telCode.nullable().optional(),
  showIndex: showIndex.optional(),
});

export const createCountryBody = z.object({
  continentId: id,
  name: label(100),
  nameEn: label(200),
  code: diallingCode,
  param: flagParam,
  showIndex: showIndex.optional(),
});
export const updateCountryBody = z.object({
  id,
  continentId: id.optional(),
  name: label(100).optional(),
  nameEn: label(200).optional(),
  code: diallingCode.optional(),
  param: flagParam.optional(),
  showIndex: showIndex.optional(),
});

/** A named, ordered entry of a flat reference list (business type, channel). */
export const namedItem = z.object({ id, name: z.string(), nameEn: z.string().nullable(), showIndex: z.number().int() });
export const createNamedBody = z.object({ name: label(100), nameEn: label(200).nullable().optional(), showIndex: showIndex.optional() });
export const updateNamedBody = z.object({ id, name: label(100).optional(), nameEn: label(200).nullable().optional(), showIndex: showIndex.optional() });

export const businessType = namedItem;
export type BusinessType = z.infer<typeof businessType>;
export const createBusinessTypeBody = createNamedBody;
export const updateBusinessTypeBody = updateNamedBody;

/** `typeId` groups action types: 1 activity types (forum, launch …), 2 visit purposes (purchasing, partners …). */
export const actionTypeGroup = z.number().int().min(1).max(99);
export const actionType = namedItem.extend({ typeId: z.number().int() });
export type ActionType = z.infer<typeof actionType>;
export const actionTypeQuery = z.object({ typeId: z.coerce.number().int().min(1).max(99).optional() }).extend(cacheBuster.shape);
export const createActionTypeBody = createNamedBody.extend({ typeId: actionTypeGroup });
export const updateActionTypeBody = updateNamedBody.extend({ typeId: actionTypeGroup.optional() });

export const productChannel = namedItem;
export type ProductChannel = z.infer<typeof productChannel>;
export const productChannelQuery = pageRequest.extend({ name: z.string().trim().max(100).optional() });

export type ProductTag = {
  id: string;
  exhibitionId: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  showIndex: number;
  children: ProductTag[];
};
export const productTag: z.ZodType<ProductTag> = z.object({
  id,
  exhibitionId: id,
  parentId: id.nullable(),
  name: z.string(),
  nameEn: z.string().nullable(),
  showIndex: z.number().int(),
  get children() {
    return z.array(productTag);
  },
}).meta({ id: 'ProductTag' });
export const productTagQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);

/** Bodies for the administration of channels (calls of a later issue; written once here). */
export const createProductChannelBody = createNamedBody;
export const updateProductChannelBody = updateNamedBody;
/** Product tags nest two levels, like product categories: a tag and its children. */
export const MAX_PRODUCT_TAG_LEVEL = 2;
/** `POST /api/v1/protag`: a tag of an exhibition, under a top-level tag (`parentId`) or at the top. */
export const createProductTagBody = createNamedBody.extend({ exhibitionId: id, parentId: id.nullish() });
/** `PATCH /api/v1/protag?id`: rename or reorder (a tag keeps its place in the tree). */
export const updateProductTagBody = z.strictObject({ name: label(100).optional(), nameEn: label(200).nullable().optional(), showIndex: showIndex.optional() });
