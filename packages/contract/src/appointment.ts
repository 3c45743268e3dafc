import { z } from 'zod';
import { cacheBuster, id, MAX_PAGE_SIZE, pageRequest } from './envelope.ts';

/**
 * Appointments (预约洽谈, issue 15 part 2, docs/matching.md "Appointments"): an exhibitor's offered times (slots), a
 * visitor's request for one, the exhibitor's decision (accept, decline, propose another time), the staff member who
 * takes it, and an ICS file for calendars. Paths the spec names (`/api/v3/exhibitorappointment…`) hold as written.
 */

const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().max(max);

export const appointmentStates = ['pending', 'proposed', 'accepted', 'declined', 'cancelled'] as const;
export const appointmentState = z.enum(appointmentStates);
export type AppointmentState = z.infer<typeof appointmentState>;

export const APPOINTMENT_PAGE_SIZE = 20;
/** Slots one batch may create, and the longest meeting a slot may be. */
export const MAX_SLOTS_PER_BATCH = 100;
export const MAX_SLOT_MINUTES = 240;
/** Requests one visitor may send to one exhibitor per hour. */
export const APPOINTMENT_REQUESTS_PER_HOUR = 5;
export const APPOINTMENT_SUBJECT_MAX = 100;
export const APPOINTMENT_MESSAGE_MAX = 500;

/** A meeting as the exhibitor and host see it; the visitor's contact only when it chose to share it. */
export const appointment = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id,
  companyName: z.string().nullable(),
  slotId: id.nullable(),
  staffId: id.nullable(),
  staffName: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  proposedStartAt: z.string().nullable(),
  proposedEndAt: z.string().nullable(),
  subject: z.string(),
  message: z.string().nullable(),
  state: appointmentState,
  declineReason: z.string().nullable(),
  shareContact: z.boolean(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactCompany: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createAt: z.string(),
  updateAt: z.string(),
});
export type Appointment = z.infer<typeof appointment>;

/** `POST /api/v3/exhibitorappointment/page`: an exhibitor's own, a host's exhibitions'. `from`/`to` bound the start. */
export const appointmentQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(APPOINTMENT_PAGE_SIZE),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  state: appointmentState.optional(),
  staffId: id.optional(),
  from: when.optional(),
  to: when.optional(),
});
export type AppointmentQuery = z.infer<typeof appointmentQuery>;
/** The page's filters, without paging: what an export (`POST /api/v3/exhibitorappointment/export`) keeps. */
export const appointmentFilters = appointmentQuery.omit({ pageIndex: true, pageSize: true });
export type AppointmentFilters = z.infer<typeof appointmentFilters>;
/** `POST /api/v3/exhibitorappointment/export`: the page's filters; an exhibitor's export holds only its own meetings. */
export const appointmentExportBody = appointmentFilters;

/** `POST /api/v3/exhibitorappointment/audit`: accept or decline a pending request. */
export const appointmentAuditBody = z.object({ id, state: z.enum(['accepted', 'declined']), reason: text(200).optional() });
export type AppointmentAuditBody = z.infer<typeof appointmentAuditBody>;

/** `POST /api/v3/exhibitorappointment/setcompanyusersid`: the staff member (company_staff of the exhibitor's company) who takes it. */
export const appointmentStaffBody = z.object({ id, companyUsersId: id });

/** `PUT /api/v3/exhibitorappointment/patch?id`: the exhibitor proposes another time; the visitor accepts or declines it. */
export const appointmentProposeBody = z.object({ proposedStartAt: when, proposedEndAt: when, message: text(APPOINTMENT_MESSAGE_MAX).optional() });
export type AppointmentProposeBody = z.infer<typeof appointmentProposeBody>;

/** `PATCH /api/v3/exhibitorappointment?id`: the fields sent change (subject, notes, the time of the meeting). */
export const appointmentPatchBody = z.object({
  subject: text(APPOINTMENT_SUBJECT_MAX).min(1).optional(),
  message: text(APPOINTMENT_MESSAGE_MAX).nullish(),
  startAt: when.optional(),
  endAt: when.optional(),
});
export type AppointmentPatchBody = z.infer<typeof appointmentPatchBody>;

/** A time an exhibitor offers; `held` while a pending, proposed or accepted request holds it. */
export const appointmentSlot = z.object({
  id,
  exhibitionId: id,
  exhibitorId: id,
  staffId: id.nullable(),
  staffName: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  held: z.boolean(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlot>;

export const appointmentSlotQuery = pageRequest.extend({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(APPOINTMENT_PAGE_SIZE),
  exhibitionId: id.optional(),
  exhibitorId: id.optional(),
  from: when.optional(),
  to: when.optional(),
});
export type AppointmentSlotQuery = z.infer<typeof appointmentSlotQuery>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/**
 * `POST /api/v3/exhibitorappointment/slot`: one slot, or a batch: from `from` to `to` on `date`, one slot every `length`
 * minutes. Times are wall-clock at `utcOffset` minutes east of UTC (the browser's; 480 for China).
 */
export const appointmentSlotCreateBody = z.object({
  exhibitorId: id.optional(),
  date: z.iso.date(),
  from: clock,
  to: clock,
  length: z.number().int().min(5).max(MAX_SLOT_MINUTES),
  utcOffset: z.number().int().min(-720).max(840).default(480),
  staffId: id.nullish(),
});
export type AppointmentSlotCreateBody = z.infer<typeof appointmentSlotCreateBody>;

/* ---- visitor site ---- */

export const expoAppointmentSlot = z.object({ id, startAt: z.string(), endAt: z.string() });
export type ExpoAppointmentSlot = z.infer<typeof expoAppointmentSlot>;

export const expoAppointmentBody = z.object({
  slotId: id,
  subject: text(APPOINTMENT_SUBJECT_MAX).min(1),
  message: text(APPOINTMENT_MESSAGE_MAX).optional(),
  shareContact: z.boolean(),
});
export type ExpoAppointmentBody = z.infer<typeof expoAppointmentBody>;

/** A visitor's own request, as "My appointments" shows it. */
export const myAppointment = z.object({
  id,
  exhibitorId: id,
  companyName: z.string().nullable(),
  boothInfo: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  proposedStartAt: z.string().nullable(),
  proposedEndAt: z.string().nullable(),
  subject: z.string(),
  message: z.string().nullable(),
  state: appointmentState,
  declineReason: z.string().nullable(),
  shareContact: z.boolean(),
  createAt: z.string(),
});
export type MyAppointment = z.infer<typeof myAppointment>;

export const expoAppointmentRespondBody = z.object({ accept: z.boolean() });
export const expoAppointmentsQuery = cacheBuster;

/** `GET /api/v3/exhibitorappointment/staff`: who may take meetings (company_staff of the exhibitor's company). */
export const appointmentStaff = z.object({ id, name: z.string(), position: z.string().nullable() });
export type AppointmentStaff = z.infer<typeof appointmentStaff>;
export const appointmentStaffQuery = z.object({ exhibitorId: id.optional() }).extend(cacheBuster.shape);
