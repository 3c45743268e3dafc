import type { ActivityLivePost, ActivityReg, ActivitySchedule, ActivityTicketType, activityCheckinBody, activityLivePostCreateBody, activityRegCancelBody, activityRegQuery, activityScheduleCreateBody, activitySchedulePatchBody, activityTicketTypeCreateBody, activityTicketTypePatchBody, BackgroundJob, Page } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { activityKeys } from './activities.ts';
import { api } from './http.ts';

/** The back office's activity details (issue 13, docs/activities.md): one activity, its agenda, tickets, registrations, live coverage and exports. */
export type ScheduleCreate = z.input<typeof activityScheduleCreateBody>;
export type ScheduleChange = z.input<typeof activitySchedulePatchBody>;
export type TicketTypeCreate = z.input<typeof activityTicketTypeCreateBody>;
export type TicketTypeChange = z.input<typeof activityTicketTypePatchBody>;
export type RegQuery = z.input<typeof activityRegQuery>;
export type LivePostCreate = z.input<typeof activityLivePostCreateBody>;

export const activityDetailApi = {
  schedules: (activityId: string) => api.get<ActivitySchedule[]>('/api/v3/activityschedule/list', { activityId }),
  createSchedule: (body: ScheduleCreate) => api.post<ActivitySchedule>('/api/v3/activityschedule', body),
  updateSchedule: (id: string, body: ScheduleChange) => api.put<ActivitySchedule>('/api/v3/activityschedule/patch', body, { query: { id } }),
  removeSchedule: (id: string) => api.delete<boolean>('/api/v3/activityschedule', { id }),
  ticketTypes: (activityId: string) => api.get<ActivityTicketType[]>('/api/v3/activityticket/list', { activityId }),
  createTicketType: (body: TicketTypeCreate) => api.post<ActivityTicketType>('/api/v3/activityticket', body),
  updateTicketType: (id: string, body: TicketTypeChange) => api.put<ActivityTicketType>('/api/v3/activityticket/patch', body, { query: { id } }),
  removeTicketType: (id: string) => api.delete<boolean>('/api/v3/activityticket', { id }),
  regs: (body: RegQuery) => api.post<Page<ActivityReg>>('/api/v3/activityreg/page', body),
  cancelReg: (id: string, body: z.input<typeof activityRegCancelBody> = {}) => api.put<ActivityReg>('/api/v3/activityreg/cancel', body, { query: { id } }),
  /** Not global: an unknown code (404) is the scanner's answer on the screen, not the 404 page. */
  checkin: (body: z.input<typeof activityCheckinBody>) => api.post<ActivityReg>('/api/v3/activityticket/checkin', body, { global: false }),
  photos: (activityId: string) => api.get<ActivityLivePost[]>('/api/v3/liveimage/list', { activityId }),
  createPhotos: (body: LivePostCreate) => api.post<ActivityLivePost>('/api/v3/liveimage', body),
  removePhotos: (id: string) => api.delete<boolean>('/api/v3/liveimage', { id }),
  posts: (activityId: string) => api.get<ActivityLivePost[]>('/api/v3/liveimagetext/list', { activityId }),
  createPost: (body: LivePostCreate) => api.post<ActivityLivePost>('/api/v3/liveimagetext', body),
  removePost: (id: string) => api.delete<boolean>('/api/v3/liveimagetext', { id }),
  exportRegs: (activityId: string) => api.post<BackgroundJob>('/api/v3/backgroundjob/export/activityreg', { activityId }),
  exportLiveViewers: (activityId: string) => api.post<BackgroundJob>('/api/v3/backgroundjob/activity/liveviewer', { activityId }),
};

/** Under the activity's own key (`activityKeys.detail`): a check-in or cancellation changes its counts too. */
export const activityDetailKeys = {
  schedules: (activityId: string) => [...activityKeys.detail(activityId), 'schedules'] as const,
  ticketTypes: (activityId: string) => [...activityKeys.detail(activityId), 'ticketTypes'] as const,
  regs: (activityId: string, params: unknown) => [...activityKeys.detail(activityId), 'regs', params] as const,
  live: (activityId: string, kind: 'photos' | 'posts') => [...activityKeys.detail(activityId), 'live', kind] as const,
};

export const useSchedules = (activityId: string) => useQuery({ queryKey: activityDetailKeys.schedules(activityId), queryFn: () => activityDetailApi.schedules(activityId) });
export const useTicketTypes = (activityId: string) => useQuery({ queryKey: activityDetailKeys.ticketTypes(activityId), queryFn: () => activityDetailApi.ticketTypes(activityId) });
