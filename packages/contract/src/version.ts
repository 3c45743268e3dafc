import { z } from 'zod';
import { cacheBuster, id, pageRequest } from './envelope.ts';

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);
const optText = (max: number) => z.string().trim().max(max).nullish();

/** The areas features are grouped by in the administrator's matrix. */
export const featureGroups = ['exhibition', 'content', 'interaction', 'live', 'marketing', 'data', 'exhibitorService'] as const;
export const featureGroup = z.enum(featureGroups);
export type FeatureGroup = z.infer<typeof featureGroup>;

/**
 * The platform's feature keys (docs/api.md "Versions, features and gating"). They are seeded at
 * every start (missing ones only) and are the keys route gating (`config.feature`), menu items
 * and the web's role menu use. The administrator may add more keys; these cannot be deleted.
 */
export const featureCatalogue = [
  { key: 'product', name: '产品展示', nameEn: 'Products', group: 'exhibitorService', description: 'Exhibitors publish products; the host audits, pushes and promotes them.' },
  { key: 'exhibitorService', name: '展商服务', nameEn: 'Exhibitor services', group: 'exhibitorService', description: 'Catalogue entries, badges, invoices, lintels, corrections and the downloads the host reviews.' },
  { key: 'audience', name: '观众管理', nameEn: 'Visitors', group: 'exhibition', description: 'Visitor registration forms, audit, blacklist and visitor groups.' },
  { key: 'advisory', name: '资讯', nameEn: 'News and articles', group: 'content', description: 'News, image-and-text articles and visitor consultations.' },
  { key: 'statistics', name: '数据统计', nameEn: 'Statistics', group: 'data', description: 'Visitor, like and share statistics for the host and exhibitors.' },
  { key: 'sms', name: '短信通知', nameEn: 'SMS messaging', group: 'data', description: 'SMS and e-mail templates and sending from the host area.' },
  { key: 'live', name: '直播', nameEn: 'Live streaming', group: 'live', description: 'Host and exhibitor live rooms, live lines, pushed products and gifts.' },
  { key: 'activity', name: '活动', nameEn: 'Activities', group: 'content', description: 'Forums and launches with registration, tickets, schedules and categories.' },
  { key: 'meeting', name: '会议', nameEn: 'Meetings', group: 'content', description: 'Meetings and conferences scheduled by the host.' },
  { key: 'topic', name: '专题', nameEn: 'Topics', group: 'content', description: 'Themed zones grouping exhibitors, with a time window and audit.' },
  { key: 'customPage', name: '自定义页面', nameEn: 'Custom pages', group: 'content', description: 'The page decoration editor (texts, pictures, links, videos).' },
  { key: 'business', name: '供需', nameEn: 'Supply and demand', group: 'interaction', description: 'Supply and demand posts with comments and audit.' },
  { key: 'enquiry', name: '询盘', nameEn: 'Enquiries', group: 'interaction', description: 'Buyer enquiries to exhibitors, including those made in live rooms.' },
  { key: 'appointment', name: '预约', nameEn: 'Appointments', group: 'interaction', description: 'Visitor meeting requests to exhibitors, audited and assigned.' },
  { key: 'evaluate', name: '评价', nameEn: 'Reviews', group: 'interaction', description: 'Visitor reviews of exhibitors and products, with replies and a show switch.' },
  { key: 'talk', name: '洽谈', nameEn: 'Negotiation rooms', group: 'interaction', description: 'One-to-one business talks in chat and video rooms.' },
  { key: 'dataDownload', name: '数据下载', nameEn: 'Data download', group: 'data', description: 'Download configurations and logs, exports of exhibition data.' },
  { key: 'vote', name: '投票评选', nameEn: 'Votes and contests', group: 'marketing', description: 'Contests with image or video entries and votes.' },
  { key: 'tourRoute', name: '参观路线', nameEn: 'Tour routes', group: 'marketing', description: 'Guided visit plans exhibitors register into.' },
  { key: 'promotion', name: '推广', nameEn: 'Promotions', group: 'marketing', description: 'Featured placements of exhibitors, products and activities.' },
  { key: 'brand', name: '品牌专区', nameEn: 'Brand zone', group: 'marketing', description: 'Brand exhibitors and the brand topic.' },
  { key: 'liveHall', name: '虚拟展厅', nameEn: 'Virtual hall', group: 'exhibition', description: 'The virtual exhibition hall view.' },
] as const satisfies readonly { key: string; name: string; nameEn: string; group: FeatureGroup; description: string }[];

export type FeatureKey = (typeof featureCatalogue)[number]['key'];
export const featureKeys = featureCatalogue.map((f) => f.key) as FeatureKey[];

const featureKey = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{1,49}$/);

export const feature = z.object({
  id,
  key: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  group: z.string(),
  description: z.string().nullable(),
  showIndex: z.number().int(),
  /** One of the shipped catalogue's keys (cannot be deleted). */
  builtIn: z.boolean(),
  createAt: when,
});
export type Feature = z.infer<typeof feature>;
const showIndex = z.number().int().min(0).max(1_000_000);
const featureFields = z.object({ key: featureKey, name: text(50), nameEn: optText(100), group: featureGroup, description: optText(500), showIndex });
export const createFeatureBody = featureFields.extend({ group: featureGroup.default('content'), showIndex: showIndex.default(0) });
/** `PUT /api/v3/version/feature`: the id travels in the body; the key never changes (routes and menus use it), so sending it is refused. */
export const updateFeatureBody = z.strictObject({ ...featureFields.omit({ key: true }).partial().shape, id });
export const featureListQuery = z.object({ group: z.string().trim().max(50).optional() }).extend(cacheBuster.shape);

/** A product version (package): the features it grants. */
export const platformVersion = z.object({
  id,
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type PlatformVersion = z.infer<typeof platformVersion>;
const versionFields = z.object({ name: text(50), nameEn: optText(100), description: optText(500), showIndex });
export const createVersionBody = versionFields.extend({ showIndex: showIndex.default(0) });
export const updateVersionBody = versionFields.partial();
export const versionQuery = pageRequest.extend({ name: z.string().trim().max(50).optional() });
export const versionIdQuery = z.object({ versionId: id }).extend(cacheBuster.shape);
/** Replaces the version's feature set. */
export const setVersionFeaturesBody = z.object({ versionId: id, featureIds: z.array(id).max(500) });
export const versionFeatures = z.object({ versionId: id, features: z.array(feature) });

/** Per exhibition: `enabled` true adds a feature its version lacks, false removes one it has, null drops the customisation. */
export const customizeFeaturesBody = z.object({
  exhibitionId: id,
  items: z.array(z.object({ featureId: id, enabled: z.boolean().nullable() })).min(1).max(500),
});
export const exhibitionIdOnlyQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const setVersionExhibitionBody = z.object({ exhibitionId: id, versionId: id.nullable() });
export const versionExhibition = z.object({
  exhibitionId: id,
  versionId: id.nullable(),
  versionName: z.string().nullable(),
  versionNameEn: z.string().nullable(),
  customized: z.array(z.object({ featureId: id, key: z.string(), enabled: z.boolean() })),
  /** Effective keys: the version's, plus customised additions, minus customised removals. */
  keys: z.array(z.string()),
});
export type VersionExhibition = z.infer<typeof versionExhibition>;
export const featureDisplayParams = z.object({ id });
export const featureDisplay = z.object({ exhibitionId: id, versionId: id.nullable(), keys: z.array(z.string()) });
export type FeatureDisplay = z.infer<typeof featureDisplay>;
