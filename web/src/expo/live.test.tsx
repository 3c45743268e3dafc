import type { ExpoBooth, ExpoLiveRoom, ExpoLiveRoomCard, LiveGift, LiveMessage, LivePushProduct } from '@pavilion/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expoI18n } from './i18n.ts';
import { EX, FakeEventSource, fail, ok, show, signIn, stubFetch, type Answer, expoHome } from '../test/expoSite.tsx';

/** The player library, faked: counts its loading (the factory runs on the first import) and the players made. */
const mpegts = vi.hoisted(() => ({ loaded: 0, players: [] as { url: string; destroyed: boolean; attached: unknown; fail: () => void }[] }));
vi.mock('mpegts.js', () => {
  mpegts.loaded++;
  return {
    default: {
      isSupported: () => true,
      getFeatureList: () => ({ mseLivePlayback: true }),
      Events: { ERROR: 'error' },
      createPlayer: (source: { url: string }) => {
        const p = { url: source.url, destroyed: false, attached: null as unknown, fail: () => undefined as void };
        mpegts.players.push(p);
        return {
          on: (_event: string, listener: () => void) => (p.fail = listener),
          attachMediaElement: (el: unknown) => (p.attached = el),
          load: () => undefined,
          play: () => Promise.resolve(),
          pause: () => undefined,
          unload: () => undefined,
          detachMediaElement: () => undefined,
          destroy: () => (p.destroyed = true),
        };
      },
    },
  };
});

const R1 = '00000000-0000-4000-a000-0000000000f1';
const R2 = '00000000-0000-4000-a000-0000000000f2';
const X = '00000000-0000-4000-a000-0000000000aa';
const P1 = '00000000-0000-4000-a000-0000000000e1';
const P2 = '00000000-0000-4000-a000-0000000000e2';
const G1 = '00000000-0000-4000-a000-0000000000c1';
const M = '00000000-0000-4000-a000-0000000000d1';
const base = `/api/v1/expo/${EX}`;
const FLV = `/live-media/live/k1.flv?expire=1999999999&sign=abc`;

const home = expoHome();

const card = (id: string, extra: Partial<ExpoLiveRoomCard> = {}): ExpoLiveRoomCard => ({
  id,
  kind: 'exhibitor',
  exhibitorId: X,
  companyName: '上海华展科技',
  activityId: null,
  title: `直播间${id.slice(-2)}`,
  titleEn: `Room ${id.slice(-2)}`,
  cover: null,
  liveState: 'idle',
  planStartAt: null,
  onlineCount: 0,
  viewCount: 0,
  ...extra,
});

const product = (id: string, extra: Partial<LivePushProduct> = {}): LivePushProduct => ({
  roomId: R1,
  productId: id,
  name: `展品${id.slice(-2)}`,
  nameEn: null,
  picture: 'https://cdn.example.com/p.jpg',
  price: '¥1,299',
  showIndex: 0,
  pushed: false,
  pushedAt: null,
  ...extra,
});

const gift: LiveGift = { id: G1, exhibitionId: EX, name: '鲜花', nameEn: 'Flower', icon: 'https://cdn.example.com/flower.png', points: 10, isShow: true, showIndex: 0 };

const room = (extra: Partial<ExpoLiveRoom> = {}): ExpoLiveRoom => ({
  ...card(R1),
  introduction: '新品发布直播',
  flvUrl: null,
  hlsUrl: null,
  giftEnabled: false,
  giftNotice: null,
  gifts: [gift],
  pushed: null,
  products: [product(P1), product(P2, { showIndex: 1 })],
  ...extra,
});
const live = (extra: Partial<ExpoLiveRoom> = {}) => room({ liveState: 'live', flvUrl: FLV, hlsUrl: '/live-media/live/k1.m3u8?expire=1&sign=x', onlineCount: 12, ...extra });

const message = (id: string, content: string, extra: Partial<LiveMessage> = {}): LiveMessage => ({ id, roomId: R1, roomTitle: '直播间f1', memberId: M, nickname: '小王', fromPresenter: false, content, createAt: '2030-05-01T02:00:00.000Z', ...extra });


/** The room page with its reads answered; `answers` adds or replaces routes. */
async function openRoom(read: () => ExpoLiveRoom, answers: Record<string, (url: URL, init: RequestInit) => Answer> = {}, messages: LiveMessage[] = []) {
  const fetch = stubFetch({
    [`GET ${base}`]: () => ok(home),
    [`GET ${base}/live/${R1}`]: () => ok(read()),
    [`GET ${base}/live/${R1}/messages`]: () => ok(messages),
    ...answers,
  });
  const view = show(`/expo/${EX}/live/${R1}`);
  expect(await screen.findByRole('heading', { name: '直播间f1' })).toBeInTheDocument();
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  expect(source.url).toBe(`${base}/live/${R1}/events`);
  return { fetch, source, ...view };
}

beforeEach(() => {
  localStorage.clear();
  void expoI18n.changeLanguage('zh-CN');
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live room player', () => {
  // First in the file: the player library must not have been loaded by any page yet.
  it('shows the cover with the countdown while idle and loads no player; starts it when the room goes live and stops it when it stops', async () => {
    let state: ExpoLiveRoom = room({ planStartAt: '2099-01-01T00:00:00.000Z', cover: 'https://cdn.example.com/cover.jpg' });
    const { source, fetch, unmount } = await openRoom(() => state);
    expect(screen.getByRole('timer')).toHaveTextContent('距开播还有');
    expect(screen.queryByTestId('live-video')).toBeNull();
    expect(mpegts.loaded).toBe(0);

    state = live();
    source.send({ type: 'state', liveState: 'live', liveStartedAt: '2030-05-01T02:00:00.000Z' });
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement;
    await waitFor(() => expect(mpegts.players).toHaveLength(1));
    expect(mpegts.loaded).toBe(1);
    expect(mpegts.players[0]!.url).toBe(`${window.location.origin}${FLV}`);
    expect(mpegts.players[0]!.attached).toBe(video);
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith(`/live/${R1}`))).toHaveLength(2);
    expect(screen.getByText('直播中')).toBeInTheDocument();
    expect(within(screen.getByTestId('live-video').parentElement!).getByText('12 人在线')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '打开声音' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: '静音' })).toHaveAttribute('aria-pressed', 'true');

    state = room();
    source.send({ type: 'state', liveState: 'idle', liveStartedAt: null });
    expect(screen.queryByTestId('live-video')).toBeNull();
    expect(mpegts.players[0]!.destroyed).toBe(true);
    expect(await screen.findByText('未开播')).toBeInTheDocument();
    unmount();
    expect(source.closed).toBe(true);
  });

  it('says the live has ended, and plays a room that is live when opened', async () => {
    const ended = await openRoom(() => room({ liveState: 'ended' }));
    expect(screen.getByText('直播已结束')).toBeInTheDocument();
    ended.unmount();

    FakeEventSource.all = [];
    const before = mpegts.players.length;
    await openRoom(() => live());
    expect(await screen.findByTestId('live-video')).toBeInTheDocument();
    await waitFor(() => expect(mpegts.players).toHaveLength(before + 1));
  });

  it('offers a retry when the stream fails, which plays the newly signed address', async () => {
    let reads = 0;
    const before = mpegts.players.length;
    await openRoom(() => (reads++, live({ flvUrl: `/live-media/live/k1.flv?expire=${reads}&sign=s${reads}` })));
    await waitFor(() => expect(mpegts.players).toHaveLength(before + 1));
    act(() => mpegts.players.at(-1)!.fail());
    expect(screen.getByText('直播加载失败').closest('[role=alert]')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(mpegts.players).toHaveLength(before + 2));
    expect(mpegts.players.at(-2)!.destroyed).toBe(true);
    expect(mpegts.players.at(-1)!.url).toContain('expire=2&sign=s2');
    expect(screen.queryByText('直播加载失败')).toBeNull();
  });

  it('answers a room that is not there with the not-found page', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/live/${R1}`]: () => fail(404, 4040, 'Not found'), [`GET ${base}/live/${R1}/messages`]: () => ok([]) });
    show(`/expo/${EX}/live/${R1}`);
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(FakeEventSource.all).toHaveLength(0);
  });
});

describe('live room events', () => {
  it('slides the pushed product over the player and removes it when the push is cancelled; lists the room’s products', async () => {
    const { source } = await openRoom(() => live({ pushed: product(P1, { pushed: true, pushedAt: '2030-05-01T02:00:00.000Z' }) }));
    const first = screen.getByTestId('pushed-product');
    expect(first).toHaveTextContent('展品e1');
    expect(within(first).getByRole('link', { name: '查看' })).toHaveAttribute('href', `/expo/${EX}/products/${P1}`);

    source.send({ type: 'pushCancel', productId: P1 });
    expect(screen.queryByTestId('pushed-product')).toBeNull();

    source.send({ type: 'push', product: product(P2, { pushed: true, pushedAt: '2030-05-01T02:05:00.000Z' }) });
    const card = screen.getByTestId('pushed-product');
    expect(card).toHaveTextContent('展品e2');
    expect(card).toHaveTextContent('¥1,299');
    // A cancel of another product leaves it.
    source.send({ type: 'pushCancel', productId: P1 });
    expect(screen.getByTestId('pushed-product')).toHaveTextContent('展品e2');

    await userEvent.click(screen.getByRole('tab', { name: /商品/ }));
    const list = screen.getByRole('list', { name: '直播间商品' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((x) => x.textContent)).toEqual([expect.stringContaining('展品e1'), expect.stringContaining('展品e2讲解中')]);
    expect(within(list).getByRole('link', { name: '查看 展品e1' })).toHaveAttribute('href', `/expo/${EX}/products/${P1}`);
  });

  it('shows the gift notice and the gift button when gifts are switched on, sends a gift, floats others’ gifts, and hides the button when switched off', async () => {
    signIn();
    let sent: unknown = null;
    const { source } = await openRoom(() => live(), { [`POST ${base}/live/${R1}/gifts`]: (_u, init) => ((sent = JSON.parse(String(init.body))), ok({ result: true })) });
    expect(screen.queryByRole('button', { name: /礼物/ })).toBeNull();
    expect(screen.queryByTestId('gift-notice')).toBeNull();

    source.send({ type: 'giftSwitch', enabled: true, notice: '送礼物抽奖品' });
    expect(screen.getByTestId('gift-notice')).toHaveTextContent('送礼物抽奖品');
    await userEvent.click(screen.getByRole('button', { name: /礼物/ }));
    const sheet = screen.getByRole('dialog', { name: '送礼物' });
    expect(within(sheet).getByRole('button', { name: /鲜花/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.selectOptions(within(sheet).getByRole('combobox', { name: '数量' }), '10');
    await userEvent.click(within(sheet).getByRole('button', { name: '送出' }));
    expect(sent).toEqual({ giftId: G1, count: 10 });
    expect(await screen.findByText('已送出 鲜花×10')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    source.send({ type: 'gift', giftId: G1, giftName: '鲜花', icon: gift.icon, nickname: '小李', count: 3 });
    expect(screen.getByTestId('gift-line')).toHaveTextContent('小李 送出 鲜花×3');

    await userEvent.click(within(screen.getByTestId('gift-notice')).getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('gift-notice')).toBeNull();
    source.send({ type: 'giftSwitch', enabled: false, notice: null });
    expect(screen.queryByRole('button', { name: /礼物/ })).toBeNull();
  });

  it('shows the server’s answer when gifts are off', async () => {
    signIn();
    await openRoom(() => live({ giftEnabled: true }), { [`POST ${base}/live/${R1}/gifts`]: () => fail(403, 4094, '本直播间未开启礼物功能') });
    await userEvent.click(screen.getByRole('button', { name: /礼物/ }));
    await userEvent.click(screen.getByRole('button', { name: '送出' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('本直播间未开启礼物功能');
  });

  it('counts viewers from the stream and reads the room and chat again after a reconnection', async () => {
    let reads = 0;
    const before = mpegts.players.length;
    // Each read signs the stream's address anew.
    const { source } = await openRoom(() => (reads++, live({ flvUrl: `/live-media/live/k1.flv?expire=${reads}&sign=s${reads}` })));
    await waitFor(() => expect(mpegts.players).toHaveLength(before + 1));
    expect(screen.getByTestId('live-online')).toHaveTextContent('12 人在线');
    source.send({ type: 'viewers', onlineCount: 1234 });
    expect(screen.getByTestId('live-online')).toHaveTextContent('1,234 人在线');
    act(() => source.onerror?.());
    act(() => source.onopen?.());
    await waitFor(() => expect(reads).toBe(2));
    // The stream that plays goes on with its address: no second player.
    await new Promise((r) => setTimeout(r, 50));
    expect(mpegts.players).toHaveLength(before + 1);
    expect(mpegts.players.at(-1)!.destroyed).toBe(false);
  });
});

describe('live room chat', () => {
  it('asks a visitor who is not signed in to sign in, and comes back', async () => {
    await openRoom(() => live(), {}, [message('m1', '你好')]);
    const link = screen.getByRole('link', { name: '登录后参与聊天' });
    expect(link).toHaveAttribute('href', `/expo/${EX}/login`);
    expect(screen.queryByRole('textbox', { name: '聊天内容' })).toBeNull();
  });

  it('shows the recent chat with the presenter highlighted, posts a message, shows errors, and follows new and deleted messages', async () => {
    signIn();
    const answers: Answer[] = [];
    const bodies: unknown[] = [];
    const { source, container } = await openRoom(
      () => live(),
      { [`POST ${base}/live/${R1}/messages`]: (_u, init) => (bodies.push(JSON.parse(String(init.body))), answers.shift()!) },
      [message('m1', '欢迎大家', { fromPresenter: true, nickname: '主播', memberId: null }), message('m2', '你好', { createAt: '2030-05-01T02:01:00.000Z' })],
    );
    const texts = () => screen.getAllByTestId('live-message').map((x) => x.textContent);
    expect(texts()).toEqual(['主播主播10:00欢迎大家', '小王10:01你好']);
    expect(screen.getAllByTestId('live-message')[0]).toHaveClass('presenter');

    answers.push(ok(message('m3', '请问价格', { nickname: '我', createAt: '2030-05-01T02:02:00.000Z' })));
    const input = screen.getByRole('textbox', { name: '聊天内容' });
    await userEvent.type(input, '请问价格');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(bodies).toEqual([{ content: '请问价格' }]);
    expect(await screen.findByText('请问价格')).toBeInTheDocument();
    expect(input).toHaveValue('');
    // The stream brings the same message back: shown once.
    source.send({ type: 'message', message: message('m3', '请问价格', { nickname: '我', createAt: '2030-05-01T02:02:00.000Z' }) });
    expect(screen.getAllByText('请问价格')).toHaveLength(1);

    answers.push(fail(403, 4093, '您已被禁言'));
    await userEvent.type(input, '再说一句');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await within(container).findByRole('alert')).toHaveTextContent('您已被禁言');
    expect(input).toHaveValue('再说一句');

    answers.push(fail(429, 4029, ''));
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(within(container).getByRole('alert')).toHaveTextContent('发言太频繁，请稍后再试'));

    answers.push(fail(400, 4026, 'content 含有敏感词“某词”'));
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(within(container).getByRole('alert')).toHaveTextContent('含有敏感词“某词”'));

    source.send({ type: 'message', message: message('m4', '主播好', { nickname: '小张', createAt: '2030-05-01T02:03:00.000Z' }) });
    expect(texts().at(-1)).toContain('主播好');
    source.send({ type: 'messageDelete', id: 'm2' });
    expect(screen.queryByText('你好')).toBeNull();
    expect(screen.getAllByTestId('live-message')).toHaveLength(3);
  });
});

describe('live hall and links', () => {
  it('lists the rooms with the live badge, online count and planned start, and is in the navigation', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/live`]: () => ok({ pageIndex: 1, pageSize: 20, totalCount: 3, totalPages: 1, items: [card(R1, { liveState: 'live', onlineCount: 3456 }), card(R2, { planStartAt: '2099-01-01T00:00:00.000Z', companyName: null, kind: 'host', exhibitorId: null }), card('00000000-0000-4000-a000-0000000000f3', { liveState: 'ended' })] }),
    });
    show(`/expo/${EX}/live`);
    const cards = await screen.findAllByTestId('live-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('直播中');
    expect(cards[0]).toHaveTextContent('3,456 人在线');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/expo/${EX}/live/${R1}`);
    expect(within(cards[1]!).getByRole('timer')).toHaveTextContent('距开播还有');
    expect(cards[1]).toHaveTextContent('主办方');
    expect(cards[2]).toHaveTextContent('直播已结束');
    expect(screen.getByRole('link', { name: '直播' })).toHaveAttribute('href', `/expo/${EX}/live`);
  });

  it('shows a strip of live rooms on the home only while one is live', async () => {
    let rooms = [card(R1)];
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/live`]: () => ok({ pageIndex: 1, pageSize: 6, totalCount: 1, totalPages: 1, items: rooms }) });
    const first = show(`/expo/${EX}`);
    expect(await screen.findByRole('heading', { name: '演示展会' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('正在直播')).toBeNull());
    first.unmount();
    rooms = [card(R1, { liveState: 'live' }), card(R2)];
    show(`/expo/${EX}`);
    expect(await screen.findByText('正在直播')).toBeInTheDocument();
    expect(screen.getAllByTestId('live-card')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '全部直播' })).toHaveAttribute('href', `/expo/${EX}/live`);
  });

  it('links the booth to its exhibitor’s room', async () => {
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors/${X}`]: () => ok({ id: X, exhibitionId: EX, company: { id: X, name: '上海华展科技', nameEn: null, logo: null, region: null, address: null, website: null, introduction: null, introductionEn: null }, banner: null, boothInfo: null, boothArea: null, booths: [], categories: [], likeCount: 0, followCount: 0, shareCount: 0, viewCount: 0, proCount: 0, products: [], reviews: [], albums: [], videos: [] } satisfies ExpoBooth),
      [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 1, likeCount: 0, followCount: 0, shareCount: 0 }),
      [`GET ${base}/activities`]: () => ok({ pageIndex: 1, pageSize: 3, totalCount: 0, totalPages: 0, items: [] }),
      [`GET ${base}/live`]: () => ok({ pageIndex: 1, pageSize: 2, totalCount: 1, totalPages: 1, items: [card(R1, { liveState: 'live' })] }),
    });
    show(`/expo/${EX}/exhibitors/${X}`);
    expect(await screen.findByRole('heading', { name: '展商直播间' })).toBeInTheDocument();
    expect(screen.getByTestId('live-card').querySelector('a')).toHaveAttribute('href', `/expo/${EX}/live/${R1}`);
    expect(fetch.mock.calls.some(([u]) => String(u).includes(`/live?`) && String(u).includes(`exhibitorId=${X}`))).toBe(true);
  });
});
