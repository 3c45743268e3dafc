import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { host } from '../host/tables.ts';

/** An organiser's application to use the platform; approval creates the host and its first login. */
export const hostApply = pgTable(
  'host_apply',
  {
    id: idColumn(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email'),
    message: text('message'),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    hostId: uuid('host_id').references(() => host.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('host_apply_status_created_at_idx').on(t.status, t.createdAt)],
);
