import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AuditState } from '@pavilion/contract';
import { idColumn, timestamps } from '../../db/columns.ts';
import { exhibitor, userAccount } from '../../core/tables.ts';
import { exhibition } from '../exhibition/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visitor's registration for one exhibition (观众, "member" in the spec's calls). The login is a
 * `user_account` of role 3; the answers are in `form_write` (item = the group or the exhibition).
 * name, phone, e-mail, company and job title are copied from the answers for lists and search.
 */
export const member = pgTable(
  'member',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    /** The visitor group whose link was used (groups live in the exhibition's settings), or null. */
    groupId: text('group_id'),
    /** 'zh' (form 1, the Chinese site) or 'en' (form 2, the English site). */
    lang: text('lang').notNull().default('zh'),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    company: text('company'),
    jobTitle: text('job_title'),
    auditState: integer('audit_state').notNull().default(AuditState.Approved),
    auditReason: text('audit_reason'),
    auditedAt: at('audited_at'),
    blacklisted: boolean('blacklisted').notNull().default(false),
    blacklistReason: text('blacklist_reason'),
    blacklistedAt: at('blacklisted_at'),
    /** The badge number built by the exhibition's barcode rules; issued when the registration is approved. */
    ticketNo: text('ticket_no'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('member_exhibition_user_key').on(t.exhibitionId, t.userId),
    uniqueIndex('member_exhibition_ticket_key').on(t.exhibitionId, t.ticketNo).where(sql`${t.ticketNo} is not null`),
    index('member_exhibition_created_idx').on(t.exhibitionId, t.createdAt),
  ],
);

/** A visitor's like, follow or share of an exhibitor. A like and a follow happen once; shares add up. */
export const memberEngagement = pgTable(
  'member_engagement',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    /** 'like' | 'follow' | 'share' */
    kind: text('kind').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('member_engagement_once_key').on(t.userId, t.exhibitorId, t.kind).where(sql`${t.kind} in ('like', 'follow')`),
    index('member_engagement_exhibitor_idx').on(t.exhibitorId, t.kind),
  ],
);

/** An exhibitor's customer-service members: registered visitors of its exhibition who answer visitors for it. */
export const customerService = pgTable(
  'customer_service',
  {
    id: idColumn(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitor.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('customer_service_exhibitor_member_key').on(t.exhibitorId, t.memberId)],
);
