import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AuditState } from '@pavilion/contract';
import { idColumn, softDelete, timestamps } from '../db/columns.ts';
import { auditColumns } from '../audit/columns.ts';

/**
 * The tables every part of the platform stands on: logins, hosts, exhibitions, companies and their
 * joins (exhibitors). Shared mechanisms (tenancy, audit, jobs) reach them here; their modules
 * re-export them, and db/schema.ts lists them for drizzle-kit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const counter = (name: string) => integer(name).notNull().default(0);

export const userAccount = pgTable(
  'user_account',
  {
    id: idColumn(),
    userName: text('user_name').notNull(),
    name: text('name'),
    role: integer('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** The password was issued by the host or the platform: the next sign-in sets a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_account_user_name_key').on(sql`lower(${t.userName})`),
    uniqueIndex('user_account_phone_number_key').on(t.phoneNumber),
    uniqueIndex('user_account_email_key').on(sql`lower(${t.email})`),
  ],
);

export const host = pgTable('host', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  phoneNumber: text('phone_number'),
  contactName: text('contact_name'),
  email: text('email'),
  ownerUserId: uuid('owner_user_id').references(() => userAccount.id, { onDelete: 'set null' }),
  ...timestamps,
  ...softDelete,
});

/** A login that works for a host (its staff). The owner has one too. */
export const hostInUser = pgTable(
  'host_in_user',
  {
    id: idColumn(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    /** Reaches every exhibition of the host; false limits it to its `host_in_user_exhibition` rows. The owner always reaches all. */
    allExhibitions: boolean('all_exhibitions').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('host_in_user_host_user_key').on(t.hostId, t.userId), index('host_in_user_user_id_idx').on(t.userId)],
);

export const exhibition = pgTable(
  'exhibition',
  {
    id: idColumn(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => host.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    startAt: at('start_at'),
    endAt: at('end_at'),
    showIndex: integer('show_index').notNull().default(0),
    logo: text('logo'),
    banner: text('banner'),
    address: text('address'),
    addressEn: text('address_en'),
    city: text('city'),
    description: text('description'),
    descriptionEn: text('description_en'),
    /** The sales agent who brought the exhibition: an id in the agent's own system and a name. */
    agentId: text('agent_id'),
    agentName: text('agent_name'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('exhibition_host_id_idx').on(t.hostId), index('exhibition_agent_idx').on(t.agentId)],
);

export const company = pgTable('company', {
  id: idColumn(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  logo: text('logo'),
  region: text('region'),
  address: text('address'),
  /** Profile fields the exhibitor edits (PUT /api/v3/company). */
  introduction: text('introduction'),
  introductionEn: text('introduction_en'),
  website: text('website'),
  phone: text('phone'),
  email: text('email'),
  ...timestamps,
  ...softDelete,
});

/** The logins of a company; the exhibitor area signs them in per exhibition. */
export const companyUser = pgTable(
  'company_user',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_user_company_user_key').on(t.companyId, t.userId), index('company_user_user_id_idx').on(t.userId)],
);

/** A company's participation in one exhibition (the spec's "join"), with the listing fields of part 1 §3. */
export const exhibitor = pgTable(
  'exhibitor',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id),
    banner: text('banner'),
    boothArea: text('booth_area'),
    boothInfo: text('booth_info'),
    topic: text('topic'),
    topicStart: at('topic_start'),
    topicEnd: at('topic_end'),
    topicType: integer('topic_type'),
    pTopic: text('p_topic'),
    pTopicStart: at('p_topic_start'),
    pTopicEnd: at('p_topic_end'),
    pTopicType: integer('p_topic_type'),
    isPopularize: boolean('is_popularize').notNull().default(false),
    isLiving: boolean('is_living').notNull().default(false),
    followCount: counter('follow_count'),
    likeCount: counter('like_count'),
    lookCount: counter('look_count'),
    proCount: counter('pro_count'),
    activityCount: counter('activity_count'),
    liveCount: counter('live_count'),
    continuouNumber: counter('continuou_number'),
    shareCount: counter('share_count'),
    talkCount: counter('talk_count'),
    thinkCount: counter('think_count'),
    userCount: counter('user_count'),
    viewCount: counter('view_count'),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    /** The host's manual weight in the ranking rules (`hot`, docs/ranking.md); higher ranks first. */
    rankWeight: integer('rank_weight').notNull().default(0),
    ...auditColumns,
    /** A host's own exhibitors need no review; a settling application's arrive approved too. */
    auditState: integer('audit_state').notNull().default(AuditState.Approved),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    uniqueIndex('exhibitor_exhibition_company_key').on(t.exhibitionId, t.companyId).where(sql`${t.deletedAt} is null`),
    index('exhibitor_company_id_idx').on(t.companyId),
    // The exhibitor list's filter and order (showIndex, newest first, id), so a page reads 20 index entries
    // whatever the exhibition's size; audit_state rides along so the list's count is an index-only scan.
    index('exhibitor_exhibition_list_idx')
      .on(t.exhibitionId, t.showIndex, t.createdAt.desc().nullsFirst(), t.id, t.auditState)
      .where(sql`${t.deletedAt} is null`),
    // The few deleted exhibitors of an exhibition: product lists leave out their products with one hashed
    // `not in` instead of looking up the exhibitor of every product.
    index('exhibitor_deleted_idx').on(t.exhibitionId, t.id).where(sql`${t.deletedAt} is not null`),
  ],
);
