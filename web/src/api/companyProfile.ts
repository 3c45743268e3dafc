import type { Company, CompanyProfile, updateCompanyProfileBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';
import { uploadImages } from './files.ts';

/**
 * The exhibitor's own company profile. It is read through `GET /api/v1/company` (the profile's
 * fields that call answers) and changed through `PUT /api/v3/company`, whose answer, the whole
 * profile, then replaces the cached copy.
 */
export type CompanyProfileView = Company & Partial<CompanyProfile>;
export type CompanyProfileChange = z.input<typeof updateCompanyProfileBody>;

export const companyProfileApi = {
  get: (id: string) => api.get<CompanyProfileView>('/api/v1/company', { id }),
  update: (body: CompanyProfileChange) => api.put<CompanyProfile>('/api/v3/company', body),
  /**
   * `POST /api/upload/images`, multipart field `files`, with the session's bearer token (refreshed
   * first, as every call is). A 401 ends the session as every call does; other failures reject
   * with the server's description in the person's language (413 "图片不能超过4M", 415, …).
   */
  uploadImages,

};

export const companyProfileKeys = {
  all: ['companyProfile'] as const,
  detail: (id: string) => [...companyProfileKeys.all, 'detail', id] as const,
};

export const useCompanyProfile = (id: string | null) =>
  useQuery({ queryKey: companyProfileKeys.detail(id ?? ''), queryFn: () => companyProfileApi.get(id!), enabled: Boolean(id) });
