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
  { key: 'product', name: '产品展示', nameEn: 'Products', group: 'exhibitorService', description: '展商发布产品，主办方审核、推送和推广。', descriptionEn: 'Exhibitors publish products; the host audits, pushes and promotes them.' },
  { key: 'exhibitorService', name: '展商服务', nameEn: 'Exhibitor services', group: 'exhibitorService', description: '会刊、参展证、发票、楣板、信息更正以及主办方审核的资料下载。', descriptionEn: 'Catalogue entries, badges, invoices, lintels, corrections and the downloads the host reviews.' },
  { key: 'audience', name: '观众管理', nameEn: 'Visitors', group: 'exhibition', description: '观众登记表单、审核、黑名单和观众分组。', descriptionEn: 'Visitor registration forms, audit, blacklist and visitor groups.' },
  { key: 'advisory', name: '资讯', nameEn: 'News and articles', group: 'content', description: '新闻、图文资讯和观众咨询。', descriptionEn: 'News, image-and-text articles and visitor consultations.' },
  { key: 'statistics', name: '数据统计', nameEn: 'Statistics', group: 'data', description: '主办方和展商的访客、点赞和分享统计。', descriptionEn: 'Visitor, like and share statistics for the host and exhibitors.' },
  { key: 'sms', name: '短信通知', nameEn: 'SMS messaging', group: 'data', description: '主办方区域的短信和邮件模板及发送。', descriptionEn: 'SMS and e-mail templates and sending from the host area.' },
  { key: 'live', name: '直播', nameEn: 'Live streaming', group: 'live', description: '主办方和展商直播间、直播线路、推送商品和礼物。', descriptionEn: 'Host and exhibitor live rooms, live lines, pushed products and gifts.' },
  { key: 'activity', name: '活动', nameEn: 'Activities', group: 'content', description: '论坛和发布会，含报名、门票、日程和分类。', descriptionEn: 'Forums and launches with registration, tickets, schedules and categories.' },
  { key: 'meeting', name: '会议', nameEn: 'Meetings', group: 'content', description: '主办方安排的会议。', descriptionEn: 'Meetings and conferences scheduled by the host.' },
  { key: 'topic', name: '专题', nameEn: 'Topics', group: 'content', description: '聚合展商的主题专区，含时间窗口和审核。', descriptionEn: 'Themed zones grouping exhibitors, with a time window and audit.' },
  { key: 'customPage', name: '自定义页面', nameEn: 'Custom pages', group: 'content', description: '页面装修编辑器（文字、图片、链接、视频）。', descriptionEn: 'The page decoration editor (texts, pictures, links, videos).' },
  { key: 'business', name: '供需', nameEn: 'Supply and demand', group: 'interaction', description: '供需信息，含评论和审核。', descriptionEn: 'Supply and demand posts with comments and audit.' },
  { key: 'enquiry', name: '询盘', nameEn: 'Enquiries', group: 'interaction', description: '买家向展商的询盘，包括直播间内的询盘。', descriptionEn: 'Buyer enquiries to exhibitors, including those made in live rooms.' },
  { key: 'appointment', name: '预约', nameEn: 'Appointments', group: 'interaction', description: '观众向展商的约见申请，经审核后分配。', descriptionEn: 'Visitor meeting requests to exhibitors, audited and assigned.' },
  { key: 'evaluate', name: '评价', nameEn: 'Reviews', group: 'interaction', description: '观众对展商和产品的评价，含回复和显示开关。', descriptionEn: 'Visitor reviews of exhibitors and products, with replies and a show switch.' },
  { key: 'talk', name: '洽谈', nameEn: 'Negotiation rooms', group: 'interaction', description: '文字和视频洽谈室中的一对一商务洽谈。', descriptionEn: 'One-to-one business talks in chat and video rooms.' },
  { key: 'dataDownload', name: '数据下载', nameEn: 'Data download', group: 'data', description: '下载配置和记录，展会数据导出。', descriptionEn: 'Download configurations and logs, exports of exhibition data.' },
  { key: 'vote', name: '投票评选', nameEn: 'Votes and contests', group: 'marketing', description: '图片或视频作品评选和投票。', descriptionEn: 'Contests with image or video entries and votes.' },
  { key: 'tourRoute', name: '参观路线', nameEn: 'Tour routes', group: 'marketing', description: '展商报名加入的参观路线。', descriptionEn: 'Guided visit plans exhibitors register into.' },
  { key: 'promotion', name: '推广', nameEn: 'Promotions', group: 'marketing', description: '展商、产品和活动的推荐位。', descriptionEn: 'Featured placements of exhibitors, products and activities.' },
  { key: 'brand', name: '品牌专区', nameEn: 'Brand zone', group: 'marketing', description: '品牌展商和品牌专题。', descriptionEn: 'Brand exhibitors and the brand topic.' },
  { key: 'liveHall', name: '虚拟展厅', nameEn: 'Virtual hall', group: 'exhibition', description: '虚拟展厅视图。', descriptionEn: 'The virtual exhibition hall view.' },
] as const satisfies readonly { key: string; name: string; nameEn: string; group: FeatureGroup; description: string; descriptionEn: string }[];

export type FeatureKey = (typeof featureCatalogue)[number]['key'];
export const featureKeys = featureCatalogue.map((f) => f.key) as FeatureKey[];

const featureKey = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{1,49}$/);

export const feature = z.object({
  id,
  key: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  group: z.string(),
  /** Chinese, shown on Chinese pages; `descriptionEn` on English ones. */
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  showIndex: z.number().int(),
  /** One of the shipped catalogue's keys (cannot be deleted). */
  builtIn: z.boolean(),
  createAt: when,
});
export type Feature = z.infer<typeof feature>;
const showIndex = z.number().int().min(0).max(1_000_000);
const featureFields = z.object({ key: featureKey, name: text(50), nameEn: optText(100), group: featureGroup, description: optText(500), descriptionEn: optText(500), showIndex });
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
  descriptionEn: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type PlatformVersion = z.infer<typeof platformVersion>;
const versionFields = z.object({ name: text(50), nameEn: optText(100), description: optText(500), descriptionEn: optText(500), showIndex });
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
