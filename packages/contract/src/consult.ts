import { z } from 'zod';
import { auditedFields } from './audit.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/**
 * Consultations (咨询, issue 15): a signed-in visitor asks the host a question on the exhibition's site; the host answers
 * it in `consult/info`, audits it (type `consult`) in `consult-audit/info`, and an approved, answered question the
 * visitor made public and the host shows appears in the site's public questions and answers. Paths: docs/consult.md.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const CONSULT_QUESTION_MIN = 5;
export const CONSULT_QUESTION_MAX = 1000;
export const CONSULT_ANSWER_MAX = 2000;
/** A visitor's questions to one exhibition within the window (429 ConsultTooFrequent beyond). */
export const CONSULTS_PER_WINDOW = 5;
export const CONSULT_WINDOW_SECONDS = 600;

/** The fixed categories a visitor picks from (labels: web `consult.category.*`, docs/consult.md). */
export const consultCategories = ['registration', 'tickets', 'exhibiting', 'visiting', 'other'] as const;
export const consultCategory = z.enum(consultCategories);
export type ConsultCategory = z.infer<typeof consultCategory>;

/* ---- the visitor site ---- */

export const expoConsultParams = z.object({ exhibitionId: id });

/** `POST /api/v1/expo/:exhibitionId/consults`. */
export const expoConsultBody = z.object({
  category: consultCategory.optional(),
  question: text(CONSULT_QUESTION_MAX).min(CONSULT_QUESTION_MIN),
  /** The visitor allows the question and its answer on the public page. */
  isPublic: z.boolean().default(false),
  /** Copy name, phone and e-mail from the registration so the host can reach the visitor. */
  shareContact: z.boolean().default(false),
});
export type ExpoConsultBody = z.input<typeof expoConsultBody>;

/** A question in the public questions and answers: never who asked or how to reach them. */
export const publicConsult = z.object({
  id,
  category: consultCategory.nullable(),
  question: z.string(),
  answer: z.string(),
  answeredAt: when,
  createAt: when,
});
export type PublicConsult = z.infer<typeof publicConsult>;
export const publicConsultQuery = pageRequest.extend(cacheBuster.shape);

/** The visitor's own question, with the answer and the audit state (a rejection's reason included). */
export const myConsult = z.object({
  id,
  category: consultCategory.nullable(),
  question: z.string(),
  isPublic: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: when.nullable(),
  ...auditedFields,
  createAt: when,
});
export type MyConsult = z.infer<typeof myConsult>;
export const myConsultQuery = pageRequest.extend(cacheBuster.shape);

/* ---- the back office ---- */

/** One question as the host reads it: the contact is null unless the visitor shared it. */
export const consult = myConsult.extend({
  exhibitionId: id,
  userId: id.nullable(),
  /** The visitor's registered name (whether or not the contact was shared). */
  visitorName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  isShow: z.boolean(),
  answeredBy: id.nullable(),
});
export type Consult = z.infer<typeof consult>;

export const consultFilters = z.object({
  exhibitionId: id.optional(),
  /** Part of the question, the answer or the visitor's name. */
  keyword: text(100).optional(),
  category: consultCategory.optional(),
  answered: z.boolean().optional(),
  auditState: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  createdFrom: when.optional(),
  createdTo: when.optional(),
});
export type ConsultFilters = z.infer<typeof consultFilters>;
export const consultQuery = pageRequest.extend(consultFilters.shape);
export type ConsultQuery = z.input<typeof consultQuery>;

/** `POST /api/v3/consult/export`: the page's filters (the exhibition named, else the session's). */
export const consultExportBody = consultFilters;

export const consultAnswerBody = z.object({ id, answer: text(CONSULT_ANSWER_MAX).min(1) });
export type ConsultAnswerBody = z.infer<typeof consultAnswerBody>;
export const consultShowBody = z.object({ id, isShow: z.boolean() });
export type ConsultShowBody = z.infer<typeof consultShowBody>;
