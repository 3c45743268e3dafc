import type { CompanyInvoice } from '@pavilion/contract';
import type { InvoiceChange } from '../../api/exhibitorPages.ts';

export const INVOICE_FIELDS = ['type', 'title', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'receiverName', 'receiverPhone', 'receiverEmail', 'receiverAddress', 'remark'] as const;
export type InvoiceValues = Record<(typeof INVOICE_FIELDS)[number], string>;

/** Only the fields that changed (PATCH semantics); blanks become null, the type and the required ones stay strings. */
export function invoiceChanges(current: CompanyInvoice | null, values: Partial<InvoiceValues>): InvoiceChange {
  const out: Record<string, string | null> = {};
  for (const k of INVOICE_FIELDS) {
    const raw = values[k];
    if (raw === undefined) continue;
    const v = raw.trim();
    const next = v === '' && k !== 'title' && k !== 'taxNo' && k !== 'type' ? null : v;
    const before = current?.[k] ?? null;
    if ((before ?? null) === next || (before === null && next === '')) continue;
    out[k] = next;
  }
  return out as InvoiceChange;
}
