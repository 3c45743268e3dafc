import type { BackgroundJob, CustomerService, Member, MemberDetail, MemberFilters, MemberGroup, Page } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

/** Visitor management (docs/members.md): the host's visitors and the exhibitors' customer service. */
export const memberApi = {
  page: (query: { exhibitionId: string; pageIndex: number; pageSize: number } & MemberFilters) => api.get<Page<Member>>('/api/v1/member/page', query),
  groups: (exhibitionId: string) => api.get<MemberGroup[]>('/api/v1/member/groups', { exhibitionId }),
  detail: (id: string) => api.get<MemberDetail>(`/api/v1/member/${id}`),
  audit: (body: { ids: string[]; auditState: 1 | 2; reason?: string }) => api.post<{ decided: number; items: Member[] }>('/api/v1/member/audit', body),
  blacklist: (id: string, blacklisted: boolean, blacklistReason?: string) => api.patch<Member>(`/api/v1/member/${id}`, { blacklisted, ...(blacklistReason ? { blacklistReason } : {}) }),
  email: (id: string, email: string) => api.patch<Member>(`/api/v1/member/${id}/email`, { email }),
  phone: (id: string, phoneNumber: string) => api.patch<Member>(`/api/v1/member/${id}/phonenumber`, { phoneNumber }),
  export: (exhibitionId: string, filters: MemberFilters) => api.post<BackgroundJob>('/api/v1/member/export', { exhibitionId, filters }),
};
export const memberKeys = {
  all: ['member'] as const,
  list: (params: unknown) => ['member', 'list', params] as const,
  groups: (exhibitionId: string) => ['member', 'groups', exhibitionId] as const,
  detail: (id: string) => ['member', 'detail', id] as const,
};
export const useMemberGroups = (exhibitionId: string | null | undefined) =>
  useQuery({ queryKey: memberKeys.groups(exhibitionId ?? ''), queryFn: () => memberApi.groups(exhibitionId!), enabled: Boolean(exhibitionId) });
export const useMemberDetail = (id: string | null) => useQuery({ queryKey: memberKeys.detail(id ?? ''), queryFn: () => memberApi.detail(id!), enabled: Boolean(id) });

export const customerServiceApi = {
  list: (exhibitorId: string) => api.get<CustomerService[]>('/api/v1/member/backstage/customerservice/list', { exhibitorId }),
  add: (exhibitorId: string, phoneOrEmail: string) => api.post<CustomerService>('/api/v1/member/backstage/customerservice', { exhibitorId, phoneOrEmail }),
  remove: (id: string) => api.delete<boolean>(`/api/v1/member/backstage/customerservice/${id}`),
  email: (id: string, email: string) => api.patch<CustomerService>(`/api/v1/member/backstage/customerservice/${id}/email`, { email }),
  phone: (id: string, phoneNumber: string) => api.patch<CustomerService>(`/api/v1/member/backstage/customerservice/${id}/phonenumber`, { phoneNumber }),
};
export const customerServiceKeys = {
  all: ['customerService'] as const,
  list: (exhibitorId: string) => ['customerService', 'list', exhibitorId] as const,
};
export const useCustomerServices = (exhibitorId: string | null | undefined) =>
  useQuery({ queryKey: customerServiceKeys.list(exhibitorId ?? ''), queryFn: () => customerServiceApi.list(exhibitorId!), enabled: Boolean(exhibitorId) });
