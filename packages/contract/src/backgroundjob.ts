import { z } from 'zod';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { exhibitorQuery } from './exhibitor.ts';

/**
 * Background jobs (issue 3): spreadsheet import and export of exhibitors, copies from a past
 * exhibition. See docs/api.md "Background jobs".
 */
export const jobStates = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobState = z.enum(jobStates);
export type JobState = z.infer<typeof jobState>;

export const JobType = {
  ExhibitorImport: 'exhibitor.import',
  ExhibitorExport: 'exhibitor.export',
  ExhibitorCopy: 'exhibitor.copy',
  ExhibitionCopy: 'exhibition.copy',
  ProductImport: 'product.import',
  /** The visitors of an exhibition to .xlsx (docs/members.md). */
  MemberExport: 'member.export',
  /** An activity's registrations to .xlsx (docs/activities.md). */
  ActivityRegExport: 'activityreg.export',
  /** The visitors who opened an activity's live coverage to .xlsx. */
  ActivityLiveViewerExport: 'activity.liveviewer',
  /** Enquiries to .xlsx (docs/matching.md): the host's of its exhibitions, an exhibitor's own. */
  EnquiryExport: 'enquiry.export',
  SupplyDemandExport: 'supplydemand.export',
  /** Visitors' questions to .xlsx (docs/consult.md). */
  ConsultExport: 'consult.export',
  /** Appointments to .xlsx (docs/matching.md): the host's of its exhibitions, an exhibitor's own. */
  AppointmentExport: 'appointment.export',
} as const;
export const jobTypes = Object.values(JobType) as [string, ...string[]];
export const jobType = z.enum(jobTypes);

/** One column of an import spreadsheet: its key, its header in both languages, whether a row must fill it. */
export type ImportColumn = { readonly key: string; readonly zh: string; readonly en: string; readonly required?: boolean };

/** Limits of an import spreadsheet (exhibitors, products). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/**
 * The columns of the exhibitor spreadsheet, in template order. A header cell matches a column by its
 * Chinese or English name (case and spaces ignored), or by both as the template writes them.
 */
export const exhibitorImportColumns = [
  { key: 'id', zh: '展商ID', en: 'Exhibitor ID' },
  { key: 'name', zh: '公司名称', en: 'Company name', required: true },
  { key: 'nameEn', zh: '英文名称', en: 'English name' },
  { key: 'region', zh: '所在地区', en: 'Region' },
  { key: 'address', zh: '详细地址', en: 'Address' },
  { key: 'boothInfo', zh: '展位号', en: 'Booth info' },
  { key: 'boothArea', zh: '展位面积', en: 'Booth area' },
  { key: 'categories', zh: '展品类别', en: 'Categories' },
  { key: 'phone', zh: '联系电话', en: 'Contact phone' },
  { key: 'email', zh: '电子邮箱', en: 'E-mail' },
  { key: 'userName', zh: '登录用户名', en: 'Login user name' },
] as const satisfies readonly ImportColumn[];
export type ExhibitorImportColumn = (typeof exhibitorImportColumns)[number]['key'];

/**
 * The columns of the product spreadsheet (docs/products.md "Import"). The exhibitor is named by
 * company name, as the host's exhibitor list shows it, or by exhibitor id (the exhibitor export's
 * first column). The category is "level 1/level 2" or a level-1 name; tags and pictures are lists.
 */
export const productImportColumns = [
  { key: 'exhibitor', zh: '展商', en: 'Exhibitor', required: true },
  { key: 'name', zh: '产品名称', en: 'Product name', required: true },
  { key: 'nameEn', zh: '英文名称', en: 'English name' },
  { key: 'category', zh: '产品分类', en: 'Category' },
  { key: 'tags', zh: '产品标签', en: 'Tags' },
  { key: 'pictures', zh: '产品图片', en: 'Pictures' },
  { key: 'view3DUrl', zh: '3D链接', en: '3D link' },
  { key: 'introductionZh', zh: '中文介绍', en: 'Introduction (Chinese)' },
  { key: 'introductionEn', zh: '英文介绍', en: 'Introduction (English)' },
  { key: 'isShow', zh: '是否显示', en: 'Shown' },
] as const satisfies readonly ImportColumn[];
export type ProductImportColumn = (typeof productImportColumns)[number]['key'];

const when = z.iso.datetime({ offset: true });
export const jobFileKind = z.enum(['input', 'output', 'report']);
export const jobFile = z.object({ name: z.string(), url: z.string() });

export const backgroundJob = z.object({
  id,
  type: z.string(),
  state: jobState,
  /** 0–100; `processed` of `total` items in the current step. */
  progress: z.number().int(),
  processed: z.number().int(),
  total: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  /** Counts and ids the job produced (import: rows, created, updated, errorCount …). */
  result: z.unknown().nullable(),
  /** Why it failed, in the language of the caller who started it. */
  error: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  exhibitionId: id.nullable(),
  hostId: id.nullable(),
  createdBy: id.nullable(),
  attempts: z.number().int(),
  files: z.object({ input: jobFile.optional(), output: jobFile.optional(), report: jobFile.optional() }),
  createAt: when,
  updateAt: when,
  startedAt: when.nullable(),
  finishedAt: when.nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJob>;

export const backgroundJobQuery = pageRequest.extend({
  type: jobType.optional(),
  state: jobState.optional(),
  exhibitionId: id.optional(),
});

export const jobIdQuery = z.object({ id }).extend(cacheBuster.shape);
export const jobFileQuery = z.object({ id, file: jobFileKind.default('output') }).extend(cacheBuster.shape);

/** `dryRun` as a query parameter or multipart field: "true"/"1" validates only. */
export const importQuery = z.object({
  exhibitionId: id.optional(),
  dryRun: z.enum(['true', 'false', '1', '0']).optional(),
});

/** Export filters: those of the host's exhibitor list (`POST /api/v1/exhibitor/query`). */
export const exportExhibitorFilters = exhibitorQuery.omit({ pageIndex: true, pageSize: true, exhibitionId: true });
export const exportExhibitorsBody = z.object({ exhibitionId: id, filters: exportExhibitorFilters.optional() });

export const copyExhibitorsBody = z.object({
  fromExhibitionId: id,
  toExhibitionId: id,
  /** Only these exhibitors of the past exhibition; all of them when absent. */
  exhibitorIds: z.array(id).min(1).max(20_000).optional(),
});

export const copyExhibitionBody = z.object({
  fromExhibitionId: id,
  name: z.string().trim().min(1).max(200),
  nameEn: z.string().trim().max(200).nullish(),
  startAt: when.nullish(),
  endAt: when.nullish(),
});

/** `POST /api/v3/backgroundjob/export/activityreg` and `/activity/liveviewer`: one activity's registrations or live viewers. */
export const activityExportBody = z.object({ activityId: id });
