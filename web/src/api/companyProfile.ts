import type { Company, CompanyProfile, UploadedFile, updateCompanyProfileBody } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { currentLang } from '../i18n/index.ts';
import { expireSession } from '../session/expire.ts';
import { sessionStore } from '../session/store.ts';
import { getConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { api } from './http.ts';

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
  uploadImages: async (files: readonly File[]): Promise<UploadedFile[]> => {
    await api.ensureFreshToken();
    const body = new FormData();
    for (const file of files) body.append('files', file);
    const token = sessionStore.get().token;
    let response: Response;
    try {
      response = await fetch(`${getConfig().api}/api/upload/images`, {
        method: 'POST',
        headers: { accept: 'application/json', 'accept-language': currentLang(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    } catch {
      throw new ApiError({ status: 0, code: 0, description: '', network: true });
    }
    const answer = (await response.json().catch(() => null)) as { success?: boolean; data?: UploadedFile[] } | null;
    if (response.ok && answer?.success === true) return answer.data ?? [];
    const error = ApiError.fromBody(response.status, answer);
    if (response.status === 401) {
      expireSession();
      error.handled = true;
    }
    throw error;
  },
};

export const companyProfileKeys = {
  all: ['companyProfile'] as const,
  detail: (id: string) => [...companyProfileKeys.all, 'detail', id] as const,
};

export const useCompanyProfile = (id: string | null) =>
  useQuery({ queryKey: companyProfileKeys.detail(id ?? ''), queryFn: () => companyProfileApi.get(id!), enabled: Boolean(id) });
