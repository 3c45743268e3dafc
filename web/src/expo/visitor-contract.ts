import type { FormItem } from '@pavilion/contract';

/**
 * The visitor calls' shapes as /work/wt/API-VISITOR.md agrees them (vis-server's
 * packages/contract/src/visitor.ts): copied as types here until the merge, when the site imports
 * them from '@pavilion/contract' by the same names. Types only: the light pages carry no zod.
 */
export type VisitorLang = 'zh' | 'en';
export type RegistrationState = 'open' | 'notOpen' | 'over';
export type RegistrationRead = {
  state: RegistrationState;
  formType: 1 | 2;
  itemId: string;
  formItems: FormItem[];
  notice: string;
  successNotice: string;
  group: { id: string; name: string } | null;
  smsLogin: boolean;
};
export type RegisterVisitorBody = { lang: VisitorLang; groupId?: string; answers: Record<string, unknown>; smsCode?: string };
export type VisitorSmsLoginBody = { phoneNumber: string; code: string };
export type VisitorEmailLoginBody = { email: string; password: string };
export type VisitorTicket = { ticketNo: string; qrSvg: string };
export type VisitorMe = {
  id: string;
  exhibitionId: string;
  name: string;
  lang: VisitorLang;
  phoneNumber?: string;
  email?: string;
  company?: string;
  jobTitle?: string;
  groupId?: string;
  groupName?: string;
  /** 0 pending, 1 approved, 2 rejected. */
  auditState: number;
  auditReason?: string;
  createdAt: string;
  ticket: VisitorTicket | null;
};
export type VisitorSession = { accessToken: string; refreshToken: string; expiresIn: number; member: VisitorMe };
export type EngagementState = { liked: boolean; followed: boolean };

/** The visitor error codes of packages/contract/src/errors.ts (4080–4086). */
export const VisitorCode = { AlreadyRegistered: 4080, FunctionNotOpen: 4081, ExhibitionOver: 4082, Blacklisted: 4083, NotRegistered: 4084, AlreadyLiked: 4085, AlreadyFollowed: 4086 } as const;
