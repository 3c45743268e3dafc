import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { userAccount } from '../../core/tables.ts';
import { joinColumns } from '../exhibitor/tables.ts';
import { companyStaff } from '../company/staff-tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A time an exhibitor offers for meetings (docs/matching.md), optionally with the staff member who takes it. A visitor
 * requests one; while a request holds it (pending or accepted) no other request can (`exhibitor_appointment_slot_key`).
 */
export const appointmentSlot = pgTable(
  'appointment_slot',
  {
    id: idColumn(),
    ...joinColumns(),
    staffId: uuid('staff_id').references(() => companyStaff.id, { onDelete: 'set null' }),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('appointment_slot_exhibitor_idx').on(t.exhibitorId, t.startAt).where(sql`${t.deletedAt} is null`)],
);

/**
 * A visitor's meeting request (预约) to an exhibitor (`/api/v3/exhibitorappointment`). The exhibitor accepts, proposes
 * another time (`proposedStartAt`/`proposedEndAt`, which the visitor accepts or not) or declines, and assigns the staff
 * member who takes it (`setcompanyusersid`). One staff member is never booked twice at one start time: the partial
 * unique indexes make the second of two simultaneous requests fail, whichever arrives second.
 */
export const exhibitorAppointment = pgTable(
  'exhibitor_appointment',
  {
    id: idColumn(),
    ...joinColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id').references(() => appointmentSlot.id, { onDelete: 'set null' }),
    staffId: uuid('staff_id').references(() => companyStaff.id, { onDelete: 'set null' }),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    proposedStartAt: at('proposed_start_at'),
    proposedEndAt: at('proposed_end_at'),
    subject: text('subject').notNull(),
    message: text('message'),
    /** `pending` | `proposed` | `accepted` | `declined` | `cancelled` (the contract's `appointmentStates`). */
    state: text('state').notNull().default('pending'),
    declineReason: text('decline_reason'),
    shareContact: boolean('share_contact').notNull().default(false),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    contactCompany: text('contact_company'),
    decidedAt: at('decided_at'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('exhibitor_appointment_slot_key')
      .on(t.slotId)
      .where(sql`${t.slotId} is not null and ${t.state} in ('pending', 'proposed', 'accepted') and ${t.deletedAt} is null`),
    uniqueIndex('exhibitor_appointment_staff_key')
      .on(t.staffId, t.startAt)
      .where(sql`${t.staffId} is not null and ${t.state} = 'accepted' and ${t.deletedAt} is null`),
    index('exhibitor_appointment_exhibitor_idx').on(t.exhibitorId, t.startAt).where(sql`${t.deletedAt} is null`),
    index('exhibitor_appointment_exhibition_idx').on(t.exhibitionId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
    index('exhibitor_appointment_user_idx').on(t.userId, t.startAt),
  ],
);
