import type { Me, TokenInfo, UserInfo, changePasswordBody, resultFlag, ticketResult, updateUserNameBody, CodePurpose } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';
import { loginApi } from './login.ts';

type Flag = z.infer<typeof resultFlag>;
export type ContactKind = 'phone' | 'email';
const Kind = { phone: 'Phone', email: 'Email' } as const;
const field = { phone: 'phoneNumber', email: 'email' } as const;

export const accountApi = {
  ...loginApi,
  me: () => api.get<Me>('/api/v1/account/me'),
  /** Ends the sign-in on the server; the caller ignores failure (the local session goes anyway). */
  logout: () => api.post<boolean>('/api/v1/account/logout', undefined, { global: false }),
  changePassword: (body: z.input<typeof changePasswordBody>) => api.put<boolean>('/api/v1/account/password/old', body),
  updateUserName: (body: z.input<typeof updateUserNameBody>) => api.post<UserInfo>('/api/v3/account/update/username', body),
  sendEmailCode: (email: string, purpose: CodePurpose) => api.get<Flag>('/api/v1/verificationcode/email', { email, purpose }, { auth: false }),

  /** Change flow (see server contact-routes.ts): code to the current contact → ticket → code to the new one → apply. */
  changeOldToken: (kind: ContactKind) => api.post<Flag>(`/api/account/Change${Kind[kind]}OldToken`),
  changeOldCheck: (kind: ContactKind, code: string) => api.post<z.infer<typeof ticketResult>>(`/api/account/Change${Kind[kind]}OldCheck`, { code }),
  changeToken: (kind: ContactKind, value: string) => api.post<Flag>(`/api/account/Change${Kind[kind]}Token`, { [field[kind]]: value }),
  changeApply: (kind: ContactKind, value: string, code: string, ticket: string) =>
    api.post<UserInfo>(`/api/account/Change${Kind[kind]}Apply`, { [field[kind]]: value, code, ticket }),

  /** Bind flow for an account without that contact: a code to the new contact, then apply. */
  bindSendCode: (kind: ContactKind, value: string) =>
    kind === 'phone' ? accountApi.sendSmsCode(value, 'bind') : api.post<Flag>('/api/account/BindEmailApply', { email: value }),
  bindApply: (kind: ContactKind, value: string, code: string) =>
    kind === 'phone'
      ? api.post<UserInfo>('/api/account/BindPhoneApply', { phoneNumber: value, code })
      : api.post<UserInfo>('/api/account/BindEmailTokenCheck', { email: value, code }),

  /** The /auth-bind sign-in: a bind-purpose code for a registered contact answers a token (OAuth shape). */
  bindTokenSendCode: (kind: ContactKind, value: string) =>
    kind === 'phone' ? accountApi.sendSmsCode(value, 'bind') : accountApi.sendEmailCode(value, 'bind'),
  bindToken: (kind: ContactKind, value: string, code: string) =>
    api.post<TokenInfo>(`/api/account/Bind${Kind[kind]}Token`, { [field[kind]]: value, code }, { auth: false, envelope: false }),
};

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

export const useMe = () => useQuery({ queryKey: accountKeys.me(), queryFn: accountApi.me });
