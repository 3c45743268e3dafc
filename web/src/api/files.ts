import type { UploadedFile } from '@pavilion/contract';
import { currentLang } from '../i18n/index.ts';
import { expireSession, sessionStore } from '../session/index.ts';
import { getConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { api } from './http.ts';

/** The error of a failed raw call; a 401 ends the session as every JSON call does. */
export function failure(response: Pick<Response, 'status'>, answer: unknown) {
  const error = ApiError.fromBody(response.status, answer);
  if (response.status === 401) {
    expireSession();
    error.handled = true;
  }
  return error;
}

/** What a call outside the JSON client carries: the session's (refreshed) bearer token and the person's language. */
export async function sessionHeaders(): Promise<Record<string, string>> {
  await api.ensureFreshToken();
  const token = sessionStore.get().token;
  return { 'accept-language': currentLang(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** fetch with the session's headers, for uploads and file downloads. */
export async function authorisedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = await sessionHeaders();
  try {
    return await fetch(`${getConfig().api}${path}`, { ...init, headers: { accept: 'application/json, application/octet-stream', ...headers } });
  } catch {
    throw ApiError.network();
  }
}

/** A multipart POST answered with the usual envelope: its `data`, or the server's error in the person's language. */
export async function postForm<T>(path: string, fill: (form: FormData) => void): Promise<T> {
  const form = new FormData();
  fill(form);
  const response = await authorisedFetch(path, { method: 'POST', body: form });
  const answer = (await response.json().catch(() => null)) as { success?: boolean; data?: T } | null;
  if (response.ok && answer?.success === true && answer.data !== undefined) return answer.data;
  throw failure(response, answer);
}

/** `POST /api/v1/file` (multipart `file`, one file up to 50 MB). */
export const uploadFile = (file: File) => postForm<UploadedFile>('/api/v1/file', (f) => f.append('file', file));

/** `POST /api/upload/images` (multipart `files`, images under 4 MB, at most 5). */
export const uploadImages = (files: readonly File[]) => postForm<UploadedFile[]>('/api/upload/images', (f) => files.forEach((file) => f.append('files', file)));

export { saveBlob, saveUrl } from '../components/save.ts';
