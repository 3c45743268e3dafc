import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, softDelete, timestamps } from '../../db/columns.ts';
import { auditColumns } from '../../audit/columns.ts';
import { exhibition, exhibitionTreeColumns, exhibitionTreeIndexes } from '../exhibition/tables.ts';
import { joinColumns } from '../exhibitor/tables.ts';
import { region } from '../reference/tables.ts';

/** The host's product categories: a two-level tree per exhibition (docs/products.md). */
export const productCategory = pgTable('product_category', exhibitionTreeColumns((): AnyPgColumn => productCategory.id), (t) => exhibitionTreeIndexes('product_category', t));

/** An exhibitor's own named groups of its products in one exhibition (docs/products.md "Catalogue"). */
export const productGroup = pgTable(
  'product_group',
  {
    id: idColumn(),
    ...joinColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('product_group_exhibitor_idx').on(t.exhibitorId, t.showIndex).where(sql`${t.deletedAt} is null`),
    uniqueIndex('product_group_name_key').on(t.exhibitorId, t.name).where(sql`${t.deletedAt} is null`),
  ],
);

/** The host's kinds of product certificate per exhibition (CE, ISO 9001, 3C …): "certificate qualities". */
export const certificateQuality = pgTable(
  'certificate_quality',
  {
    id: idColumn(),
    exhibitionId: uuid('exhibition_id')
      .notNull()
      .references(() => exhibition.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    showIndex: integer('show_index').notNull().default(0),
    ...timestamps,
    ...softDelete,
  },
  (t) => [uniqueIndex('certificate_quality_name_key').on(t.exhibitionId, t.name).where(sql`${t.deletedAt} is null`)],
);

/** An exhibitor's product certificate (pictures of it), audited (type `productCertificate`). */
export const productCertificate = pgTable(
  'product_certificate',
  {
    id: idColumn(),
    ...joinColumns(),
    qualityId: uuid('quality_id').references(() => certificateQuality.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    issuer: text('issuer'),
    /** The last day it is valid (YYYY-MM-DD), or null for no end. */
    validUntil: text('valid_until'),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('product_certificate_exhibitor_idx').on(t.exhibitorId).where(sql`${t.deletedAt} is null`)],
);

/** One product of an exhibitor in an exhibition; audited (type `product`) and shown or hidden. */
export const product = pgTable(
  'product',
  {
    id: idColumn(),
    ...joinColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    categoryId: uuid('category_id').references(() => productCategory.id, { onDelete: 'set null' }),
    /** Product tag ids of the exhibition (reference module's product_tag). */
    /** The exhibitor's own group; deleting the group un-groups its products. */
    groupId: uuid('group_id').references(() => productGroup.id, { onDelete: 'set null' }),
    /** A country of the location directory (region of kind 'country'). */
    originCountryId: uuid('origin_country_id').references(() => region.id, { onDelete: 'set null' }),
    /** Approved certificates of the same exhibitor the product carries. */
    certificateIds: jsonb('certificate_ids').$type<string[]>().notNull().default([]),
    /** The host's check of the product against its certificates ("product authentication"). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }),
    authenticatedBy: uuid('authenticated_by'),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    /** Picture addresses in display order; the first is the cover. */
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    videoUrl: text('video_url'),
    videoCover: text('video_cover'),
    /** Sanitised HTML. */
    introduction: text('introduction').notNull().default(''),
    introductionEn: text('introduction_en').notNull().default(''),
    view3dUrl: text('view_3d_url'),
    styleId: text('style_id'),
    isShow: boolean('is_show').notNull().default(true),
    showIndex: integer('show_index').notNull().default(0),
    /** Public page views of the product (the ranking's `views`). */
    viewCount: integer('view_count').notNull().default(0),
    /** Approved enquiries about the product (the ranking's `enquiries`). */
    enquiryCount: integer('enquiry_count').notNull().default(0),
    /** The host's manual weight in the ranking rules (`hot`, docs/ranking.md); higher ranks first. */
    rankWeight: integer('rank_weight').notNull().default(0),
    ...auditColumns,
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('product_exhibitor_idx').on(t.exhibitorId, t.showIndex).where(sql`${t.deletedAt} is null`),
    index('product_exhibition_state_idx').on(t.exhibitionId, t.auditState, t.isShow).where(sql`${t.deletedAt} is null`),
    // The lists' filter and order (showIndex, newest first, id): a page reads its entries in index order
    // instead of sorting the exhibition's products; audit state, shown and exhibitor ride along so the
    // lists' count is an index-only scan. NULLS FIRST as in ORDER BY … DESC, or the order is not served.
    index('product_exhibition_list_idx')
      .on(t.exhibitionId, t.showIndex, t.createdAt.desc().nullsFirst(), t.id, t.auditState, t.isShow, t.exhibitorId)
      .where(sql`${t.deletedAt} is null`),
    index('product_category_id_idx').on(t.categoryId),
    index('product_group_id_idx').on(t.groupId),
  ],
);

/** A visitor's review of a product: the exhibitor answers it, the host hides or deletes it. */
export const productEvaluation = pgTable(
  'product_evaluation',
  {
    id: idColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    ...joinColumns(),
    authorName: text('author_name').notNull(),
    authorContact: text('author_contact'),
    rating: integer('rating').notNull().default(5),
    content: text('content').notNull(),
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true, mode: 'date' }),
    isShow: boolean('is_show').notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('product_evaluation_product_idx').on(t.productId),
    index('product_evaluation_exhibitor_idx').on(t.exhibitorId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('product_evaluation_exhibition_idx').on(t.exhibitionId, t.createdAt),
  ],
);
