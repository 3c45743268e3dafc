import type { ExpoBooth, ExpoDirectoryItem, ExpoHome, ExpoProduct, ExpoViewCount, Page, RegionMatch, RegionNode, CityPage } from '@pavilion/contract';
import type { ErrorBody, FieldError, Ok } from '@pavilion/contract';
import type { FormAnswers, FormItem } from '@pavilion/contract';
import type { ActivityLivePost, ExpoLiveRoom, ExpoLiveRoomCard, LiveMessage, MyActivityTicket, PublicActivity, PublicActivityDetail, publicActivityQuery } from '@pavilion/contract';
import type { z } from 'zod';
import type { EngagementState, RegisterVisitorBody, RegistrationRead, VisitorEmailLoginBody, VisitorMe, VisitorSession, VisitorSmsLoginBody } from '@pavilion/contract';

/**
 * The visitor site's calls: a small fetch wrapper instead of the back office's client (no token
 * refresh, no global error pages). Public reads go without credentials so shared caches may keep
 * them; visitor calls carry the visitor's bearer token, kept in localStorage per exhibition.
 */


export class ExpoError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The server's field errors by form item name (a field may come as `answers.<name>`). */
export function errorsByItem(err: ExpoError): Record<string, string> {
  const name = (field: string) => field.replace(/^answers\./, '');
  const byItem = Object.fromEntries(err.errors.map((f) => [name(f.field), f.message]));
  if (err.field && !byItem[name(err.field)]) byItem[name(err.field)] = err.message;
  return byItem;
}

type Envelope<T> = Ok<T> | ErrorBody;

let lang: 'zh-CN' | 'en' = 'zh-CN';
export const setApiLang = (l: 'zh-CN' | 'en') => {
  lang = l;
};

let onUnauthorized: (exhibitionId: string) => void = () => {};
/** Where a visitor call answered 401 goes (the sign-in page), once its token is cleared. */
export const setUnauthorizedHandler = (fn: (exhibitionId: string) => void) => {
  onUnauthorized = fn;
};

const tokenKey = (exhibitionId: string) => `pavilion.expo.${exhibitionId}.visitor`;
export const visitorToken = {
  get: (exhibitionId: string): string | null => {
    try {
      return (JSON.parse(localStorage.getItem(tokenKey(exhibitionId)) ?? 'null') as { accessToken?: string } | null)?.accessToken ?? null;
    } catch {
      return null;
    }
  },
  set: (exhibitionId: string, s: VisitorSession) => localStorage.setItem(tokenKey(exhibitionId), JSON.stringify({ accessToken: s.accessToken, refreshToken: s.refreshToken, expiresAt: Date.now() + s.expiresIn * 1000 })),
  clear: (exhibitionId: string) => localStorage.removeItem(tokenKey(exhibitionId)),
};

type CallOptions = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; query?: Record<string, string | number | undefined>; visitor?: string };

/** One call of the site (exported for the matching features' own call lists, web/src/expo/matching). */
export async function call<T>(path: string, { method = 'GET', body, query, visitor }: CallOptions = {}): Promise<T> {
  const qs = query ? new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString() : '';
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': lang };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = visitor ? visitorToken.get(visitor) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${path}${qs ? `?${qs}` : ''}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch {
    throw new ExpoError(0, -1, '');
  }
  const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.status === 401 && visitor) {
    visitorToken.clear(visitor);
    onUnauthorized(visitor);
  }
  if (!answer) throw new ExpoError(response.status, -1, '');
  if (!answer.success) throw new ExpoError(response.status, answer.code, answer.description, answer.errors ?? [], answer.field);
  return answer.data;
}

const base = (exhibitionId: string) => `/api/v1/expo/${exhibitionId}`;

/** A visitor's activity ticket; the registration module may send the QR as SVG, as the exhibition ticket does. */
/** The programme's filters (`publicActivityQuery`), as query-string values. */
export type ProgrammeQuery = Partial<Omit<z.output<typeof publicActivityQuery>, 't'>>;

export const expoApi = {
  home: (exhibitionId: string) => call<ExpoHome>(base(exhibitionId)),
  directory: (exhibitionId: string, q: { keyword?: string; categoryId?: string; page: number; size?: number }) =>
    call<Page<ExpoDirectoryItem>>(`${base(exhibitionId)}/exhibitors`, { query: q }),
  booth: (exhibitionId: string, exhibitorId: string) => call<ExpoBooth>(`${base(exhibitionId)}/exhibitors/${exhibitorId}`),
  countView: (exhibitionId: string, exhibitorId: string) => call<ExpoViewCount>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/view`, { method: 'POST' }),
  product: (exhibitionId: string, productId: string) => call<ExpoProduct>(`${base(exhibitionId)}/products/${productId}`),
  countLook: (exhibitionId: string, productId: string) => call<{ lookCount: number }>(`${base(exhibitionId)}/products/${productId}/view`, { method: 'POST' }),

  registration: (exhibitionId: string, q: { lang: 'zh' | 'en'; group?: string }) => call<RegistrationRead>(`${base(exhibitionId)}/registration`, { query: q }),
  register: (exhibitionId: string, body: RegisterVisitorBody) => call<VisitorSession>(`${base(exhibitionId)}/register`, { method: 'POST', body }),
  loginSms: (exhibitionId: string, body: VisitorSmsLoginBody) => call<VisitorSession>(`${base(exhibitionId)}/login/sms`, { method: 'POST', body }),
  loginEmail: (exhibitionId: string, body: VisitorEmailLoginBody) => call<VisitorSession>(`${base(exhibitionId)}/login/email`, { method: 'POST', body }),
  sendSms: (phoneNumber: string, purpose: 'login' | 'register') => call<{ result: boolean }>('/api/v1/verificationcode/sms', { method: 'POST', body: { phoneNumber, purpose } }),
  me: (exhibitionId: string) => call<VisitorMe>(`${base(exhibitionId)}/me`, { visitor: exhibitionId }),
  mine: (exhibitionId: string, exhibitorId: string) => call<EngagementState>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/mine`, { visitor: exhibitionId }),
  like: (exhibitionId: string, exhibitorId: string) => call<{ likeCount: number }>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/like`, { method: 'POST', visitor: exhibitionId }),
  follow: (exhibitionId: string, exhibitorId: string) => call<{ followCount: number }>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/follow`, { method: 'POST', visitor: exhibitionId }),
  unfollow: (exhibitionId: string, exhibitorId: string) => call<{ followCount: number }>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/follow`, { method: 'DELETE', visitor: exhibitionId }),
  share: (exhibitionId: string, exhibitorId: string) => call<{ shareCount: number }>(`${base(exhibitionId)}/exhibitors/${exhibitorId}/share`, { method: 'POST', visitor: exhibitionId }),

  activities: (exhibitionId: string, q: ProgrammeQuery) => call<Page<PublicActivity>>(`${base(exhibitionId)}/activities`, { query: q }),
  activity: (exhibitionId: string, activityId: string) => call<PublicActivityDetail>(`${base(exhibitionId)}/activities/${activityId}`),
  activityForm: (exhibitionId: string, activityId: string) => call<FormItem[]>(`${base(exhibitionId)}/activities/${activityId}/form`),
  registerActivity: (exhibitionId: string, activityId: string, ticketTypeId: string | null, answers: FormAnswers = {}) =>
    call<MyActivityTicket>(`${base(exhibitionId)}/activities/${activityId}/registrations`, { method: 'POST', body: { ticketTypeId, answers }, visitor: exhibitionId }),
  myTickets: (exhibitionId: string) => call<MyActivityTicket[]>(`${base(exhibitionId)}/my/tickets`, { visitor: exhibitionId }),
  cancelTicket: (exhibitionId: string, regId: string) => call<unknown>(`${base(exhibitionId)}/my/tickets/${regId}/cancel`, { method: 'PUT', body: {}, visitor: exhibitionId }),
  live: (exhibitionId: string, activityId: string) => call<ActivityLivePost[]>(`${base(exhibitionId)}/activities/${activityId}/live`),
  liveEventsUrl: (exhibitionId: string, activityId: string) => `${base(exhibitionId)}/activities/${activityId}/live/events`,

  liveRooms: (exhibitionId: string, q: { pageIndex?: number; pageSize?: number; exhibitorId?: string }) => call<Page<ExpoLiveRoomCard>>(`${base(exhibitionId)}/live`, { query: q }),
  liveRoom: (exhibitionId: string, roomId: string) => call<ExpoLiveRoom>(`${base(exhibitionId)}/live/${roomId}`),
  liveMessages: (exhibitionId: string, roomId: string) => call<LiveMessage[]>(`${base(exhibitionId)}/live/${roomId}/messages`),
  sendLiveMessage: (exhibitionId: string, roomId: string, content: string) => call<LiveMessage | null>(`${base(exhibitionId)}/live/${roomId}/messages`, { method: 'POST', body: { content }, visitor: exhibitionId }),
  sendLiveGift: (exhibitionId: string, roomId: string, giftId: string, count: number) => call<unknown>(`${base(exhibitionId)}/live/${roomId}/gifts`, { method: 'POST', body: { giftId, count }, visitor: exhibitionId }),
  liveRoomEventsUrl: (exhibitionId: string, roomId: string) => `${base(exhibitionId)}/live/${roomId}/events`,

  regionChildren: async (parentId: string | null): Promise<RegionNode[]> => {
    const page = await call<CityPage<RegionNode>>('/api/City/GetByParentId', { query: { parentId: parentId ?? undefined, pageIndex: 1, pageSize: 1000 } });
    return page.items;
  },
  searchRegions: (keyword: string) => call<RegionMatch[]>('/api/City/Search', { query: { keyword, limit: 20 } }),
};
