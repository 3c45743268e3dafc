import type { ExpoBooth, FormItem } from '@pavilion/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expoI18n } from './i18n.ts';
import { EX, fail, ok, show, signIn, stubFetch, type Answer, expoHome } from '../test/expoSite.tsx';
import type { RegistrationRead, VisitorMe } from '@pavilion/contract';

const X = '00000000-0000-4000-a000-0000000000aa';
const base = `/api/v1/expo/${EX}`;

const home = expoHome({
  startAt: '2030-05-01T01:00:00.000Z',
  endAt: '2030-05-03T09:00:00.000Z',
  startTime: '2030-05-01 09:00:00',
  endTime: '2030-05-03 17:00:00',
  address: '上海',
  addressEn: 'Shanghai',
  state: 'upcoming',
  figures: { exhibitorCount: 12345, viewCount: null },
  categories: [{ id: '00000000-0000-4000-a000-0000000000c1', name: '工业', nameEn: 'Industry', childrens: [] }],
});
const booth: ExpoBooth = {
  id: X,
  exhibitionId: EX,
  company: { id: X, name: '上海华展科技', nameEn: 'Huazhan', logo: null, region: null, address: null, website: null, introduction: '简介', introductionEn: null },
  banner: null,
  boothInfo: 'A1',
  boothArea: null,
  booths: [{ code: 'A1', hall: '一号馆', hallEn: 'Hall 1' }],
  categories: [],
  likeCount: 1200,
  followCount: 3,
  shareCount: 0,
  viewCount: 99,
  proCount: 0,
  products: [],
  reviews: [],
  albums: [],
  videos: [],
};


beforeEach(() => {
  void expoI18n.changeLanguage('zh-CN');
});

describe('home', () => {
  it('shows figures with thousands separators and the dates as YYYY-MM-DD HH:mm:ss', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home) });
    show(`/expo/${EX}`);
    expect(await screen.findByTestId('figure-exhibitors')).toHaveTextContent('12,345');
    expect(screen.queryByTestId('figure-views')).toBeNull();
    expect(screen.getByText('2030-05-01 09:00:00')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('距开幕还有');
  });

  it('is English under /expo-en and shows ended once the start has passed', async () => {
    stubFetch({ [`GET ${base}`]: () => ok({ ...home, startAt: '2020-01-01T00:00:00.000Z', state: 'over' }) });
    show(`/expo-en/${EX}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Expo' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Ended');
  });
});

describe('directory', () => {
  it('searches by keyword and category through the public read', async () => {
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors`]: (url) => {
        const hit = url.searchParams.get('keyword') === 'hzkj';
        const items = hit ? [{ id: X, companyId: X, name: '上海华展科技', nameEn: null, logo: null, boothInfo: 'A1', proCount: 0, likeCount: 0, viewCount: 0 }] : [];
        return ok({ pageIndex: 1, pageSize: 20, totalCount: items.length, totalPages: 1, items });
      },
    });
    show(`/expo/${EX}/exhibitors`);
    expect(await screen.findByText('没有找到展商')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索展商' }), 'hzkj');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByRole('link', { name: /上海华展科技/ })).toHaveAttribute('href', `/expo/${EX}/exhibitors/${X}`);
    expect(screen.getByText('共 1 家展商')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '展品类别' }), '00000000-0000-4000-a000-0000000000c1');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('categoryId=00000000-0000-4000-a000-0000000000c1') && String(u).includes('keyword=hzkj'))).toBe(true));
  });
});

describe('booth page', () => {
  it('counts the view, shows the live counts over the cached read, likes once and says already liked after', async () => {
    signIn();
    let liked = false;
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors/${X}`]: () => ok({ ...booth, likeCount: 1150 }),
      [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 100, likeCount: 1200, followCount: 3, shareCount: 0 }),
      [`GET ${base}/exhibitors/${X}/mine`]: () => ok({ liked, followed: false }),
      [`POST ${base}/exhibitors/${X}/like`]: () => (liked ? fail(409, 4085, '已点赞') : ((liked = true), ok({ likeCount: 1201 }))),
    });
    show(`/expo/${EX}/exhibitors/${X}`);
    expect(await screen.findByRole('heading', { name: '上海华展科技' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count-views')).toHaveTextContent('100'));
    expect(screen.getByTestId('count-likes')).toHaveTextContent('1,200');
    expect(screen.getByText('一号馆 A1')).toBeInTheDocument();
    const like = screen.getByRole('button', { name: '点赞' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/mine'))).toBe(true));
    await userEvent.click(like);
    expect(await screen.findByRole('button', { name: '已点赞', pressed: true })).toBeInTheDocument();
    expect(screen.getByTestId('count-likes')).toHaveTextContent('1,201');
    const likeCalls = () => fetch.mock.calls.filter(([u, init]) => String(u).endsWith('/like') && init?.method === 'POST').length;
    expect(likeCalls()).toBe(1);
    expect(fetch.mock.calls.find(([u]) => String(u).endsWith('/like'))![1]!.headers).toMatchObject({ authorization: 'Bearer visitor-token' });
    await userEvent.click(screen.getByRole('button', { name: '已点赞' }));
    expect(await screen.findByText('您已点赞', { selector: '.message' })).toBeInTheDocument();
    expect(likeCalls()).toBe(1);
  });

  it('shows the server’s already-liked answer when another tab liked first', async () => {
    signIn();
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors/${X}`]: () => ok(booth),
      [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 100, likeCount: 1200, followCount: 3, shareCount: 0 }),
      [`GET ${base}/exhibitors/${X}/mine`]: () => ok({ liked: false, followed: false }),
      [`POST ${base}/exhibitors/${X}/like`]: () => fail(409, 4085, '已点赞'),
    });
    show(`/expo/${EX}/exhibitors/${X}`);
    await userEvent.click(await screen.findByRole('button', { name: '点赞' }));
    expect(await screen.findByText('您已点赞', { selector: '.message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '已点赞', pressed: true })).toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to sign-in', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/exhibitors/${X}`]: () => ok(booth),
      [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 100, likeCount: 1200, followCount: 3, shareCount: 0 }),
    });
    show(`/expo/${EX}/exhibitors/${X}`);
    await userEvent.click(await screen.findByRole('button', { name: '点赞' }));
    expect(await screen.findByRole('heading', { name: '观众登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toBeInTheDocument();
  });
});

const item = (name: string, label: string, tagType: number, extra: Partial<FormItem> = {}, require = true): FormItem => ({
  tagType,
  label,
  name,
  showIndex: 0,
  locked: false,
  attributes: { placeholder: '', checkOptions: { require, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null },
  ...extra,
});

describe('registration', () => {
  const form: RegistrationRead = {
    state: 'open',
    formType: 2,
    itemId: EX,
    formItems: [
      { ...item('name', 'Name', 0), showIndex: 1 },
      { ...item('email', 'E-mail', 0), showIndex: 2, attributes: { ...item('x', 'x', 0).attributes, checkOptions: { require: true, email: true, phone: false, reg: false, other: '' } } },
      { ...item('role', 'Role', 4), showIndex: 3, attributes: { ...item('x', 'x', 4).attributes, options: [{ label: 'Buyer', value: 'buyer' }, { label: 'Media', value: 'media' }] } },
      { ...item('outlet', 'Media outlet', 0), showIndex: 4, showWhen: { name: 'role', values: ['media'] } },
    ],
    notice: '',
    successNotice: 'See you there',
    group: { id: 'media', name: 'Media' },
    smsLogin: false,
  };

  it('checks as the contract does: a conditional item shows and is required only on its answer; server errors land under their items', async () => {
    let body: { answers: Record<string, unknown>; groupId?: string } | null = null;
    let round = 0;
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/registration`]: (url) => (expect(url.searchParams.get('group')).toBe('media'), expect(url.searchParams.get('lang')).toBe('en'), ok(form)),
      [`POST ${base}/register`]: (_u, init) => {
        body = JSON.parse(String(init.body));
        round++;
        return round === 1
          ? fail(400, 4001, 'Check the form', [{ field: 'email', message: 'E-mail already exists' }])
          : ok({ accessToken: 'a', refreshToken: 'r', expiresIn: 3600, member: { id: X, exhibitionId: EX, name: 'Ann', lang: 'en', auditState: 0, createdAt: '2026-01-01 10:00:00', ticket: null } });
      },
    });
    show(`/expo-en/${EX}/register?group=media`);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    expect(screen.queryByLabelText(/^Media outlet/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Media' }));
    expect(screen.getByLabelText(/^Media outlet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('E-mail is not a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Media outlet is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/register'))).toBe(false);
    // A buyer is not asked for the outlet.
    await userEvent.click(screen.getByRole('radio', { name: 'Buyer' }));
    expect(screen.queryByLabelText(/^Media outlet/)).toBeNull();
    await userEvent.clear(screen.getByLabelText(/^E-mail/));
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('E-mail already exists')).toBeInTheDocument();
    expect(body).toMatchObject({ groupId: 'media', answers: { name: 'Ann', email: 'ann@example.com', role: 'buyer' } });
    expect(body!.answers).not.toHaveProperty('outlet');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.getByText('See you there')).toBeInTheDocument();
    expect(localStorage.getItem(`pavilion.expo.${EX}.visitor`)).toContain('"accessToken":"a"');
  });

  it('says function not open yet and exhibition over', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/registration`]: () => ok({ ...form, state: 'over' }) });
    show(`/expo/${EX}/register`);
    expect(await screen.findByText('展会已结束')).toBeInTheDocument();
  });
});

describe('my ticket', () => {
  const me = (extra: Partial<VisitorMe>): VisitorMe => ({ id: X, exhibitionId: EX, name: '张三', lang: 'zh', auditState: 1, createdAt: '2026-01-01 10:00:00', ticket: null, ...extra });
  const showTicket = (answer: Answer) => {
    signIn();
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/me`]: () => answer });
    show(`/expo/${EX}/ticket`);
  };

  it('shows the QR code large with the ticket number and a print button', async () => {
    showTicket(ok(me({ ticket: { ticketNo: 'PV000123', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>' } })));
    expect(await screen.findByTestId('ticket-no')).toHaveTextContent('PV000123');
    expect(screen.getByRole('img', { name: '门票二维码' }).querySelector('svg')).not.toBeNull();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: '打印门票' }));
    expect(print).toHaveBeenCalled();
  });

  it('shows the pending and rejected states', async () => {
    showTicket(ok(me({ auditState: 0 })));
    expect(await screen.findByText('您的登记正在审核中，审核通过后即可查看门票')).toBeInTheDocument();
  });

  it('shows the rejection with its reason', async () => {
    showTicket(ok(me({ auditState: 2, auditReason: '信息不全' })));
    expect(await screen.findByText('您的登记未通过审核')).toBeInTheDocument();
    expect(screen.getByText('原因：信息不全')).toBeInTheDocument();
  });

  it('says failed to get ticket information when there is none', async () => {
    showTicket(fail(500, 5000, 'x'));
    expect(await screen.findByText('获取门票信息失败')).toBeInTheDocument();
  });

  it('clears the token and goes to sign-in on a 401', async () => {
    showTicket(fail(401, 4010, '授权过期，请重新登录'));
    expect(await screen.findByRole('heading', { name: '观众登录' })).toBeInTheDocument();
    expect(localStorage.getItem(`pavilion.expo.${EX}.visitor`)).toBeNull();
  });
});
