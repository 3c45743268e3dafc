import { evaluateTags } from './evaluation.ts';
import { z } from 'zod';
import { httpUrl } from './url.ts';
import { cacheBuster, id } from './envelope.ts';

/**
 * Settings (issue 3). The exhibition configuration of part 1 §3 is described once below with its
 * defaults (part 1 §9, the rest ours, listed in docs/api.md "Exhibition configuration"); the GET
 * answer and the PATCH body are derived from it. Stored values hold only what was set, so a
 * default changed here reaches every exhibition that never set the key.
 */

const flag = (value: boolean) => z.boolean().default(value);
const count = (value: number, max = 1000) => z.number().int().min(0).max(max).default(value);
const url = httpUrl(2000);
const text = (max = 2000) => z.string().max(max);
const grid = (col: number, row: number) => z.object({ col: count(col, 20), row: count(row, 20) }).prefault({});

/** Content types with an audit switch pair (enabledAuditAppointment<T>, enabledAutoAudit<T>). */
export const auditSwitchTypes = ['Activity', 'Exhibitor', 'Live', 'NewEnquiry', 'Product', 'Sample', 'SupplyDemand', 'Theme'] as const;
export type AuditSwitchType = (typeof auditSwitchTypes)[number];

const auditSwitches = Object.fromEntries(
  auditSwitchTypes.flatMap((t) => [
    [`enabledAuditAppointment${t}`, flag(false)],
    [`enabledAutoAudit${t}`, flag(false)],
  ]),
) as { [K in `enabledAuditAppointment${AuditSwitchType}` | `enabledAutoAudit${AuditSwitchType}`]: z.ZodDefault<z.ZodBoolean> };

/** How the exhibitor's product form asks an optional field: asked (may stay empty), required, or not asked. */
export const productFieldModes = ['optional', 'required', 'hidden'] as const;
export type ProductFieldMode = (typeof productFieldModes)[number];
const productFieldMode = z.enum(productFieldModes).default('optional');
/** The product form's fields whose mode the host sets. */
export const productFormFields = ['nameEn', 'categoryId', 'pictures', 'introductionZh', 'introductionEn', 'view3DUrl'] as const;
export type ProductFormField = (typeof productFormFields)[number];
/** The visitor catalogue's layout and its products' order (`showIndex`: the exhibitors' own order). */
export const journalLayouts = ['grid', 'list'] as const;
export const productSorts = ['showIndex', 'newest', 'name'] as const;

export const exhibitionSettings = z.object({
  // Display
  themeId: z.string().max(100).nullable().default(null),
  boothLink: url.default(''),
  enabledExhibitorLimitNumber: flag(false),
  exhibitorLimitNumber: count(0, 1_000_000),
  exhibitorWapLogo: url.nullable().default(null),
  exhibitorWebLogo: url.nullable().default(null),
  exhibitorBackstageLogo: url.nullable().default(null),
  enabledCustomQuick: flag(false),
  enabledCustomMTab: flag(false),
  homeActivity: grid(3, 1),
  homeExhibitorLogo: grid(6, 2),
  showExhibitorCount: flag(true),
  showViewCount: flag(true),
  // Limits (part 1 §9)
  productImageUploadNumber: count(5, 50),
  exhibitorsLoadProductNumber: count(5, 100),
  exhibitorCategoryNumber: count(5, 100),
  enabledUploadProductVideo: flag(true),
  /** Ours (/live/index/basic/product, docs/products.md): how each optional field of the exhibitor's product form is asked. */
  productForm: z
    .object({
      nameEn: productFieldMode,
      categoryId: productFieldMode,
      pictures: productFieldMode,
      introductionZh: productFieldMode,
      introductionEn: productFieldMode,
      view3DUrl: productFieldMode,
    })
    .prefault({}),
  /** Ours (/live/index/journal-display): how the visitor site lays out the catalogue and orders products. */
  journalDisplay: z
    .object({
      layout: z.enum(journalLayouts).default('grid'),
      productSort: z.enum(productSorts).default('showIndex'),
      showProductCount: flag(true),
      showEnquiryButton: flag(true),
    })
    .prefault({}),
  // Audit switches: appointment audit and automatic approval, per content type
  ...auditSwitches,
  // Feature toggles
  enabledArticle: flag(true),
  enabledSupplyDemand: flag(true),
  enabledExhibitionList: flag(true),
  enabledBmm: flag(false),
  enabledBrandExhibitor: flag(false),
  enabledConcurrentActivity: flag(true),
  enabledContacts: flag(true),
  enabledDataStatistics: flag(true),
  enabledLive: flag(true),
  enabledNearbyExhibitor: flag(true),
  enabledRecommendForYou: flag(true),
  enabledSpecialLive: flag(false),
  enabledSwitchLanguage: flag(true),
  enabledActivityReg: flag(true),
  enabledActivityCategory: flag(true),
  enabledExhibitorLive: flag(true),
  enabledExhibitorCorrection: flag(true),
  /** Spelled as in the spec. */
  enabledShareDispalyOrigin: flag(false),
  enabledExhibitionSurvey: flag(false),
  enabledExhibitionVideo: flag(true),
  enabledExhibitionTalk: flag(true),
  invitation: z.object({ backgroundColor: z.string().trim().max(30).default('#ffffff'), backgroundUrl: url.nullable().default(null), topToContent: count(0, 10_000) }).prefault({}),
  /** The site's ICP filing number (备案号) shown in the footer. */
  keepRecord: text(200).default(''),
  /** Greetings to visitors: from day `dayFromNumber` to day `dayToNumber` of the exhibition; repeat daily or once. */
  sayHello: z.object({ dayFromNumber: count(0, 3650), dayToNumber: count(7, 3650), enabledToRepeat: flag(false) }).prefault({}),
  settingsDisplayName: text(100).default('展会配置'),
  /** Ours (issue 15): the evaluation tags visitors pick when reviewing an exhibitor (`/api/v1/evaluatetag`). */
  evaluateTags: evaluateTags.default([]),
  visitorReg: z
    .object({ notice: text(5000).default(''), noticeEn: text(5000).default(''), regLink: url.default(''), regSuccessedNotice: text(5000).default(''), regSuccessedNoticeEn: text(5000).default(''), needAudit: flag(false) })
    .prefault({}),
});
export type ExhibitionSettings = z.infer<typeof exhibitionSettings>;
export type ExhibitionSettingKey = keyof ExhibitionSettings;

/** Every key with its default, as an exhibition that never saved its configuration reads it. */
export const exhibitionSettingsDefaults: ExhibitionSettings = exhibitionSettings.parse({});

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

const innerOf = (s: z.ZodType): z.ZodType => {
  let t = s as z.ZodType & { def: { type: string; innerType?: z.ZodType } };
  while (t.def.type === 'default' || t.def.type === 'prefault') t = t.def.innerType as typeof t;
  return t;
};
/** A strict partial of an object schema, nested objects partial too, without the defaults. */
function patchOf(schema: z.ZodObject): z.ZodObject {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(schema.shape).map(([k, s]) => {
        const inner = innerOf(s as z.ZodType);
        return [k, (inner instanceof z.ZodObject ? patchOf(inner) : inner).optional()];
      }),
    ),
  );
}

/** `PUT /api/v1/settings/exhibition/patch`: any subset; an unknown key is refused by name. */
export const exhibitionSettingsPatch = patchOf(exhibitionSettings) as unknown as z.ZodType<DeepPartial<ExhibitionSettings>>;
export type ExhibitionSettingsPatch = DeepPartial<ExhibitionSettings>;

/** Kinds of rows of the generic settings table (`type`). Share configuration is 2 (part 1 §9). */
export const SettingType = { Exhibition: 1, Share: 2, Exhibitor: 3, Advisory: 4, RankingRule: 5, FormControl: 6, Custom: 9, VisitorGroup: 10, BarcodeRules: 11 } as const;
export type SettingType = (typeof SettingType)[keyof typeof SettingType];

/** The answer of `GET /api/v1/settings/exhibition`: every key, plus the row's identity. */
export const exhibitionSettingsAnswer = exhibitionSettings.extend({
  settingName: z.string(),
  settingScope: z.string(),
  settingType: z.number().int(),
});
export type ExhibitionSettingsAnswer = z.infer<typeof exhibitionSettingsAnswer>;

export const exhibitionIdQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const exhibitorIdQuery = z.object({ exhibitorId: id }).extend(cacheBuster.shape);

/** One row of the generic settings table. */
export const setting = z.object({
  id,
  type: z.number().int(),
  scope: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  value: z.unknown(),
  exhibitionId: id.nullable(),
  exhibitorId: id.nullable(),
  hostId: id.nullable(),
  createAt: z.string(),
  updateAt: z.string(),
});
export type Setting = z.infer<typeof setting>;

/** `scope` is free text; when it starts with an exhibition, exhibitor or host id the row belongs to that tenant. */
export const settingKey = z.object({
  type: z.coerce.number().int().min(0).max(1000),
  scope: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200),
});
export const settingByQuery = settingKey.extend(cacheBuster.shape);
/** Any JSON value. Recursive schemas carry an id: OpenAPI refers to them as components/schemas/<id>. */
export const jsonValue = z.json().meta({ id: 'JsonValue' });
export const createSettingBody = settingKey.extend({ displayName: z.string().trim().max(100).nullish(), value: jsonValue });
export const patchSettingBody = z.strictObject({ displayName: z.string().trim().max(100).nullish(), value: jsonValue.optional() });

/** Advisory (news and information, 资讯) section of an exhibition. */
export const advisorySettings = z.object({
  enabled: flag(true),
  title: text(100).default('展会资讯'),
  titleEn: text(100).default('News'),
  showOnHome: flag(true),
  homeCount: count(6, 50),
  /** Exhibitors may publish articles into the section. */
  enabledExhibitorPublish: flag(true),
  /** Articles published by exhibitors wait for the host's audit. */
  enabledAuditExhibitorPublish: flag(true),
});
export type AdvisorySettings = z.infer<typeof advisorySettings>;
export const advisorySettingsPatch = patchOf(advisorySettings) as unknown as z.ZodType<Partial<AdvisorySettings>>;

/** One exhibitor's own settings (the exhibitor area's set/my/home and set/lobby). */
export const exhibitorSettings = z.object({
  /** Greet visitors automatically (say-hello), with these words. */
  enabledSayHello: flag(false),
  sayHelloContent: text(500).default(''),
  sayHelloContentEn: text(500).default(''),
  /** Notify the exhibitor's contacts of new enquiries and appointments. */
  enabledEnquiryNotice: flag(true),
  enabledAppointment: flag(true),
  noticeEmail: z.string().trim().max(200).nullable().default(null),
  noticePhoneNumber: z.string().trim().max(30).nullable().default(null),
  showContacts: flag(true),
  showProductPrice: flag(false),
  /** Lobby (booth landing page) appearance. */
  lobbyBanner: url.nullable().default(null),
  lobbyVideo: url.nullable().default(null),
  lobbyWelcome: text(2000).default(''),
  lobbyWelcomeEn: text(2000).default(''),
});
export type ExhibitorSettings = z.infer<typeof exhibitorSettings>;
export const exhibitorSettingsPatch = patchOf(exhibitorSettings) as unknown as z.ZodType<Partial<ExhibitorSettings>>;

/** How an exhibition's exhibitors are ordered on public lists: rules applied in turn. */
/**
 * What an exhibitor list can be ordered by (docs/ranking.md): `views` the booth page views, `enquiries` the
 * approved enquiries (`thinkCount`), `weight` the host's manual weight (`rankWeight`, the `hot` screen).
 */
export const rankingField = z.enum(['showIndex', 'topic', 'brandTopic', 'popularity', 'likeCount', 'productCount', 'newest', 'name', 'views', 'enquiries', 'weight']);
export const productRankingField = z.enum(['weight', 'views', 'enquiries', 'showIndex', 'newest', 'name']);
export const rankingDirection = z.enum(['asc', 'desc']);
export const rankingRule = z.object({ field: rankingField, direction: rankingDirection });
export const productRankingRule = z.object({ field: productRankingField, direction: rankingDirection });

/** Rules applied in turn; a field appears once. */
function onceEach(rules: { field: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (seen.has(r.field)) ctx.addIssue({ code: 'custom', path: [i, 'field'], message: 'duplicate rule' });
    seen.add(r.field);
  });
}
export const rankingRules = z.array(rankingRule).min(1).max(rankingField.options.length).superRefine(onceEach);
export const productRankingRules = z.array(productRankingRule).min(1).max(productRankingField.options.length).superRefine(onceEach);
export type RankingField = z.infer<typeof rankingField>;
export type ProductRankingField = z.infer<typeof productRankingField>;

/** `GET /api/v3/exhibitorrankingrule`: the exhibitor rules, and the product rules (their defaults until saved). */
export const exhibitorRankingRule = z.object({ exhibitionId: id, rules: rankingRules, productRules: productRankingRules });
export type ExhibitorRankingRule = z.infer<typeof exhibitorRankingRule>;
export const defaultRankingRules: ExhibitorRankingRule['rules'] = [
  { field: 'topic', direction: 'desc' },
  { field: 'showIndex', direction: 'asc' },
  { field: 'newest', direction: 'desc' },
];
/** Until product rules are saved, the products follow the catalogue display's `productSort` (docs/ranking.md). */
export const productRulesOfSort: Record<(typeof productSorts)[number], ExhibitorRankingRule['productRules']> = {
  showIndex: [
    { field: 'showIndex', direction: 'asc' },
    { field: 'newest', direction: 'desc' },
  ],
  newest: [{ field: 'newest', direction: 'desc' }],
  name: [{ field: 'name', direction: 'asc' }],
};
/** `PUT /api/v3/exhibitorrankingrule`: the exhibition in the body, its rules replaced; product rules left as they are when absent. */
export const putExhibitorRankingRule = z.object({ exhibitionId: id, rules: rankingRules, productRules: productRankingRules.optional() });

export const rankingTarget = z.enum(['exhibitor', 'product']);
export type RankingTarget = z.infer<typeof rankingTarget>;
/** `GET /api/v3/exhibitorrankingrule/preview`: the first 20 of a public list in its ranked order. */
export const rankingPreviewQuery = z.object({ exhibitionId: id, target: rankingTarget }).extend(cacheBuster.shape);
export const RANKING_PREVIEW_SIZE = 20;
export const rankingPreviewItem = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  /** A product's exhibitor (company name); null for an exhibitor. */
  exhibitorName: z.string().nullable(),
  viewCount: z.number().int(),
  /** Products have no likes: null. */
  likeCount: z.number().int().nullable(),
  enquiryCount: z.number().int(),
  rankWeight: z.number().int(),
});
export type RankingPreviewItem = z.infer<typeof rankingPreviewItem>;
export const RANK_WEIGHT_MIN = -1000;
export const RANK_WEIGHT_MAX = 1000;
/** `PUT /api/v3/exhibitorrankingrule/weight`: the host's manual weight of one exhibitor or product. */
export const putRankWeight = z.object({ exhibitionId: id, target: rankingTarget, id, rankWeight: z.number().int().min(RANK_WEIGHT_MIN).max(RANK_WEIGHT_MAX) });
export type PutRankWeight = z.infer<typeof putRankWeight>;

/* Form-builder model (part 2 §3). */

/** tagType values of part 2 §3. */
export const TagType = { Input: 0, Textarea: 1, Number: 2, Select: 3, Radio: 4, Checkbox: 5, Date: 6, DateRange: 7, Text: 10, Cascade: 11 } as const;

export const formOption = z.object({ label: z.string(), value: z.string(), checked: z.boolean().optional(), name: z.string().optional() });
export const checkOptions = z.object({ require: z.boolean(), email: z.boolean(), phone: z.boolean(), reg: z.boolean(), other: z.string() });
export type FormItem = {
  tagType: number;
  label: string;
  /** Our addition: a stable key for the answer. */
  name: string;
  showIndex: number;
  /** Locked items (Chinese name and mobile) cannot be edited or removed. */
  locked: boolean;
  attributes: { placeholder: string; checkOptions: z.infer<typeof checkOptions>; options: z.infer<typeof formOption>[]; setTime: string | null; value: unknown };
  childrens?: FormItem[];
  /** Ours (docs/forms.md): shown only when the item named `name` answers one of `values`. */
  showWhen?: { name: string; values: string[] } | null;
};
export const formItem: z.ZodType<FormItem> = z.lazy(() =>
  z.object({
    tagType: z.number().int(),
    label: z.string(),
    name: z.string(),
    showIndex: z.number().int(),
    locked: z.boolean(),
    attributes: z.object({ placeholder: z.string(), checkOptions, options: z.array(formOption), setTime: z.string().nullable(), value: z.unknown() }),
    childrens: z.array(formItem).optional(),
    showWhen: z.object({ name: z.string(), values: z.array(z.string()) }).nullish(),
  }),
).meta({ id: 'FormItem' });

/** `formControlType` of the form-control read: 1 visitor registration (Chinese), 2 (English), 3 exhibitor registration. */
export const FormControlType = { VisitorZh: 1, VisitorEn: 2, Exhibitor: 3 } as const;
export const formControlQuery = z.object({ formControlType: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])), exhibitionId: id }).extend(cacheBuster.shape);
export const formControl = z.object({ itemId: id, formType: z.number().int(), formItems: z.array(formItem) });
export type FormControl = z.infer<typeof formControl>;
