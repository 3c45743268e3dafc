import type { AuditState, BrandTopicCount, CompanyInvoice, CompanyStaff, Correction, ExhibitorInvoice, Journal, Page } from '@pavilion/contract';
import type { InvoiceChange, JournalSave } from './exhibitorPages.ts';
import { api } from './http.ts';

/**
 * The host's service screens (docs/host-services.md): catalogue entries, brand topics (through the
 * exhibitor calls in host-exhibitors.ts), invoices, corrections. Query keys per resource.
 */
export const hostJournalApi = {
  query: (body: { exhibitionId: string; pageIndex: number; pageSize: number; companyName?: string; auditState?: AuditState }) => api.post<Page<Journal>>('/api/v3/exhibitorjournal/query', body),
  get: (id: string) => api.get<Journal | null>('/api/v3/exhibitorjournal', { id }),
  byExhibitor: (exhibitorId: string) => api.get<Journal | null>('/api/v3/exhibitorjournal', { exhibitorId }),
  save: (body: JournalSave) => api.put<Journal>('/api/v3/exhibitorjournal', body, { query: { isHost: 'true' } }),
  remove: (id: string) => api.delete<boolean>('/api/v3/exhibitorjournal', { id }),
  decide: (body: { ids: string[]; approve: boolean; reason?: string }) => api.post<{ decided: number }>('/api/v3/exhibitorjournal/audit', body),
};

export const hostBrandApi = {
  topics: (exhibitionId: string) => api.get<BrandTopicCount[]>('/api/join/BrandTopics', { exhibitionId }),
};

export const hostInvoiceApi = {
  query: (body: { exhibitionId: string; pageIndex: number; pageSize: number; keyword?: string; type?: 'normal' | 'special' }) => api.post<Page<ExhibitorInvoice>>('/api/v3/companyinvoice/query', body),
  get: (compId: string) => api.get<CompanyInvoice>('/api/v3/companyinvoice', { compId }),
  save: (compId: string, body: InvoiceChange) => api.patch<CompanyInvoice>('/api/v3/companyinvoice', body, { query: { compId } }),
};

export const hostCorrectionApi = {
  query: (body: { exhibitionId: string; pageIndex: number; pageSize: number; auditState?: AuditState }) => api.post<Page<Correction>>('/api/v3/exhibitorcorrection/page', body),
  decide: (body: { ids: string[]; approve: boolean; reason?: string }) => api.post<{ decided: number }>('/api/v3/exhibitorcorrection/apply', body),
  remove: (id: string) => api.delete<boolean>('/api/v3/exhibitorcorrection', { id }),
};

export const companyContactApi = {
  defaultOf: (compId: string) => api.get<CompanyStaff | null>('/api/staff/GetDefault', { compId }, { global: false }),
};

export const hostServiceKeys = {
  journals: ['hostJournal'] as const,
  journalList: (params: unknown) => ['hostJournal', 'list', params] as const,
  journal: (id: string) => ['hostJournal', 'detail', id] as const,
  brandTopicsAll: ['hostBrandTopics'] as const,
  brandTopics: (exhibitionId: string) => ['hostBrandTopics', exhibitionId] as const,
  invoices: ['hostInvoice'] as const,
  invoiceList: (params: unknown) => ['hostInvoice', 'list', params] as const,
  invoice: (compId: string) => ['hostInvoice', 'detail', compId] as const,
  corrections: ['hostCorrection'] as const,
  correctionList: (params: unknown) => ['hostCorrection', 'list', params] as const,
  contact: (compId: string) => ['companyContact', compId] as const,
};
