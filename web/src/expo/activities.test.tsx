import type { ActivityLivePost, FormItem, MyActivityTicket, PublicActivity, PublicActivityDetail } from '@pavilion/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expoI18n } from './i18n.ts';
import { EX, FakeEventSource, fail, ok, show, signIn, stubFetch, type Answer, expoHome } from '../test/expoSite.tsx';

const X = '00000000-0000-4000-a000-0000000000aa';
const A1 = '00000000-0000-4000-a000-0000000000a1';
const A2 = '00000000-0000-4000-a000-0000000000a2';
const A3 = '00000000-0000-4000-a000-0000000000a3';
const C1 = '00000000-0000-4000-a000-0000000000c1';
const C2 = '00000000-0000-4000-a000-0000000000c2';
const H1 = '00000000-0000-4000-a000-0000000000b1';
const K1 = '00000000-0000-4000-a000-0000000000d1';
const K2 = '00000000-0000-4000-a000-0000000000d2';
const K3 = '00000000-0000-4000-a000-0000000000d3';
const base = `/api/v1/expo/${EX}`;

const home = expoHome({
  startAt: '2030-05-01T01:00:00.000Z',
  endAt: '2030-05-03T09:00:00.000Z',
  startTime: '2030-05-01 09:00:00',
  endTime: '2030-05-03 17:00:00',
  address: '上海',
  addressEn: 'Shanghai',
  state: 'upcoming',
});

const activity = (id: string, extra: Partial<PublicActivity> = {}): PublicActivity => ({
  id,
  exhibitionId: EX,
  exhibitorId: null,
  companyName: null,
  categoryId: C1,
  hallId: H1,
  kind: 'forum',
  title: `活动${id.slice(-2)}`,
  titleEn: `Activity ${id.slice(-2)}`,
  cover: null,
  venue: '会议室 1',
  // 09:30–11:00 China Standard Time on the first day.
  startAt: '2030-05-01T01:30:00.000Z',
  endAt: '2030-05-01T03:00:00.000Z',
  regEnabled: true,
  regStartAt: null,
  regEndAt: null,
  capacity: 100,
  waitlist: true,
  regCount: 1234,
  phase: 'upcoming',
  liveOpen: false,
  hallName: '一号馆',
  categoryName: '主论坛',
  ...extra,
});

const detail = (extra: Partial<PublicActivityDetail> = {}): PublicActivityDetail => ({
  ...activity(A1),
  introduction: '<p>介绍<strong>重点</strong></p>',
  schedules: [
    {
      id: '00000000-0000-4000-a000-0000000000e1',
      activityId: A1,
      title: '开幕致辞',
      titleEn: 'Opening',
      startAt: '2030-05-01T01:30:00.000Z',
      endAt: '2030-05-01T02:00:00.000Z',
      speakers: [{ name: '李四', title: '主席', avatar: null }],
      description: '',
      showIndex: 0,
    },
  ],
  ticketTypes: [],
  ...extra,
});

const ticketKind = (id: string, name: string, quantity: number, taken: number) => ({ id, activityId: A1, name, nameEn: null, quantity, taken, saleStartAt: null, saleEndAt: null, showIndex: 0 });

const page = (items: PublicActivity[]) => ({ pageIndex: 1, pageSize: 50, totalCount: items.length, totalPages: 1, items });


beforeEach(() => {
  localStorage.clear();
  void expoI18n.changeLanguage('zh-CN');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('programme', () => {
  it('has a tab per exhibition day and filters the day’s activities by category and hall', async () => {
    const day1 = [
      activity(A1),
      activity(A2, { categoryId: C2, categoryName: '分论坛', hallId: null, hallName: null, exhibitorId: X, companyName: '上海华展科技', kind: 'launch', phase: 'ended', capacity: null, regCount: 7 }),
    ];
    const day2 = [activity(A3, { startAt: '2030-05-02T02:00:00.000Z', endAt: '2030-05-02T03:00:00.000Z' })];
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/activities`]: (url) => ok(page(url.searchParams.get('day') === '2030-05-02' ? day2 : url.searchParams.get('day') === '2030-05-01' ? day1 : [])),
    });
    show(`/expo/${EX}/activities`);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((x) => x.textContent)).toEqual(['05-01', '05-02', '05-03']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const first = await screen.findByRole('link', { name: /活动a1/ });
    expect(first).toHaveTextContent('09:30 – 11:00');
    expect(first).toHaveTextContent('论坛 · 主论坛 · 一号馆 · 会议室 1');
    expect(first).toHaveTextContent('主办：展会主办方');
    expect(first).toHaveTextContent('已报名 1,234 / 100');
    expect(within(first).getByRole('timer')).toHaveTextContent('距开始还有');
    const second = screen.getByRole('link', { name: /活动a2/ });
    expect(second).toHaveTextContent('已结束');
    expect(second).toHaveTextContent('主办：上海华展科技');
    expect(second).toHaveTextContent('已报名 7（不限名额）');
    expect(within(second).queryByRole('timer')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '分论坛' }));
    expect(screen.queryByRole('link', { name: /活动a1/ })).toBeNull();
    expect(screen.getByRole('link', { name: /活动a2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '分论坛' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '全部类别' }));
    expect(screen.getByRole('link', { name: /活动a1/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '05-02' }));
    expect(await screen.findByRole('link', { name: /活动a3/ })).toHaveAttribute('href', `/expo/${EX}/activities/${A3}`);
    expect(screen.queryByRole('link', { name: /活动a1/ })).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('day=2030-05-02'))).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: '05-03' }));
    expect(await screen.findByText('当天暂无活动')).toBeInTheDocument();
  });

  it('shows ended on a countdown whose start has passed, in English under /expo-en', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/activities`]: () => ok(page([activity(A1, { startAt: '2020-01-01T00:00:00.000Z', endAt: '2020-01-01T01:00:00.000Z' })])),
    });
    show(`/expo-en/${EX}/activities?day=2030-05-01`);
    const card = await screen.findByRole('link', { name: /Activity a1/ });
    expect(within(card).getByRole('timer')).toHaveTextContent('Ended');
    expect(card).toHaveTextContent('Forum');
  });
});

describe('home and booth', () => {
  it('lists the coming activities on the home page, leaving out ended ones', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/activities`]: (url) => (expect(url.searchParams.get('day')).toBe('2030-05-01'), ok(page([activity(A1, { phase: 'ended' }), activity(A2)]))),
    });
    show(`/expo/${EX}`);
    const section = await screen.findByRole('region', { name: '近期活动' });
    expect(within(section).getByRole('link', { name: /活动a2/ })).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /活动a1/ })).toBeNull();
    expect(within(section).getByRole('link', { name: '查看全部活动' })).toHaveAttribute('href', `/expo/${EX}/activities`);
  });

  it('shows the exhibitor’s activities on its booth page', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors/${X}`]: () =>
        ok({
          id: X,
          exhibitionId: EX,
          company: { id: X, name: '上海华展科技', nameEn: null, logo: null, region: null, address: null, website: null, introduction: '', introductionEn: null },
          banner: null,
          boothInfo: null,
          boothArea: null,
          booths: [],
          categories: [],
          likeCount: 0,
          followCount: 0,
          shareCount: 0,
          viewCount: 0,
          proCount: 0,
          products: [],
          reviews: [],
          albums: [],
          videos: [],
        }),
      [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 1, likeCount: 0, followCount: 0, shareCount: 0 }),
      [`GET ${base}/activities`]: (url) => (expect(url.searchParams.get('exhibitorId')).toBe(X), expect(url.searchParams.get('pageSize')).toBe('3'), ok(page([activity(A1, { exhibitorId: X, companyName: '上海华展科技' })]))),
    });
    show(`/expo/${EX}/exhibitors/${X}`);
    const section = await screen.findByRole('region', { name: '展商活动' });
    expect(within(section).getByRole('link', { name: /活动a1/ })).toHaveAttribute('href', `/expo/${EX}/activities/${A1}`);
  });
});

describe('activity page', () => {
  const routes = (a: PublicActivityDetail, extra: Record<string, (url: URL, init: RequestInit) => Answer> = {}) => ({
    [`GET ${base}`]: () => ok(home),
    [`GET ${base}/activities/${a.id}`]: () => ok(a),
    [`GET ${base}/activities/${a.id}/live`]: () => ok([]),
    [`GET ${base}/activities/${a.id}/form`]: () => ok([]),
    ...extra,
  });

  it('shows the organiser’s booth link, the sanitised introduction and the agenda; not signed in, register goes to sign-in', async () => {
    stubFetch(routes(detail({ exhibitorId: X, companyName: '上海华展科技' })));
    show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByRole('heading', { level: 1, name: '活动a1' })).toBeInTheDocument();
    expect(screen.getByText('2030-05-01 09:30 – 11:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '上海华展科技' })).toHaveAttribute('href', `/expo/${EX}/exhibitors/${X}`);
    expect(screen.getByText('重点').tagName).toBe('STRONG');
    expect(screen.getByText('嘉宾：李四（主席）')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('距开始还有');
    expect(screen.queryByRole('tab')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
    expect(await screen.findByRole('heading', { name: '观众登录' })).toBeInTheDocument();
  });

  it('asks for a ticket kind when there are several, registers with it and shows registered with a link to my activities', async () => {
    signIn();
    let body: unknown = null;
    const a = detail({ ticketTypes: [ticketKind(K1, '普通票', 100, 40), ticketKind(K2, '学生票', 20, 5), ticketKind(K3, '贵宾票', 10, 10)] });
    stubFetch(
      routes(a, {
        [`GET ${base}/my/tickets`]: () => ok([]),
        [`POST ${base}/activities/${A1}/registrations`]: (_u, init) => {
          body = JSON.parse(String(init.body));
          return ok({ id: 'r1', activity: a, status: 'registered', ticketTypeName: '普通票', ticketCode: 'ABC', qrSvg: null, checkedInAt: null, createAt: '2026-01-01T00:00:00.000Z' } satisfies MyActivityTicket);
        },
      }),
    );
    show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByText('剩余 60')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /贵宾票/ })).toBeDisabled();
    expect(screen.getByText('已售罄')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
    expect(await screen.findByText('请先选择票种')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /普通票/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
    expect(await screen.findByText('报名成功')).toBeInTheDocument();
    expect(body).toEqual({ ticketTypeId: K1, answers: {} });
    expect(screen.getByTestId('seats')).toHaveTextContent('已报名 1,235 / 100');
    expect(screen.getByRole('link', { name: '查看我的活动' })).toHaveAttribute('href', `/expo/${EX}/my/activities`);
  });

  it('says the visitor is on the waiting list when the seat is a waiting one', async () => {
    signIn();
    const a = detail();
    stubFetch(
      routes(a, {
        [`GET ${base}/my/tickets`]: () => ok([]),
        [`POST ${base}/activities/${A1}/registrations`]: () => ok({ id: 'r1', activity: a, status: 'waiting', ticketTypeName: null, ticketCode: null, checkedInAt: null, createAt: '2026-01-01T00:00:00.000Z' }),
      }),
    );
    show(`/expo/${EX}/activities/${A1}`);
    await userEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(await screen.findByText('名额已满，您已进入候补名单')).toBeInTheDocument();
  });

  it.each([
    [4080, '您已报名该活动'],
    [4081, '功能暂未开放'],
    [4082, '展会已结束'],
    [4087, '活动名额已满'],
  ])('shows the server’s message for code %i', async (code, description) => {
    signIn();
    stubFetch(routes(detail(), { [`GET ${base}/my/tickets`]: () => ok([]), [`POST ${base}/activities/${A1}/registrations`]: () => fail(code === 4087 ? 409 : 400, code, description) }));
    show(`/expo/${EX}/activities/${A1}`);
    await userEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(await screen.findByText(description, { selector: '.error' })).toBeInTheDocument();
    if (code === 4080) expect(screen.getByRole('link', { name: '查看我的活动' })).toBeInTheDocument();
    else expect(screen.queryByRole('link', { name: '查看我的活动' })).toBeNull();
  });

  it('falls back to its own words when the server sends no description', async () => {
    signIn();
    stubFetch(routes(detail(), { [`GET ${base}/my/tickets`]: () => ok([]), [`POST ${base}/activities/${A1}/registrations`]: () => fail(409, 4087, '') }));
    show(`/expo-en/${EX}/activities/${A1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The activity is full', { selector: '.error' })).toBeInTheDocument();
  });

  describe("the activity's registration form", () => {
    const formItem = (showIndex: number, name: string, label: string, tagType: number, require: boolean, options: string[] = []): FormItem => ({
      tagType,
      label,
      name,
      showIndex,
      locked: false,
      showWhen: null,
      attributes: { placeholder: '', options: options.map((o) => ({ label: o, value: o })), checkOptions: { require, email: false, phone: false, reg: false, other: '' }, setTime: null, value: null },
    });
    const form = [formItem(2, 'note', '备注', 0, false), formItem(1, 'diet', '饮食偏好', 3, true, ['素食', '无限制'])];
    const withForm = (post: (init: RequestInit) => Answer) => {
      const posts: unknown[] = [];
      stubFetch(
        routes(detail(), {
          [`GET ${base}/my/tickets`]: () => ok([]),
          [`GET ${base}/activities/${A1}/form`]: () => ok(form),
          [`POST ${base}/activities/${A1}/registrations`]: (_u, init) => (posts.push(JSON.parse(String(init.body))), post(init)),
        }),
      );
      return { posts };
    };
    const seat = (a: PublicActivityDetail): MyActivityTicket => ({ id: 'r1', activity: a, status: 'registered', ticketTypeName: null, ticketCode: 'ABC', qrSvg: null, checkedInAt: null, createAt: '2026-01-01T00:00:00.000Z' });

    it('shows its items in order before the button; a required item blocks registering until filled; the answers are sent', async () => {
      signIn();
      const { posts } = withForm(() => ok(seat(detail())));
      show(`/expo/${EX}/activities/${A1}`);
      const fields = await screen.findByTestId('activity-form');
      expect([...fields.querySelectorAll('[data-testid^=form-item-]')].map((e) => e.getAttribute('data-testid'))).toEqual(['form-item-diet', 'form-item-note']);
      await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
      expect(await screen.findByText('请按提示填写报名信息', { selector: '.error' })).toBeInTheDocument();
      expect(within(screen.getByTestId('form-item-diet')).getByText(/饮食偏好/, { selector: '.error' })).toBeInTheDocument();
      expect(posts).toEqual([]);
      await userEvent.selectOptions(screen.getByLabelText(/饮食偏好/), '素食');
      await userEvent.type(screen.getByLabelText('备注'), '靠窗');
      await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
      expect(await screen.findByText('报名成功')).toBeInTheDocument();
      expect(posts).toEqual([{ ticketTypeId: null, answers: { diet: '素食', note: '靠窗' } }]);
      expect(screen.queryByTestId('activity-form')).toBeNull();
    });

    it('shows the server’s field errors under their items', async () => {
      signIn();
      withForm(() => ({ status: 400, body: { success: false, code: 400, description: '参数错误', errors: [{ field: 'note', message: '备注含有不允许的内容' }] } }));
      show(`/expo/${EX}/activities/${A1}`);
      await screen.findByTestId('activity-form');
      await userEvent.selectOptions(screen.getByLabelText(/饮食偏好/), '无限制');
      await userEvent.type(screen.getByLabelText('备注'), 'x');
      await userEvent.click(screen.getByRole('button', { name: '立即报名' }));
      expect(await within(screen.getByTestId('form-item-note')).findByText('备注含有不允许的内容')).toHaveClass('error');
      expect(screen.getByText('请按提示填写报名信息', { selector: '.error' })).toBeInTheDocument();
      expect(screen.getByLabelText('备注')).toHaveAttribute('aria-invalid', 'true');
      // Changing the answer clears the server's word.
      await userEvent.type(screen.getByLabelText('备注'), 'y');
      expect(within(screen.getByTestId('form-item-note')).queryByText('备注含有不允许的内容')).toBeNull();
    });
  });

  it('shows a registration the visitor already holds instead of the button', async () => {
    signIn();
    const a = detail();
    stubFetch(routes(a, { [`GET ${base}/my/tickets`]: () => ok([{ id: 'r1', activity: a, status: 'registered', ticketTypeName: null, ticketCode: 'ABC', checkedInAt: null, createAt: '2026-01-01T00:00:00.000Z' }]) }));
    show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByText('报名成功')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即报名' })).toBeNull();
  });

  it('says no registration is needed, and closes registration once the activity is over', async () => {
    stubFetch(routes(detail({ regEnabled: false })));
    const { unmount } = show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByText('本活动无需报名')).toBeInTheDocument();
    unmount();
    stubFetch(routes(detail({ phase: 'ended' })));
    show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByText('活动已结束，报名已关闭')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即报名' })).toBeNull();
  });
});

describe('live coverage', () => {
  const post = (id: string, content: string, createAt: string, extra: Partial<ActivityLivePost> = {}): ActivityLivePost => ({ id, activityId: A1, kind: 'text', content, pictures: [], pinned: false, createAt, ...extra });

  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('opens on the live tab while live, adds new posts at the top, removes deleted ones and closes the stream on leaving', async () => {
    let reads = 0;
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/activities/${A1}`]: () => ok(detail({ liveOpen: true, phase: 'ongoing' })),
      [`GET ${base}/activities/${A1}/live`]: () => (reads++, ok([post('p1', '第一条', '2030-05-01T01:35:00.000Z')])),
    });
    const { unmount } = show(`/expo/${EX}/activities/${A1}`);
    expect(await screen.findByText('第一条')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '图文直播' })).toHaveAttribute('aria-selected', 'true');
    expect(FakeEventSource.all).toHaveLength(1);
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe(`${base}/activities/${A1}/live/events`);

    source.send({ type: 'post', post: post('p2', '第二条', '2030-05-01T01:40:00.000Z', { pictures: ['https://cdn.example.com/a.jpg'] }) });
    const texts = () => screen.getAllByTestId('live-post').map((x) => x.textContent);
    expect(texts()[0]).toContain('第二条');
    expect(texts()[1]).toContain('第一条');
    expect(screen.getByRole('img', { name: '直播图片 1' })).toBeInTheDocument();

    source.send({ type: 'delete', id: 'p1' });
    expect(screen.queryByText('第一条')).toBeNull();
    expect(screen.getAllByTestId('live-post')).toHaveLength(1);

    // After a dropped connection comes back the list is read again.
    act(() => source.onerror?.());
    act(() => source.onopen?.());
    await waitFor(() => expect(reads).toBe(2));

    await userEvent.click(screen.getByRole('tab', { name: '活动详情' }));
    expect(screen.getByRole('heading', { name: '活动议程' })).toBeInTheDocument();
    unmount();
    expect(source.closed).toBe(true);
  });

  it('shows past posts without a stream when the live is closed, and no live tab when there are none', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/activities/${A1}`]: () => ok(detail({ phase: 'ended' })),
      [`GET ${base}/activities/${A1}/live`]: () => ok([post('p1', '回顾', '2030-05-01T01:35:00.000Z')]),
    });
    show(`/expo/${EX}/activities/${A1}`);
    await userEvent.click(await screen.findByRole('tab', { name: '图文直播' }));
    expect(screen.getByText('回顾')).toBeInTheDocument();
    expect(FakeEventSource.all).toHaveLength(0);
  });
});

describe('my activities', () => {
  const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

  it('sends a visitor who is not signed in to sign-in', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home) });
    show(`/expo/${EX}/my/activities`);
    expect(await screen.findByRole('heading', { name: '观众登录' })).toBeInTheDocument();
  });

  it('shows a held seat’s QR with its code, the waiting one without, and cancels after a confirmation', async () => {
    signIn();
    let cancelled = false;
    const tickets = (): MyActivityTicket[] => [
      { id: 'r1', activity: activity(A1), status: cancelled ? 'cancelled' : 'registered', ticketTypeName: '普通票', ticketCode: 'PVACT7Q2', qrSvg: QR, checkedInAt: null, createAt: '2030-04-01T02:00:00.000Z' },
      { id: 'r2', activity: activity(A2), status: 'waiting', ticketTypeName: null, ticketCode: null, qrSvg: null, checkedInAt: null, createAt: '2030-04-02T02:00:00.000Z' },
    ];
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/my/tickets`]: () => ok(tickets()),
      [`PUT ${base}/my/tickets/r1/cancel`]: () => ((cancelled = true), ok({ result: true })),
    });
    show(`/expo/${EX}/my/activities`);
    expect(await screen.findByTestId('code-r1')).toHaveTextContent('PVACT7Q2');
    expect(screen.getByRole('img', { name: '活动门票二维码' }).querySelector('svg')).not.toBeNull();
    expect(screen.getAllByRole('img', { name: '活动门票二维码' })).toHaveLength(1);
    expect(screen.getByText('候补中')).toBeInTheDocument();
    expect(screen.getByText('报名时间：2030-04-01 10:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '活动a1' })).toHaveAttribute('href', `/expo/${EX}/activities/${A1}`);

    await userEvent.click(screen.getByRole('button', { name: '取消报名：活动a1' }));
    expect(screen.getByText('确定取消报名吗？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '暂不取消' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '取消报名：活动a1' }));
    await userEvent.click(screen.getByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('已取消报名')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('code-r1')).toBeNull());
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'PUT')![1]!.headers).toMatchObject({ authorization: 'Bearer visitor-token' });
    expect(screen.queryByRole('button', { name: '取消报名：活动a1' })).toBeNull();
  });

  it('is linked from the ticket page and the navigation once signed in', async () => {
    signIn();
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/me`]: () => ok({ id: X, exhibitionId: EX, name: '张三', lang: 'zh', auditState: 0, createdAt: '2026-01-01 10:00:00', ticket: null }) });
    show(`/expo/${EX}/ticket`);
    expect(await screen.findByText('您的登记正在审核中，审核通过后即可查看门票')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '我的活动' }).map((l) => l.getAttribute('href'))).toEqual([`/expo/${EX}/my/activities`, `/expo/${EX}/my/activities`]);
  });
});
