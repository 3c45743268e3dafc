import { doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlaceDrawing } from '@pavilion/contract';
import { auditColumns } from '../../audit/columns.ts';
import { idColumn, timestamps } from '../../db/columns.ts';
import { joinColumns } from '../exhibitor/tables.ts';

/** An exhibitor's booth build-up data (展位搭建信息): one current record per exhibitor, audited as `place`. */
export const exhibitorPlace = pgTable(
  'exhibitor_place',
  {
    id: idColumn(),
    ...joinColumns(),
    /** `standard` (标准展位) or `raw` (光地). */
    boothType: text('booth_type').notNull(),
    contractorName: text('contractor_name'),
    contractorContact: text('contractor_contact'),
    contractorPhone: text('contractor_phone'),
    siteManager: text('site_manager'),
    siteManagerPhone: text('site_manager_phone'),
    powerKw: doublePrecision('power_kw'),
    remark: text('remark'),
    drawings: jsonb('drawings').$type<PlaceDrawing[]>().notNull().default([]),
    ...auditColumns,
    ...timestamps,
  },
  (t) => [uniqueIndex('exhibitor_place_exhibitor_id_key').on(t.exhibitorId), index('exhibitor_place_exhibition_state_idx').on(t.exhibitionId, t.auditState)],
);
