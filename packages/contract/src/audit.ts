import { z } from 'zod';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/**
 * Moderation (issue 3): one mechanism for every content type an exhibitor submits. See docs/api.md
 * "Audit". A target's state lives in its own `audit_state` column; the queue and the history of
 * submissions and decisions live in `audit_record`.
 *
 * - Draft (-3): saved but not submitted; never in a host's queue (the spec's host lists filter -3).
 * - Pending (0): submitted, waiting for the host.
 * - Approved (1), Rejected (2, with a reason): decided; only a pending item can be decided.
 */
export { AuditState } from './audit-state.ts';
export const auditState = z.union([z.literal(-3), z.literal(0), z.literal(1), z.literal(2)]);

/**
 * Every audited content type. A server module registers an adapter for each (server/src/audit);
 * later issues append theirs (product, activity, evaluation …).
 */
export const auditTypes = [
  'exhibitor',
  'company',
  'journal',
  'lintel',
  'correction',
  'exhibitorApply',
  'companyDown',
  'catalogueDown',
  'invoiceDown',
  'contactDown',
  'lintelDown',
  'vehicleDown',
  'place',
  'card',
  'product',
  'productCertificate',
  'activity',
  'liveroom',
  'enquiry',
  'supplydemand',
  'consult',
  'topic',
  'focus',
] as const;
export const auditType = z.enum(auditTypes);
export type AuditType = z.infer<typeof auditType>;

/** The audit columns every submitted record answers, so the submitter's pages show its state. */
export const auditedFields = { auditState, auditReason: z.string().nullable(), submitAt: z.iso.datetime({ offset: true }).nullable(), auditAt: z.iso.datetime({ offset: true }).nullable() };
/** The exhibitor (and its company) a submitted record belongs to, as its lists and reads name it. */
export const ownerFields = { exhibitorId: id, exhibitionId: id, compId: id, companyName: z.string() };

const when = z.iso.datetime({ offset: true });

/** One submission in the queue or in a target's history. */
export const auditItem = z.object({
  id,
  type: auditType,
  targetId: id,
  exhibitionId: id,
  hostId: id,
  exhibitorId: id.nullable(),
  state: auditState,
  reason: z.string().nullable(),
  /** What the host sees in the queue (a company name, a journal title). */
  title: z.string().nullable(),
  /** The content as submitted. */
  snapshot: z.unknown().nullable(),
  submittedBy: id.nullable(),
  submittedByName: z.string().nullable(),
  submitAt: when,
  decidedBy: id.nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: when.nullable(),
  /** Approved by the exhibition's auto-audit switch, not by a person. */
  auto: z.boolean(),
});
export type AuditItem = z.infer<typeof auditItem>;

export const auditListQuery = pageRequest.extend({
  type: auditType.optional(),
  /** Absent: every state but draft, pending first. */
  state: auditState.optional(),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/**
 * Approve or reject one or many; a reason is required to reject. Modules' own audit calls
 * (`/api/v3/exhibitorjournal/audit` …) reuse this body with their target ids.
 */
export const auditDecisionBody = z
  .object({
    ids: z.array(id).min(1).max(500),
    approve: z.boolean(),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.reason, path: ['reason'], message: 'reason is required to reject' });
  });
export type AuditDecisionBody = z.infer<typeof auditDecisionBody>;

export const auditDecisionResult = z.object({ decided: z.number().int(), items: z.array(auditItem) });

export const auditResyncBody = z.object({ exhibitionId: id.optional() });
export const auditResyncResult = z.object({
  /** Pending targets that had no queue entry. */
  created: z.number().int(),
  /** Queue entries whose target was deleted or decided outside the queue. */
  closed: z.number().int(),
  /** Pending entries after the re-sync. */
  pending: z.number().int(),
});

export const auditCountsQuery = z.object({ exhibitionId: id.optional() }).extend(cacheBuster.shape);
/** Pending items per type, for the badges of the host's menu. */
export const auditCounts = z.object({ total: z.number().int(), counts: z.record(auditType, z.number().int()) });
export type AuditCounts = z.infer<typeof auditCounts>;

/** How the detail view shows a submitted field: text, long text, a picture or pictures, a file or files, a link, or a list of records. */
export const auditFieldKinds = ['text', 'longText', 'image', 'images', 'file', 'files', 'url', 'list'] as const;
export type AuditFieldKind = (typeof auditFieldKinds)[number];

/**
 * One field of an audited type's submitted content. `path` (default `key`) is where it sits in the
 * submission's snapshot; `previousPath` (default `path`) where the last approved value sits, in the
 * last approved snapshot, or in the same snapshot when it carries its own "before" (corrections).
 * `items` names the fields of each record of a `list`. Labels are the web's `auditDetail.field.<key>`.
 */
export type AuditFieldSpec = { key: string; kind: AuditFieldKind; path?: string; previousPath?: string; items?: readonly string[] };

const text = (...keys: string[]): AuditFieldSpec[] => keys.map((key) => ({ key, kind: 'text' }));
const long = (...keys: string[]): AuditFieldSpec[] => keys.map((key) => ({ key, kind: 'longText' }));
const image = (key: string): AuditFieldSpec => ({ key, kind: 'image' });
const corrected = (key: string, kind: AuditFieldKind = 'text'): AuditFieldSpec => ({ key, kind, path: `changes.${key}`, previousPath: `before.${key}` });

/**
 * What the host sees of each audited type's submission, in form order: described once here, so a
 * new audited type (products …) adds its line and the detail call and view follow.
 */
export const auditFields = {
  exhibitor: [image('banner'), ...text('boothInfo', 'boothArea')],
  company: [image('licenceUrl'), ...text('creditCode', 'legalPerson', 'registeredAddress', 'validUntil')],
  journal: [...text('compName', 'compNameEn'), image('logo'), ...long('introduction', 'introductionEn', 'exhibits', 'exhibitsEn'), ...text('contact', 'phone', 'email'), { key: 'website', kind: 'url' }, ...text('address', 'addressEn')],
  lintel: text('name', 'nameEn'),
  correction: [corrected('name'), corrected('nameEn'), corrected('logo', 'image'), corrected('region'), corrected('address'), corrected('boothArea'), corrected('boothInfo'), corrected('banner', 'image'), ...long('remark')],
  exhibitorApply: [...text('company', 'companyEn', 'name', 'mobile', 'email', 'region'), image('licenceUrl'), ...long('message')],
  companyDown: [...text('name', 'nameEn', 'creditCode', 'legalPerson', 'address', 'addressEn'), { key: 'website', kind: 'url' }, ...text('phone', 'email'), image('logo'), ...long('introduction', 'introductionEn')],
  catalogueDown: [...text('compName', 'compNameEn', 'booth'), image('logo'), ...long('introduction', 'introductionEn', 'exhibits', 'exhibitsEn'), ...text('contact', 'phone', 'email'), { key: 'website', kind: 'url' }, ...text('address')],
  invoiceDown: [...text('type', 'title', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'receiverName', 'receiverPhone', 'receiverEmail', 'receiverAddress'), ...long('remark')],
  contactDown: [{ key: 'contacts', kind: 'list', items: ['name', 'jobTitle', 'phone', 'email', 'isPrimary'] }],
  lintelDown: text('name', 'nameEn', 'booth'),
  vehicleDown: [{ key: 'vehicles', kind: 'list', items: ['plateNumber', 'vehicleType', 'driverName', 'driverPhone', 'enterDate'] }],
  place: [...text('boothType', 'contractorName', 'contractorContact', 'contractorPhone', 'siteManager', 'siteManagerPhone', 'powerKw'), ...long('remark'), { key: 'drawings', kind: 'files' }],
  card: [...text('name', 'position', 'phone', 'email', 'type', 'idNumber'), image('photo')],
  product: [...text('name', 'nameEn'), { key: 'pictures', kind: 'images' }, { key: 'video', kind: 'url' }, { key: 'view3DUrl', kind: 'url' }, ...long('introduction', 'introductionEn')],
  productCertificate: [...text('name', 'issuer', 'validUntil'), { key: 'pictures', kind: 'images' }],
  activity: [...text('title', 'titleEn', 'kind', 'venue', 'startAt', 'endAt'), image('cover'), ...long('introductionZh', 'introductionEn')],
  liveroom: [...text('title', 'titleEn', 'planStartAt', 'planEndAt'), image('cover'), ...long('introduction')],
  enquiry: [...text('source', 'isSample'), ...long('content')],
  supplydemand: [...text('kind', 'title'), ...long('description'), { key: 'images', kind: 'images' }, ...text('contactName', 'contactPhone', 'contactEmail', 'validUntil')],
  consult: [...text('category', 'isPublic'), ...long('question'), ...text('contactName', 'contactPhone', 'contactEmail')],
  topic: [...text('topicName'), ...long('reason')],
  focus: [...text('target', 'productName', 'startAt', 'endAt'), ...long('reason')],
} as const satisfies Record<AuditType, readonly AuditFieldSpec[]>;

/** `GET /api/Audit/GetAuditDetail`: what was submitted of one target (`id`, the target's id) of a type. */
export const auditDetailQuery = z.object({ type: auditType, id }).extend(cacheBuster.shape);

export const auditDetailField = z.object({
  key: z.string(),
  kind: z.enum(auditFieldKinds),
  /** Names of the fields of each record of a `list`. */
  items: z.array(z.string()).optional(),
  /** As submitted (absent: null). */
  value: z.unknown(),
  /** As last approved; null when nothing was approved before. */
  previous: z.unknown(),
  /** Differs from the last approved value (false when there is nothing to compare with). */
  changed: z.boolean(),
});
export type AuditDetailField = z.infer<typeof auditDetailField>;

export const auditDetail = z.object({
  /** The latest submission of the target (pending, or decided). */
  record: auditItem.omit({ snapshot: true }),
  /** The last approved submission the changes are measured against; null when there is none (a first submission, or a type that carries its own "before"). */
  baseline: z.object({ recordId: id.nullable(), decidedAt: when.nullable() }).nullable(),
  fields: z.array(auditDetailField),
});
export type AuditDetail = z.infer<typeof auditDetail>;
