import type { CompanyInvoice, Journal, Lintel, exhibitorWithCompany, invoicePatchBody, journalPutBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';

/** The exhibitor's own submissions (issue 3): catalogue entry, lintel, invoice, join info, help log. */
export type JournalSave = z.input<typeof journalPutBody>;
export type InvoiceChange = z.input<typeof invoicePatchBody>;
export type ExhibitorWithCompany = z.infer<typeof exhibitorWithCompany>;

export const exhibitorPagesApi = {
  journal: (exhibitorId: string) => api.get<Journal | null>('/api/v3/exhibitorjournal', { exhibitorId }),
  /** An exhibitor's save (no `isHost`) is submitted for audit; `draft: true` keeps it unsubmitted. */
  saveJournal: (body: JournalSave) => api.put<Journal>('/api/v3/exhibitorjournal', body),
  lintel: (exhibitorId: string) => api.get<Lintel>('/api/v3/exhibitorlintel', { exhibitorId }),
  saveLintel: (exhibitorId: string, body: { name?: string; nameEn?: string | null }) =>
    api.patch<Lintel>('/api/v3/exhibitorlintel', body, { query: { exhibitorId } }),
  invoice: (compId: string) => api.get<CompanyInvoice>('/api/v3/companyinvoice', { compId }),
  saveInvoice: (compId: string, body: InvoiceChange) => api.patch<CompanyInvoice>('/api/v3/companyinvoice', body, { query: { compId } }),
  joinInfo: (exhibitorId: string) => api.get<ExhibitorWithCompany>('/api/v3/exhibitor/with/company', { exhibitorId }),
  helpLog: (title: string, url?: string) => api.post('/api/v3/helplogv3/exhibitor', { title, url: url ?? null }),
};

export const exhibitorPagesKeys = {
  all: ['exhibitorPages'] as const,
  journal: (id: string) => [...exhibitorPagesKeys.all, 'journal', id] as const,
  lintel: (id: string) => [...exhibitorPagesKeys.all, 'lintel', id] as const,
  invoice: (id: string) => [...exhibitorPagesKeys.all, 'invoice', id] as const,
  joinInfo: (id: string) => [...exhibitorPagesKeys.all, 'joinInfo', id] as const,
};

export const useJournal = (exhibitorId: string | null) =>
  useQuery({ queryKey: exhibitorPagesKeys.journal(exhibitorId ?? ''), queryFn: () => exhibitorPagesApi.journal(exhibitorId!), enabled: Boolean(exhibitorId) });
export const useLintel = (exhibitorId: string | null) =>
  useQuery({ queryKey: exhibitorPagesKeys.lintel(exhibitorId ?? ''), queryFn: () => exhibitorPagesApi.lintel(exhibitorId!), enabled: Boolean(exhibitorId) });
export const useInvoice = (compId: string | null) =>
  useQuery({ queryKey: exhibitorPagesKeys.invoice(compId ?? ''), queryFn: () => exhibitorPagesApi.invoice(compId!), enabled: Boolean(compId) });
export const useJoinInfo = (exhibitorId: string | null) =>
  useQuery({ queryKey: exhibitorPagesKeys.joinInfo(exhibitorId ?? ''), queryFn: () => exhibitorPagesApi.joinInfo(exhibitorId!), enabled: Boolean(exhibitorId) });
