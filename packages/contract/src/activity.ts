import { exhibitionTreeCategory, exhibitionTreeCategoryCreateBody, exhibitionTreeCategoryPatchBody } from './category.ts';
import { z } from 'zod';
import { httpUrl, requiredUrl } from './url.ts';
import { auditedFields, auditState } from './audit.ts';
import { cacheBuster, id, idQuery, MAX_PAGE_SIZE, pageRequest } from './envelope.ts';

/**
 * Activities (issue 13): the host's programme and exhibitors' launches, their agenda, categories, registrations
 * with tickets and check-in, and live image-text coverage. Paths and decisions: docs/activities.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);
const showIndex = z.number().int().min(0).max(1_000_000);

/** Part 1 §9 style default page size of the activity lists. */
export const ACTIVITY_PAGE_SIZE = 10;
/** Part 2 §3: an exhibitor preview shows 3 activities. */
export const PREVIEW_ACTIVITY_COUNT = 3;
/** Activity categories nest two levels. */
export const MAX_ACTIVITY_CATEGORY_LEVEL = 2;
export const ACTIVITY_INTRODUCTION_MAX_CHARS = 50_000;
/** Agenda items per activity, speakers per item, ticket kinds per activity, pictures per live post. */
export const MAX_SCHEDULE_ITEMS = 100;
export const MAX_SPEAKERS = 20;
export const MAX_TICKET_TYPES = 20;
export const MAX_LIVE_POST_PICTURES = 9;

export const activityKinds = ['forum', 'launch', 'conference', 'ceremony', 'other'] as const;
export const activityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKind>;

/** `PATCH /api/v3/activity/state`: a published activity can be cancelled (and published again). */
export const activityStates = ['published', 'cancelled'] as const;
export const activityState = z.enum(activityStates);
/** What a visitor sees of time: before, during, after (cancelled wins). */
export const activityPhases = ['upcoming', 'ongoing', 'ended', 'cancelled'] as const;
export const activityPhase = z.enum(activityPhases);
export type ActivityPhase = z.infer<typeof activityPhase>;

/** The live application: none (null), pending 0, approved 1, rejected 2; `liveOpen` once the host opened it. */
export const LiveApplyState = { Pending: 0, Approved: 1, Rejected: 2 } as const;
export const liveApplyState = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const regStatuses = ['registered', 'waiting', 'cancelled'] as const;
export const regStatus = z.enum(regStatuses);
export type RegStatus = z.infer<typeof regStatus>;

export const livePostKinds = ['image', 'text'] as const;
export const livePostKind = z.enum(livePostKinds);

/** One activity as the back office reads it. `exhibitorId` null: the host's own. */
export const activity = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id.nullable(),
  /** The exhibitor's company name, or null for the host's own. */
  companyName: z.string().nullable(),
  categoryId: id.nullable(),
  hallId: id.nullable(),
  kind: activityKind,
  title: z.string(),
  titleEn: z.string().nullable(),
  cover: z.string().nullable(),
  introductionZh: z.string(),
  introductionEn: z.string(),
  venue: z.string().nullable(),
  startAt: when,
  endAt: when,
  regEnabled: z.boolean(),
  regStartAt: when.nullable(),
  regEndAt: when.nullable(),
  capacity: z.number().int().nullable(),
  waitlist: z.boolean(),
  regCount: z.number().int(),
  waitCount: z.number().int(),
  viewCount: z.number().int(),
  state: activityState,
  phase: activityPhase,
  liveApplyState: liveApplyState.nullable(),
  liveApplyReason: z.string().nullable(),
  liveAppliedAt: when.nullable(),
  liveAuditAt: when.nullable(),
  liveOpen: z.boolean(),
  isShow: z.boolean(),
  showIndex: z.number().int(),
  ...auditedFields,
  createAt: when,
  updateAt: when,
});
export type Activity = z.infer<typeof activity>;

const activityFields = z.object({
  title: text(100).min(1),
  titleEn: text(200).nullish(),
  kind: activityKind,
  categoryId: id.nullish(),
  hallId: id.nullish(),
  cover: requiredUrl(2000).nullish(),
  /** Rich text, reduced to an allow-list of HTML on the server. */
  introductionZh: z.string().max(ACTIVITY_INTRODUCTION_MAX_CHARS),
  introductionEn: z.string().max(ACTIVITY_INTRODUCTION_MAX_CHARS),
  venue: text(100).nullish(),
  startAt: when,
  endAt: when,
  /** Refused (field `regEnabled`) while the exhibition's `enabledActivityReg` is off. */
  regEnabled: z.boolean(),
  regStartAt: when.nullish(),
  regEndAt: when.nullish(),
  /** null: unlimited seats. */
  capacity: z.number().int().min(1).max(1_000_000).nullish(),
  waitlist: z.boolean(),
  isShow: z.boolean(),
  showIndex,
});

/**
 * `POST /api/v3/activity`: the host's own (no `exhibitorId`), the host's on an exhibitor's behalf, or the exhibitor's
 * own. `draft: true` keeps an exhibitor's activity out of the host's queue.
 */
export const activityCreateBody = activityFields
  .extend({
    kind: activityFields.shape.kind.default('other'),
    introductionZh: activityFields.shape.introductionZh.default(''),
    introductionEn: activityFields.shape.introductionEn.default(''),
    regEnabled: activityFields.shape.regEnabled.default(false),
    waitlist: activityFields.shape.waitlist.default(false),
    isShow: activityFields.shape.isShow.default(true),
    showIndex: showIndex.default(0),
  })
  .extend({ exhibitionId: id, exhibitorId: id.nullish(), draft: z.boolean().default(false) });
export type ActivityCreateBody = z.infer<typeof activityCreateBody>;
/** `PUT /api/v3/activity/patch?id`: only the fields sent change; an exhibitor's change goes back to the host's audit. */
export const activityPatchBody = activityFields.partial().extend({ draft: z.boolean().default(false) });
export type ActivityPatchBody = z.infer<typeof activityPatchBody>;

/** `POST /api/v3/activity/query`: the back office's list (all of an exhibition for its host, its own for an exhibitor). */
export const activityQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  /** `host`: the host's own programme; `exhibitor`: exhibitors' activities. */
  owner: z.enum(['host', 'exhibitor']).optional(),
  keyword: text(100).optional(),
  kind: activityKind.optional(),
  categoryId: id.optional(),
  hallId: id.optional(),
  /** A day of the exhibition (YYYY-MM-DD, in the exhibition's time zone). */
  day: z.iso.date().optional(),
  auditState: auditState.optional(),
  liveApplyState: liveApplyState.optional(),
  phase: activityPhase.optional(),
  isShow: z.boolean().optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;
/** `GET /api/v3/activity/exhibitor?exhibitorId`: one exhibitor's activities (its booth, the preview). */
export const activityByExhibitorQuery = z.object({ exhibitorId: id }).extend(cacheBuster.shape);
export const activityGetQuery = idQuery.extend(cacheBuster.shape);
/** `PATCH /api/v3/activity/state?id`. */
export const activityStateBody = z.object({ state: activityState });
/** `PUT /api/v3/activity/SetShow`. */
export const activityShowBody = z.object({ id, isShow: z.boolean() });
/** `POST /api/v3/activity/apply-live?id`: the exhibitor (or the host for it) asks to stream the activity. */
export const activityApplyLiveBody = z.object({ note: text(500).optional() });
/** `PUT /api/v3/activity/open-live?id`: the host opens (or closes) an approved live application. */
export const activityOpenLiveBody = z.object({ open: z.boolean() });
/** `POST /api/v3/activity/audit` and `/audit/live` take the shared `auditDecisionBody`. */
/**
 * `POST /api/v3/batchaudit`: every pending exhibitor activity the filters match (within the caller's exhibitions) is
 * approved or rejected at once; a reason is required to reject. Answers how many were decided.
 */
export const activityBatchAuditBody = activityQuery
  .omit({ pageIndex: true, pageSize: true, auditState: true })
  .extend({ approve: z.boolean(), reason: z.string().trim().max(500).optional() })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });
export type ActivityBatchAuditBody = z.infer<typeof activityBatchAuditBody>;
export const activityBatchAuditResult = z.object({ decided: z.number().int() });

/* Agenda (`/api/v3/activityschedule`). */

export const speaker = z.object({ name: text(50).min(1), title: text(100).optional().default(''), avatar: httpUrl(2000).nullish() });
export type Speaker = z.infer<typeof speaker>;
export const activitySchedule = z.object({
  id,
  activityId: id,
  title: z.string(),
  titleEn: z.string().nullable(),
  startAt: when,
  endAt: when,
  speakers: z.array(speaker),
  description: z.string(),
  showIndex: z.number().int(),
});
export type ActivitySchedule = z.infer<typeof activitySchedule>;
const scheduleFields = z.object({
  title: text(100).min(1),
  titleEn: text(200).nullish(),
  /** Within the activity's start and end. */
  startAt: when,
  endAt: when,
  speakers: z.array(speaker).max(MAX_SPEAKERS),
  description: text(2000),
  showIndex,
});
export const activityScheduleCreateBody = scheduleFields.extend({
  activityId: id,
  speakers: scheduleFields.shape.speakers.default([]),
  description: scheduleFields.shape.description.default(''),
  showIndex: showIndex.default(0),
});
/** Only the fields sent change (no defaults here: a field left out keeps its value). */
export const activitySchedulePatchBody = scheduleFields.partial();
export const activityScheduleListQuery = z.object({ activityId: id }).extend(cacheBuster.shape);

/* Categories (`/api/v3/activitycategory`): the host's two-level tree per exhibition. */

export const activityCategory = exhibitionTreeCategory;
export type ActivityCategory = z.infer<typeof activityCategory>;
export const activityCategoryListQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const activityCategoryCreateBody = exhibitionTreeCategoryCreateBody;
export const activityCategoryPatchBody = exhibitionTreeCategoryPatchBody;

/* Ticket kinds (`/api/v3/activityticket`) and check-in. */

export const activityTicketType = z.object({
  id,
  activityId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  quantity: z.number().int(),
  taken: z.number().int(),
  saleStartAt: when.nullable(),
  saleEndAt: when.nullable(),
  showIndex: z.number().int(),
});
export type ActivityTicketType = z.infer<typeof activityTicketType>;
const ticketTypeFields = z.object({
  name: text(50).min(1),
  nameEn: text(100).nullish(),
  quantity: z.number().int().min(1).max(1_000_000),
  saleStartAt: when.nullish(),
  saleEndAt: when.nullish(),
  showIndex: showIndex.default(0),
});
export const activityTicketTypeCreateBody = ticketTypeFields.extend({ activityId: id });
export const activityTicketTypePatchBody = ticketTypeFields.partial();
export const activityTicketTypeListQuery = z.object({ activityId: id }).extend(cacheBuster.shape);
/** `POST /api/v3/activityticket/checkin`: the scanned QR's text; the first scan wins, a second is 409. */
export const activityCheckinBody = z.object({ activityId: id, code: text(100).min(1) });

/* Registrations (`/api/v3/activityreg`). */

export const activityReg = z.object({
  id,
  activityId: id,
  exhibitionId: id,
  memberId: id,
  ticketTypeId: id.nullable(),
  ticketTypeName: z.string().nullable(),
  status: regStatus,
  name: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  answers: z.record(z.string(), z.unknown()),
  /** The ticket's QR text, once the registration holds a seat. */
  ticketCode: z.string().nullable(),
  checkedInAt: when.nullable(),
  createAt: when,
});
export type ActivityReg = z.infer<typeof activityReg>;
export const activityRegQuery = pageRequest.extend({
  activityId: id,
  status: regStatus.optional(),
  checkedIn: z.boolean().optional(),
  /** Part of the name, phone number, e-mail or company. */
  keyword: text(100).optional(),
});
/** `PUT /api/v3/activityreg/cancel?id`: the host (or the visitor, for its own) cancels; the first waiting one moves up. */
export const activityRegCancelBody = z.object({ reason: text(200).optional() });

/* Live coverage (`/api/v3/liveimage`, `/api/v3/liveimagetext`). */

export const activityLivePost = z.object({
  id,
  activityId: id,
  kind: livePostKind,
  content: z.string(),
  pictures: z.array(z.string()),
  pinned: z.boolean(),
  createAt: when,
});
export type ActivityLivePost = z.infer<typeof activityLivePost>;
export const activityLivePostCreateBody = z.object({
  activityId: id,
  content: text(2000).default(''),
  pictures: z.array(requiredUrl(2000)).max(MAX_LIVE_POST_PICTURES).default([]),
  pinned: z.boolean().default(false),
});
/** `GET …/my/tickets/{regId}/cancel`'s path. */
export const myTicketParams = z.object({ exhibitionId: id, regId: id });
export const activityLivePostListQuery = z.object({ activityId: id, after: when.optional() }).extend(cacheBuster.shape);

/* The visitor site (`/api/v1/expo/{exhibitionId}/activities…`, docs/activities.md). */

export const publicActivity = activity.pick({
  id: true,
  exhibitionId: true,
  exhibitorId: true,
  companyName: true,
  categoryId: true,
  hallId: true,
  kind: true,
  title: true,
  titleEn: true,
  cover: true,
  venue: true,
  startAt: true,
  endAt: true,
  regEnabled: true,
  regStartAt: true,
  regEndAt: true,
  capacity: true,
  waitlist: true,
  regCount: true,
  phase: true,
  liveOpen: true,
}).extend({
  /** In the caller's language: the programme's hall and category filters are built from its answer. */
  hallName: z.string().nullable(),
  categoryName: z.string().nullable(),
});
export type PublicActivity = z.infer<typeof publicActivity>;
export const publicActivityQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
    pageIndex: z.coerce.number().int().min(1).default(1),
    day: z.iso.date().optional(),
    categoryId: id.optional(),
    hallId: id.optional(),
    kind: activityKind.optional(),
    exhibitorId: id.optional(),
  })
  .extend(cacheBuster.shape);
export const publicActivityParams = z.object({ exhibitionId: id });
export const publicActivityDetailParams = z.object({ exhibitionId: id, activityId: id });
/** An activity's page: its introduction, agenda, ticket kinds, and the days/halls/categories to filter by. */
export const publicActivityDetail = publicActivity.extend({
  introduction: z.string(),
  schedules: z.array(activitySchedule),
  ticketTypes: z.array(activityTicketType),
});
export type PublicActivityDetail = z.infer<typeof publicActivityDetail>;
/** `POST …/activities/{activityId}/registrations`: a signed-in, approved visitor of the exhibition. */
export const publicRegisterBody = z.object({ ticketTypeId: id.nullish(), answers: z.record(z.string(), z.unknown()).default({}) });
/** A visitor's own registration and ticket, as "my tickets" lists them. */
export const myActivityTicket = z.object({
  id,
  activity: publicActivity,
  status: regStatus,
  ticketTypeName: z.string().nullable(),
  ticketCode: z.string().nullable(),
  /** The ticket code as a QR code (SVG), once the registration holds a seat. */
  qrSvg: z.string().nullable(),
  checkedInAt: when.nullable(),
  createAt: when,
});
export type MyActivityTicket = z.infer<typeof myActivityTicket>;
/**
 * `GET …/activities/{activityId}/live/events`: each Server-Sent Event's `data` (unnamed events) is one of these as
 * JSON: a new (or changed, e.g. pinned) post, or the id of a deleted one.
 */
export const activityLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), post: activityLivePost }),
  z.object({ type: z.literal('delete'), id, activityId: id }),
]);
export type ActivityLiveEvent = z.infer<typeof activityLiveEvent>;
