import type { ClientConfig, Exhibition, Host, Page } from '@pavilion/contract';

export const EXHIBITION_ID = '00000000-0000-4000-a000-000000000001';

export const testConfig: ClientConfig = {
  api: '',
  live: '',
  request: '',
  auth: '',
  token: '/connect/token',
  image: '/uploads',
  logoutUrl: null,
  uploadType: 'local',
  clientId: 'pavilion-web',
  clientSecret: 'secret',
  settledClientId: 'settled',
  settledClientSecret: 'settled-secret',
  exhibitionId: EXHIBITION_ID,
  maxImageBytes: 4 * 1024 * 1024,
  maxImageCount: 5,
  maxVideoBytes: 500 * 1024 * 1024,
};

export const host: Host = {
  id: '00000000-0000-4000-a000-000000000101',
  name: 'Demo Organiser',
  nameEn: null,
  phoneNumber: null,
  ownerUserId: null,
  createAt: '2025-01-01T00:00:00.000Z',
};

export const exhibition = (n: number): Exhibition => ({
  id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
  hostId: host.id,
  name: `展会 ${n}`,
  nameEn: `Exhibition ${n}`,
  startAt: '2025-05-01T01:00:00.000Z',
  endAt: '2025-05-03T09:00:00.000Z',
  showIndex: n,
  logo: null,
  banner: null,
  address: null,
  addressEn: null,
  city: null,
  description: null,
  descriptionEn: null,
  agentId: null,
  agentName: null,
  status: 2,
  isHistory: true,
  createAt: '2025-01-01T00:00:00.000Z',
  updateAt: '2025-01-01T00:00:00.000Z',
});

export const page = <T>(items: T[], pageIndex: number, pageSize: number, totalCount: number): Page<T> => ({
  pageIndex,
  pageSize,
  totalCount,
  totalPages: Math.ceil(totalCount / pageSize),
  items,
});

/** A fetch Response with a JSON body. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const ok = (data: unknown) => json({ success: true, code: 0, data });
