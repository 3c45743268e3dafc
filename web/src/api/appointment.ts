import type { Appointment, AppointmentSlot, AppointmentStaff, BackgroundJob, appointmentAuditBody, appointmentExportBody, appointmentProposeBody, appointmentQuery, appointmentSlotCreateBody, appointmentSlotQuery, Page } from '@pavilion/contract';
import type { z } from 'zod';
import { downloadFile } from './host-exhibitors.ts';
import { api } from './http.ts';

/** Appointments in the exhibitor area (issue 15 part 2): requests, decisions, offered times, ICS files. */
export type AppointmentFilters = z.input<typeof appointmentQuery>;
export type SlotFilters = z.input<typeof appointmentSlotQuery>;
export type SlotBatch = z.input<typeof appointmentSlotCreateBody>;

const base = '/api/v3/exhibitorappointment';
export const appointmentApi = {
  page: (body: AppointmentFilters) => api.post<Page<Appointment>>(`${base}/page`, body),
  decide: (body: z.input<typeof appointmentAuditBody>) => api.post<Appointment>(`${base}/audit`, body),
  assign: (id: string, companyUsersId: string) => api.post<Appointment>(`${base}/setcompanyusersid`, { id, companyUsersId }),
  propose: (id: string, body: z.input<typeof appointmentProposeBody>) => api.put<Appointment>(`${base}/patch`, body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>(base, { id }),
  staff: (exhibitorId?: string) => api.get<AppointmentStaff[]>(`${base}/staff`, exhibitorId ? { exhibitorId } : {}),
  slots: (body: SlotFilters) => api.post<Page<AppointmentSlot>>(`${base}/slot/page`, body),
  createSlots: (body: SlotBatch) => api.post<AppointmentSlot[]>(`${base}/slot`, body),
  removeSlot: (id: string) => api.delete<boolean>(`${base}/slot`, { id }),
  /** An .xlsx of the filters as a background job, read through /api/v3/backgroundjob (an exhibitor's: its own). */
  export: (body: z.input<typeof appointmentExportBody>) => api.post<BackgroundJob>(`${base}/export`, body),
  ics: (id: string) => downloadFile(`${base}/ics`, { id }, `appointment-${id}.ics`),
};

export const appointmentKeys = {
  all: ['appointment'] as const,
  list: (q: AppointmentFilters) => ['appointment', 'list', q] as const,
  slots: (q: SlotFilters) => ['appointment', 'slots', q] as const,
  staff: (exhibitorId: string) => ['appointment', 'staff', exhibitorId] as const,
};
