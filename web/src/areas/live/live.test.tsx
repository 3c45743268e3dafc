import { Role, type LiveGiftRecord, type LiveLineExhibition, type LivePushProduct, type LiveRoom, type LiveStream } from '@pavilion/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, json, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { GrantLinesButton } from './AdminLines.tsx';
import ExLiveRooms from './ExLiveRooms.tsx';
import LiveHall, { hallOrder } from './LiveHall.tsx';
import LiveMessages from './LiveMessages.tsx';
import { ActivityRoom } from './RoomScreens.tsx';
import LiveUrl from './LiveUrl.tsx';
import { RoomConsole } from './RoomConsole.tsx';
import { roomChanges, roomFormValues } from './shared.tsx';
import Streaming, { hostConsolePath, roomFiltersOf } from './Streaming.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const P1 = '00000000-0000-4000-a000-0000000005a1';
const P2 = '00000000-0000-4000-a000-0000000005a2';
const when = '2026-05-01T01:00:00.000Z';

const room = (n: number, over: Partial<LiveRoom> = {}): LiveRoom => ({
  id: `00000000-0000-4000-a000-0000000004${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: null,
  companyName: null,
  activityId: null,
  kind: 'host',
  title: `开幕直播${n}`,
  titleEn: null,
  cover: null,
  introduction: '',
  planStartAt: null,
  planEndAt: null,
  liveState: 'idle',
  liveStartedAt: null,
  streamedSeconds: 0,
  giftEnabled: false,
  giftNotice: null,
  viewCount: 10,
  onlineCount: 0,
  giftCount: 0,
  messageCount: 0,
  isShow: true,
  showIndex: 0,
  auditState: 1,
  auditReason: null,
  submitAt: when,
  auditAt: when,
  createAt: when,
  updateAt: when,
  ...over,
});
const product = (productId: string, name: string, pushed: boolean, roomId: string): LivePushProduct => ({ roomId, productId, name, nameEn: null, picture: null, price: '¥99', showIndex: 0, pushed, pushedAt: pushed ? when : null });
const stream = (roomId: string, key = 'key-1'): LiveStream => ({
  roomId,
  pushUrl: `rtmp://live.example.com/live/${roomId}?sign=${key}`,
  server: 'rtmp://live.example.com/live',
  streamKey: `${roomId}?sign=${key}`,
  expiresAt: dayjs().add(1, 'day').toISOString(),
  flvUrl: `https://live.example.com/live/${roomId}.flv`,
  hlsUrl: `https://live.example.com/live/${roomId}.m3u8`,
  liveState: 'idle',
});
const pool: LiveLineExhibition = { exhibitionId: EXHIBITION_ID, exhibitionName: '展会', lineCount: 5, duration: 6000, allocatedLines: 2, allocatedDuration: 1200, usedDuration: 30, linesInUse: 1, updateAt: when };

type Handler = (body: unknown, url: string) => Response | undefined;

/** The fake API: the given handlers first, then the reads every live screen makes. */
function serve(handlers: Record<string, Handler> = {}, opts: { rooms?: LiveRoom[]; products?: LivePushProduct[]; records?: LiveGiftRecord[] } = {}) {
  const rooms = opts.rooms ?? [room(1)];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = handlers[`${method} ${path}`]?.(body, url);
    if (own) return own;
    const q = new URL(url, 'http://x').searchParams;
    if (method === 'POST' && path === '/api/v1/liveroom/page') return ok(page(rooms, 1, 10, rooms.length));
    if (method === 'GET' && path === '/api/v1/liveroom') return ok(rooms.find((r) => r.id === q.get('id')) ?? rooms[0]);
    if (method === 'GET' && path === '/api/v1/liveroom/stream') return ok(stream(q.get('id')!));
    if (path === '/api/v1/liveroom/backstage/livepushproduct/list') return ok(opts.products ?? []);
    if (path === '/api/v1/livegift/record/page') return ok(page(opts.records ?? [], 1, 10, (opts.records ?? []).length));
    if (path === '/api/v1/livemessage/page') return ok(page([], 1, 20, 0));
    if (path === '/api/v1/livelineexhibition') return ok(pool);
    if (path === '/api/v1/livelineexhibitor/page') return ok(page([], 1, 10, 0));
    if (path === '/api/v1/livegift/list') return ok([]);
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const callsOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!button) throw new Error('no confirmation open');
    return button;
  });

afterEach(() => applyLanguage('zh-CN'));

describe('live room rules', () => {
  it('sends only the fields that changed, so an exhibitor’s untouched title does not go back to review', () => {
    const r = room(1, { title: '新品发布', planStartAt: '2026-05-01T02:00:00.000Z', planEndAt: '2026-05-01T03:00:00.000Z' });
    const values = roomFormValues(r);
    expect(roomChanges(r, values)).toEqual({});
    expect(roomChanges(r, { ...values, isShow: false, titleEn: '  Launch ' })).toEqual({ isShow: false, titleEn: 'Launch' });
    expect(roomChanges(r, { ...values, plan: null })).toEqual({ planStartAt: null, planEndAt: null });
  });

  it('puts live rooms first in the hall, the most watched first, then planned ones by start', () => {
    const a = room(1, { liveState: 'idle', planStartAt: '2026-05-02T01:00:00.000Z' });
    const b = room(2, { liveState: 'live', onlineCount: 3 });
    const c = room(3, { liveState: 'live', onlineCount: 30 });
    const d = room(4, { liveState: 'idle', planStartAt: '2026-05-01T01:00:00.000Z' });
    const e = room(5, { liveState: 'ended' });
    expect([a, b, c, d, e].sort(hallOrder).map((r) => r.id)).toEqual([c, b, d, a, e].map((r) => r.id));
  });

  it('opens an activity’s room through its activity, the others by id; turns the search form into the contract’s filters', () => {
    expect(hostConsolePath(room(1, { kind: 'activity', activityId: P1 }))).toBe(`/live/index/all-activity/room?id=${P1}`);
    expect(hostConsolePath(room(1))).toBe(`/live/index/set/my/room?id=${room(1).id}`);
    expect(roomFiltersOf({ keyword: '发布', kind: 'exhibitor', liveState: 'live', auditState: '0' })).toEqual({ keyword: '发布', kind: 'exhibitor', liveState: 'live', auditState: 0 });
    expect(roomFiltersOf({ kind: 'party', liveState: 'on', auditState: '9' })).toEqual({});
  });
});

describe('room console', () => {
  it('pushes a product and cancels the pushed one, each with its own call', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const r = room(1);
    const fetch = serve(
      {
        'POST /api/v1/liveroom/backstage/livepushproduct/push': () => ok(true),
        'POST /api/v1/liveroom/backstage/livepushproduct/push/cancel': () => ok(true),
      },
      { rooms: [r], products: [product(P1, '智能手表', false, r.id), product(P2, '蓝牙耳机', true, r.id)] },
    );
    renderScreen(<RoomConsole roomId={r.id} />, `/live/index/set/my/room?id=${r.id}`);
    expect(await screen.findByTestId('live-console-title')).toHaveTextContent('开幕直播1');
    expect(within(await screen.findByTestId(`live-product-${P2}`)).getByText('推送中')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId(`live-product-push-${P1}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/backstage/livepushproduct/push').map((c) => c.body)).toEqual([{ roomId: r.id, productId: P1 }]));
    await userEvent.click(screen.getByTestId(`live-product-cancel-${P2}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/backstage/livepushproduct/push/cancel').map((c) => c.body)).toEqual([{ roomId: r.id, productId: P2 }]));
    // both refresh the list
    await waitFor(() => expect(callsOf(fetch, 'GET', '/api/v1/liveroom/backstage/livepushproduct/list').length).toBeGreaterThanOrEqual(3));
  });

  it('switches gifts on with the notice, and off again, through enable-gift/notice', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    let r = room(1);
    const fetch = serve(
      {
        'POST /api/v1/liveroom/push/enable-gift/notice': (body) => {
          r = { ...r, giftEnabled: (body as { enabled: boolean }).enabled };
          return ok(true);
        },
        'GET /api/v1/liveroom': () => ok(r),
      },
      { rooms: [r], records: [{ id: P1, roomId: r.id, giftId: P2, giftName: '鲜花', memberId: P2, nickname: '观众甲', count: 3, createAt: when }] },
    );
    renderScreen(<RoomConsole roomId={r.id} />);
    expect(await screen.findByText('观众甲')).toBeInTheDocument();
    const toggle = await screen.findByTestId('live-gift-switch');
    expect(toggle).not.toBeChecked();
    await userEvent.type(screen.getByTestId('live-gift-notice'), '送花赢好礼');
    await userEvent.click(toggle);
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/push/enable-gift/notice').map((c) => c.body)).toEqual([{ roomId: r.id, enabled: true, notice: '送花赢好礼' }]));
    await waitFor(() => expect(screen.getByTestId('live-gift-switch')).toBeChecked());
    await userEvent.click(screen.getByTestId('live-gift-switch'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/push/enable-gift/notice').at(-1)!.body).toEqual({ roomId: r.id, enabled: false, notice: '送花赢好礼' }));
  });

  it('adds products picked from the exhibitor’s approved products only, for an exhibitor room', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const r = room(2, { kind: 'exhibitor', exhibitorId: EXHIBITOR_ID, companyName: '杭州云展科技' });
    const item = (id: string, name: string) => ({ id, name, nameEn: null, pictures: [], companyName: '杭州云展科技' });
    const fetch = serve(
      {
        'POST /api/v3/productv3/page': () => ok(page([item(P1, '智能手表'), item(P2, '蓝牙耳机')], 1, 10, 2)),
        'POST /api/v1/liveroom/backstage/livepushproduct': () => ok(true),
      },
      { rooms: [r], products: [product(P2, '蓝牙耳机', false, r.id)] },
    );
    renderScreen(<RoomConsole roomId={r.id} exhibitor />, `/ex-live/index/liveRoomInfo?id=${r.id}`);
    await userEvent.click(await screen.findByTestId('live-products-add'));
    expect(await screen.findByText('智能手表')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST', '/api/v3/productv3/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID, auditState: 1 });
    // the one already in the room cannot be picked again
    expect(screen.getByTestId(`live-picker-${P2}`)).toBeDisabled();
    await userEvent.click(screen.getByTestId(`live-picker-${P1}`));
    await userEvent.click(screen.getByTestId('live-picker-ok'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/backstage/livepushproduct').map((c) => c.body)).toEqual([{ roomId: r.id, productIds: [P1] }]));
  });
});

describe('manage/streaming', () => {
  it('lists the rooms with owner, live state and lines in use, ends one and approves a pending exhibitor room', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const own = room(1, { liveState: 'live', onlineCount: 42 });
    const pending = room(2, { kind: 'exhibitor', exhibitorId: EXHIBITOR_ID, companyName: '杭州云展科技', auditState: 0 });
    const fetch = serve(
      {
        'PATCH /api/v1/liveroom': () => ok(own),
        'POST /api/v1/liveroom/audit': () => ok({ decided: 1, items: [] }),
      },
      { rooms: [own, pending] },
    );
    const { container } = renderScreen(<Streaming />, '/live/index/manage/streaming');
    const c = within(container);
    expect(await c.findByText('开幕直播1')).toBeInTheDocument();
    expect(c.getByText('开幕直播1').closest('tr')).toHaveTextContent('主办方');
    expect(c.getByText('开幕直播1').closest('tr')).toHaveTextContent('42');
    expect(c.getByTestId(`live-room-state-${own.id}`)).toHaveTextContent('直播中');
    expect(c.getByText('开幕直播2').closest('tr')).toHaveTextContent('杭州云展科技');
    expect(await c.findByTestId('live-pool-in-use')).toHaveTextContent('1 / 5');
    expect(callsOf(fetch, 'POST', '/api/v1/liveroom/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID });
    expect(c.getByTestId(`live-room-console-${own.id}`)).toHaveAttribute('href', `/live/index/set/my/room?id=${own.id}`);

    await userEvent.click(c.getByTestId(`live-room-end-${own.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(callsOf(fetch, 'PATCH', '/api/v1/liveroom')).toEqual([{ url: expect.stringContaining(`id=${own.id}`), body: { liveState: 'ended' } }]));

    await userEvent.click(c.getByTestId(`live-room-approve-${pending.id}`));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/audit').map((x) => x.body)).toEqual([{ ids: [pending.id], approve: true }]));
  });
});

describe('liveUrl', () => {
  it('shows server, key and push URL with copy buttons, and regenerates the key after a confirmation', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const r = room(1);
    let key = 'key-1';
    const fetch = serve({
      'GET /api/v1/liveroom/stream': () => ok(stream(r.id, key)),
      'POST /api/v1/liveroom/stream/regenerate': () => {
        key = 'key-2';
        return ok(stream(r.id, key));
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderScreen(<LiveUrl />, '/live/index/liveUrl');
    expect(await screen.findByTestId('live-stream-server')).toHaveValue('rtmp://live.example.com/live');
    expect(screen.getByTestId('live-stream-key')).toHaveValue(`${r.id}?sign=key-1`);
    fireEvent.click(screen.getByTestId('live-stream-url-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`rtmp://live.example.com/live/${r.id}?sign=key-1`));
    fireEvent.click(screen.getByTestId('live-stream-key-copy'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${r.id}?sign=key-1`));

    await userEvent.click(screen.getByTestId('live-regenerate'));
    expect(callsOf(fetch, 'POST', '/api/v1/liveroom/stream/regenerate')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('live-regenerate-confirm'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/liveroom/stream/regenerate').map((c) => c.url)).toEqual([expect.stringContaining(`id=${r.id}`)]));
    await waitFor(() => expect(screen.getByTestId('live-stream-key')).toHaveValue(`${r.id}?sign=key-2`));
  });
});

describe('exhibitor liveRoom', () => {
  it('creates the exhibitor’s room with its exhibition and exhibitor, and shows the review state', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const mine = room(3, { kind: 'exhibitor', exhibitorId: EXHIBITOR_ID, auditState: 2, auditReason: '封面不清晰' });
    const fetch = serve({ 'POST /api/v1/liveroom': (body) => ok({ ...mine, ...(body as object) }) }, { rooms: [mine] });
    renderScreen(<ExLiveRooms />, '/ex-live/index/liveRoom');
    expect(await screen.findByText('开幕直播3')).toBeInTheDocument();
    expect(screen.getByTestId(`live-room-reason-${mine.id}`)).toHaveTextContent('封面不清晰');
    expect(screen.getByTestId(`live-room-info-${mine.id}`)).toHaveAttribute('href', `/ex-live/index/liveRoomInfo?id=${mine.id}`);
    expect(callsOf(fetch, 'POST', '/api/v1/liveroom/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });

    await userEvent.click(screen.getByTestId('live-room-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('live-room-save'));
    expect(await within(dialog).findByText('请输入直播间标题')).toBeInTheDocument();
    await userEvent.type(dialog.querySelector<HTMLInputElement>('#live-room_title')!, '  新品直播 ');
    await userEvent.click(within(dialog).getByTestId('live-room-save'));
    await waitFor(() =>
      expect(callsOf(fetch, 'POST', '/api/v1/liveroom').map((c) => c.body)).toEqual([
        { title: '新品直播', titleEn: null, cover: null, introduction: '', planStartAt: null, planEndAt: null, isShow: true, showIndex: 0, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID },
      ]),
    );
  });

  it('speaks English under /ex-live-en', async () => {
    applyLanguage('en');
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    serve({}, { rooms: [room(3, { kind: 'exhibitor', exhibitorId: EXHIBITOR_ID, titleEn: 'Launch live' })] });
    renderScreen(<ExLiveRooms />, '/ex-live-en/index/liveRoom');
    expect(await screen.findByText('Launch live')).toBeInTheDocument();
    expect(screen.getByTestId('live-room-create')).toHaveTextContent('New live room');
  });
});

describe('administrator: live lines', () => {
  it('shows the exhibition’s pool and adds lines and minutes to it', async () => {
    signIn({ role: Role.Admin });
    const fetch = serve({ 'POST /api/v1/livelineexhibition/add-linecountwithduration': () => ok({ ...pool, lineCount: 7 }) });
    renderScreen(<GrantLinesButton exhibitionId={EXHIBITION_ID} name="展会" />, '/admin/adminEx');
    await userEvent.click(screen.getByTestId(`live-grant-${EXHIBITION_ID}`));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('6000')).toBeInTheDocument();
    const lines = dialog.querySelector<HTMLInputElement>('#live-grant_lineCount')!;
    await userEvent.clear(lines);
    await userEvent.type(lines, '2');
    await userEvent.click(within(dialog).getByTestId('live-grant-save'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/livelineexhibition/add-linecountwithduration').map((c) => c.body)).toEqual([{ exhibitionId: EXHIBITION_ID, lineCount: 2, duration: 600 }]));
  });
});

describe('host: activity room, hall and chat moderation', () => {
  it('says an activity has no room yet when the server answers 404, without leaving the screen', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    serve({ 'GET /api/v1/liveroom/activity': () => json({ success: false, code: 404, description: 'not found' }, 404) });
    renderScreen(<ActivityRoom />, `/live/index/all-activity/room?id=${P1}`);
    expect(await screen.findByTestId('live-activity-none')).toHaveTextContent('该活动还没有直播间');
  });

  it('opens the activity’s room in the console', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const r = room(4, { kind: 'activity', activityId: P1, title: '论坛直播' });
    const fetch = serve({ 'GET /api/v1/liveroom/activity': () => ok(r) }, { rooms: [r] });
    renderScreen(<ActivityRoom />, `/live/index/all-activity/room?id=${P1}`);
    expect(await screen.findByTestId('live-console-title')).toHaveTextContent('论坛直播');
    expect(callsOf(fetch, 'GET', '/api/v1/liveroom/activity')[0]!.url).toContain(`activityId=${P1}`);
  });

  it('shows the hall with live rooms first, linking each card to the public room page', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const idle = room(1);
    const live = room(2, { liveState: 'live', onlineCount: 12 });
    const hidden = room(3, { isShow: false });
    serve({}, { rooms: [idle, live, hidden] });
    renderScreen(<LiveHall />, '/live/index/liveHall');
    const cards = await screen.findAllByTestId(/^live-hall-0/);
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([`/expo/${EXHIBITION_ID}/live/${live.id}`, `/expo/${EXHIBITION_ID}/live/${idle.id}`]);
    expect(screen.getByTestId(`live-hall-online-${live.id}`)).toHaveTextContent('12');
  });

  it('mutes a comment’s author in its room after a confirmation', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const r = room(1);
    const message = { id: P2, roomId: r.id, roomTitle: r.title, memberId: P1, nickname: '观众甲', fromPresenter: false, content: '广告内容', createAt: when };
    const fetch = serve({ 'POST /api/v1/livemessage/page': () => ok(page([message], 1, 10, 1)), 'POST /api/v1/livemessage/mute': () => ok(true) }, { rooms: [r] });
    renderScreen(<LiveMessages />, '/live/index/live-message');
    expect(await screen.findByText('广告内容')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST', '/api/v1/livemessage/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID });
    await userEvent.click(screen.getByTestId(`live-message-mute-${P2}`));
    await userEvent.click(await screen.findByTestId(`live-message-mute-confirm-${P2}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v1/livemessage/mute').map((c) => c.body)).toEqual([{ roomId: r.id, memberId: P1, muted: true }]));
  });
});
