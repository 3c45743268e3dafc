import { z } from 'zod';
import { httpUrl } from './url.ts';
import { cacheBuster, id, pageRequest } from './envelope.ts';

/** Exhibitions, their schedules and halls (issue 3). See docs/api.md "Exhibitions". */

const when = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(200);
const optText = (max: number) => z.string().trim().max(max).nullish();
const showIndex = z.number().int().min(0).max(1_000_000);

/** Derived from the dates: 0 not started (or no dates), 1 running, 2 over. */
export const ExhibitionStatus = { NotStarted: 0, Running: 1, Over: 2 } as const;
export const exhibitionStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const exhibition = z.object({
  id,
  hostId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  startAt: when.nullable(),
  endAt: when.nullable(),
  showIndex: z.number().int(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  address: z.string().nullable(),
  addressEn: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  /** The sales agent who brought the exhibition (part 1 §1: exhibitions can be fetched by agent). */
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  status: exhibitionStatus,
  /** Over: it ended before now. */
  isHistory: z.boolean(),
  createAt: when,
  updateAt: when,
});
export type Exhibition = z.infer<typeof exhibition>;

export const exhibitionQuery = pageRequest.extend({
  name: z.string().trim().max(100).optional(),
  hostId: id.optional(),
  status: exhibitionStatus.optional(),
  isHistory: z.boolean().optional(),
});

const exhibitionFields = {
  name,
  nameEn: optText(200),
  startAt: when.nullish(),
  endAt: when.nullish(),
  showIndex: showIndex.optional(),
  logo: httpUrl(2000).nullish(),
  banner: httpUrl(2000).nullish(),
  address: optText(500),
  addressEn: optText(500),
  city: optText(100),
  description: optText(20_000),
  descriptionEn: optText(20_000),
  agentId: optText(100),
  agentName: optText(100),
};
const datesInOrder = (v: { startAt?: string | null; endAt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startAt && v.endAt && Date.parse(v.endAt) < Date.parse(v.startAt))
    ctx.addIssue({ code: 'too_small', origin: 'date', minimum: Date.parse(v.startAt), inclusive: true, input: v.endAt, path: ['endAt'], message: 'endAt before startAt' });
};
/** `POST /api/exhibition`: a host creates for itself (hostId optional), the administrator for any host. */
export const createExhibitionBody = z.object({ hostId: id.optional(), ...exhibitionFields }).superRefine(datesInOrder);
/** `PATCH /api/v1/exhibition?id`: only the fields sent; `hostId` moves an exhibition (administrator only). */
export const updateExhibitionBody = z.object({ hostId: id.optional(), ...exhibitionFields, name: name.optional() }).superRefine(datesInOrder);
/** `PUT /api/exhibition`: the same with the id in the body. */
export const putExhibitionBody = z.object({ id, hostId: id.optional(), ...exhibitionFields, name: name.optional() }).superRefine(datesInOrder);

/** `POST /api/exhibition/GetByAgent`. */
export const exhibitionByAgentQuery = pageRequest
  .extend({ agentId: z.string().trim().min(1).max(100).optional(), agentName: z.string().trim().min(1).max(100).optional() })
  .superRefine((v, ctx) => {
    if (!v.agentId && !v.agentName) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: v.agentId, path: ['agentId'], message: 'agentId or agentName is required' });
  });

/** A date of the exhibition's programme (move-in, opening, forum day …). */
export const exhibitionSchedule = z.object({
  id,
  exhibitionId: id,
  title: z.string(),
  titleEn: z.string().nullable(),
  startAt: when,
  endAt: when.nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type ExhibitionSchedule = z.infer<typeof exhibitionSchedule>;
const scheduleFields = { title: name, titleEn: optText(200), startAt: when, endAt: when, location: optText(500), description: optText(5000), showIndex: showIndex.optional() };
export const exhibitionScheduleQuery = pageRequest.extend({ exhibitionId: id.optional(), from: when.optional(), to: when.optional() });
/** A schedule always ends, and not before it starts (issue 9 defect 4): `endAt` is required and never cleared. */
export const createExhibitionScheduleBody = z.object({ exhibitionId: id, ...scheduleFields }).superRefine(datesInOrder);
export const updateExhibitionScheduleBody = z.object({ ...scheduleFields, title: name.optional(), startAt: when.optional(), endAt: when.optional() }).superRefine(datesInOrder);

/** An exhibition hall (pavilion), e.g. "1号馆 / Hall 1". */
export const exhibitionHall = z.object({
  id,
  exhibitionId: id,
  name: z.string(),
  nameEn: z.string().nullable(),
  code: z.string().nullable(),
  floor: z.string().nullable(),
  area: z.number().nullable(),
  mapUrl: z.string().nullable(),
  description: z.string().nullable(),
  showIndex: z.number().int(),
  createAt: when,
});
export type ExhibitionHall = z.infer<typeof exhibitionHall>;
const hallFields = {
  name: z.string().trim().min(1).max(100),
  nameEn: optText(100),
  code: optText(30),
  floor: optText(30),
  area: z.number().min(0).max(10_000_000).nullish(),
  mapUrl: httpUrl(2000).nullish(),
  description: optText(5000),
  showIndex: showIndex.optional(),
};
export const createExhibitionHallBody = z.object({ exhibitionId: id, ...hallFields });
export const updateExhibitionHallBody = z.object({ id, ...hallFields, name: hallFields.name.optional() });
export const hallsByExhibitionQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
