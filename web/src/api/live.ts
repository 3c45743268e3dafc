import type {
  auditDecisionBody,
  auditDecisionResult,
  LiveGift,
  liveGiftBody,
  liveGiftNoticeBody,
  liveGiftPatchBody,
  LiveGiftRecord,
  liveGiftRecordQuery,
  LiveLineExhibition,
  liveLineAllocationBody,
  liveLineExhibitionAddBody,
  liveLineExhibitionPageQuery,
  LiveLineExhibitor,
  liveLineExhibitorAddBody,
  liveLineExhibitorPageQuery,
  LiveMessage,
  liveMessageQuery,
  liveMuteBody,
  livePresenterMessageBody,
  LivePushProduct,
  LiveRoom,
  liveRoomCreateBody,
  liveRoomPatchBody,
  liveRoomQuery,
  LiveStream,
  LiveViewer,
  liveViewerQuery,
  Page,
} from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './http.ts';

/** Live rooms in the back office (issue 14, docs/live.md): rooms, stream keys, pushed products, gifts, chat, viewers, lines. */
export type LiveRoomCreate = z.input<typeof liveRoomCreateBody>;
export type LiveRoomChange = z.input<typeof liveRoomPatchBody>;
export type LiveRoomFilters = z.input<typeof liveRoomQuery>;

/** How often an open console re-reads the room (online count, live state): polling is enough in the back office. */
export const LIVE_POLL_MS = 5000;

export const liveApi = {
  page: (body: LiveRoomFilters) => api.post<Page<LiveRoom>>('/api/v1/liveroom/page', body),
  get: (id: string) => api.get<LiveRoom>('/api/v1/liveroom', { id }),
  /** 404 while the activity has no room (its live application not approved yet): the screen says so, no redirect. */
  ofActivity: (activityId: string) => api.get<LiveRoom>('/api/v1/liveroom/activity', { activityId }, { global: false }),
  create: (body: LiveRoomCreate) => api.post<LiveRoom>('/api/v1/liveroom', body),
  update: (id: string, body: LiveRoomChange) => api.patch<LiveRoom>('/api/v1/liveroom', body, { query: { id } }),
  remove: (id: string) => api.delete<boolean>('/api/v1/liveroom', { id }),
  decide: (body: z.input<typeof auditDecisionBody>) => api.post<z.infer<typeof auditDecisionResult>>('/api/v1/liveroom/audit', body),

  stream: (id: string) => api.get<LiveStream>('/api/v1/liveroom/stream', { id }),
  regenerate: (id: string) => api.post<LiveStream>('/api/v1/liveroom/stream/regenerate', {}, { query: { id } }),
  stop: (id: string) => api.post<unknown>('/api/v1/liveroom/stream/stop', {}, { query: { id } }),

  products: (roomId: string) => api.get<LivePushProduct[]>('/api/v1/liveroom/backstage/livepushproduct/list', { roomId }),
  addProducts: (roomId: string, productIds: string[]) => api.post<unknown>('/api/v1/liveroom/backstage/livepushproduct', { roomId, productIds }),
  removeProduct: (roomId: string, productId: string) => api.delete<unknown>('/api/v1/liveroom/backstage/livepushproduct', { roomId, productId }),
  push: (roomId: string, productId: string) => api.post<unknown>('/api/v1/liveroom/backstage/livepushproduct/push', { roomId, productId }),
  cancelPush: (roomId: string, productId: string) => api.post<unknown>('/api/v1/liveroom/backstage/livepushproduct/push/cancel', { roomId, productId }),

  gifts: (exhibitionId: string) => api.get<LiveGift[]>('/api/v1/livegift/list', { exhibitionId }),
  createGift: (body: z.input<typeof liveGiftBody>) => api.post<LiveGift>('/api/v1/livegift', body),
  updateGift: (id: string, body: z.input<typeof liveGiftPatchBody>) => api.patch<LiveGift>('/api/v1/livegift', body, { query: { id } }),
  removeGift: (id: string) => api.delete<unknown>('/api/v1/livegift', { id }),
  giftSwitch: (body: z.input<typeof liveGiftNoticeBody>) => api.post<unknown>('/api/v1/liveroom/push/enable-gift/notice', body),
  giftRecords: (body: z.input<typeof liveGiftRecordQuery>) => api.post<Page<LiveGiftRecord>>('/api/v1/livegift/record/page', body),

  messages: (body: z.input<typeof liveMessageQuery>) => api.post<Page<LiveMessage>>('/api/v1/livemessage/page', body),
  removeMessage: (id: string) => api.delete<unknown>('/api/v1/livemessage', { id }),
  mute: (body: z.input<typeof liveMuteBody>) => api.post<unknown>('/api/v1/livemessage/mute', body),
  say: (body: z.input<typeof livePresenterMessageBody>) => api.post<LiveMessage>('/api/v1/livemessage', body),
  viewers: (body: z.input<typeof liveViewerQuery>) => api.post<Page<LiveViewer>>('/api/v1/liveviewer/page', body),

  linePool: (exhibitionId: string) => api.get<LiveLineExhibition>('/api/v1/livelineexhibition', { exhibitionId }),
  allocate: (body: z.input<typeof liveLineAllocationBody>) => api.post<LiveLineExhibitor>('/api/v1/livelineexhibition/allocation', body),
  addToExhibitor: (body: z.input<typeof liveLineExhibitorAddBody>) => api.post<LiveLineExhibitor>('/api/v1/livelineexhibitor/add-linecountwithduration', body),
  exhibitorLines: (body: z.input<typeof liveLineExhibitorPageQuery>) => api.post<Page<LiveLineExhibitor>>('/api/v1/livelineexhibitor/page', body),
  exhibitorLine: (exhibitorId: string) => api.get<LiveLineExhibitor>('/api/v1/livelineexhibitor', { exhibitorId }),
  /** Administrator: every exhibition's pool, and a grant (negative takes back). */
  pools: (body: z.input<typeof liveLineExhibitionPageQuery>) => api.post<Page<LiveLineExhibition>>('/api/v1/livelineexhibition/page', body),
  grant: (body: z.input<typeof liveLineExhibitionAddBody>) => api.post<LiveLineExhibition>('/api/v1/livelineexhibition/add-linecountwithduration', body),
};

export const liveKeys = {
  all: ['live'] as const,
  rooms: ['live', 'rooms'] as const,
  list: (params: unknown) => ['live', 'rooms', 'list', params] as const,
  room: (id: string) => ['live', 'rooms', 'detail', id] as const,
  ofActivity: (activityId: string) => ['live', 'rooms', 'activity', activityId] as const,
  stream: (id: string) => ['live', 'stream', id] as const,
  products: (roomId: string) => ['live', 'products', roomId] as const,
  gifts: (exhibitionId: string) => ['live', 'gifts', exhibitionId] as const,
  giftRecords: (params: unknown) => ['live', 'giftRecords', params] as const,
  messages: (params: unknown) => ['live', 'messages', params] as const,
  viewers: (params: unknown) => ['live', 'viewers', params] as const,
  lines: ['live', 'lines'] as const,
  pool: (exhibitionId: string) => ['live', 'lines', 'pool', exhibitionId] as const,
  exhibitorLines: (params: unknown) => ['live', 'lines', 'exhibitors', params] as const,
  pools: (params: unknown) => ['live', 'lines', 'pools', params] as const,
};

/** One room, re-read every 5 s while shown (state, online count). */
export const useLiveRoom = (id: string | null) =>
  useQuery({ queryKey: liveKeys.room(id ?? ''), queryFn: () => liveApi.get(id!), enabled: Boolean(id), refetchInterval: LIVE_POLL_MS });
export const useLiveStream = (id: string | null) => useQuery({ queryKey: liveKeys.stream(id ?? ''), queryFn: () => liveApi.stream(id!), enabled: Boolean(id) });
export const useLiveLinePool = (exhibitionId: string | null) =>
  useQuery({ queryKey: liveKeys.pool(exhibitionId ?? ''), queryFn: () => liveApi.linePool(exhibitionId!), enabled: Boolean(exhibitionId), refetchInterval: LIVE_POLL_MS });
/** Every room of the exhibition (pickers and the hall); the server caps a page, enough for one exhibition's rooms. */
export const useExhibitionRooms = (exhibitionId: string | null, poll = false) =>
  useQuery({
    queryKey: liveKeys.list({ exhibitionId, all: true }),
    queryFn: () => liveApi.page({ exhibitionId: exhibitionId!, pageIndex: 1, pageSize: 100 }),
    enabled: Boolean(exhibitionId),
    refetchInterval: poll ? LIVE_POLL_MS : false,
  });
