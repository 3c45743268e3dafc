import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { company } from '../company/tables.ts';

/** A company's invoice details (发票), kept across exhibitions. */
export const companyInvoice = pgTable(
  'company_invoice',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    /** `normal` (普通发票) or `special` (增值税专用发票). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull(),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    address: text('address'),
    phone: text('phone'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverEmail: text('receiver_email'),
    receiverAddress: text('receiver_address'),
    remark: text('remark'),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_invoice_company_id_key').on(t.companyId)],
);
