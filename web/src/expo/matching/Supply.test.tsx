import type { ExpoSupplyDemand, ExpoSupplyDemandDetail } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expoI18n } from '../i18n.ts';
import { EX, fail, ok, show, signIn, stubFetch, expoHome } from '../../test/expoSite.tsx';

const base = `/api/v1/expo/${EX}`;
const S1 = '00000000-0000-4000-a000-0000000009a1';
const when = '2026-05-01T01:00:00.000Z';
const home = expoHome();
const post = (over: Partial<ExpoSupplyDemand> = {}): ExpoSupplyDemand => ({
  id: S1,
  kind: 'supply',
  author: 'exhibitor',
  authorName: '星河展具',
  companyName: '星河展具',
  exhibitorId: null,
  title: '批量供应展架',
  description: '可定制尺寸',
  images: [],
  contactName: '王经理',
  contactPhone: '13800000000',
  contactEmail: null,
  validUntil: null,
  viewCount: 12,
  commentCount: 0,
  createAt: when,
  ...over,
});
const pageOf = (items: ExpoSupplyDemand[]) => ({ pageIndex: 1, pageSize: 20, totalCount: items.length, totalPages: 1, items });
const detail = (over: Partial<ExpoSupplyDemandDetail> = {}): ExpoSupplyDemandDetail => ({ ...post(), comments: [], ...over });

beforeEach(() => {
  localStorage.clear();
  void expoI18n.changeLanguage('zh-CN');
});

describe('supply and demand board', () => {
  it('lists the posts with the nav link, filters by tab and keyword, and sends anonymous visitors to sign in to post', async () => {
    const fetch = stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/supply-demand`]: () => ok(pageOf([post()])) });
    const { container } = show(`/expo/${EX}/business`);
    expect(await within(container).findByText('批量供应展架')).toBeInTheDocument();
    expect(within(container).getByRole('navigation')).toHaveTextContent('供需');
    await userEvent.click(within(container).getByTestId('supply-tab-demand'));
    await userEvent.type(within(container).getByRole('searchbox'), '展架');
    await userEvent.click(within(container).getByRole('button', { name: '搜索' }));
    await waitFor(() => {
      const urls = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith(`${base}/supply-demand?`));
      expect(urls.some((u) => u.includes('kind=demand') && u.includes(`keyword=${encodeURIComponent('展架')}`))).toBe(true);
    });
    expect(within(container).getByRole('link', { name: '登录后发布需求' })).toHaveAttribute('href', `/expo/${EX}/login`);
  });

  it('hides the nav link where the board is closed', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/supply-demand`]: () => fail(403, 4170, '该展会未开启供需功能') });
    const { container } = show(`/expo/${EX}/home`);
    await within(container).findAllByText('演示展会');
    await waitFor(() => expect(within(container).getByRole('navigation')).not.toHaveTextContent('供需'));
  });

  it('lets a signed-in visitor post a demand and says it waits for review', async () => {
    signIn();
    let sent: unknown = null;
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/supply-demand`]: () => ok(pageOf([])),
      [`POST ${base}/supply-demand`]: (_u, init) => {
        sent = JSON.parse(String(init.body));
        return ok({ ...post({ kind: 'demand', author: 'visitor' }), auditState: 0 });
      },
    });
    const { container } = show(`/expo/${EX}/business`);
    await userEvent.click(await within(container).findByTestId('supply-post-open'));
    const sheet = within(container).getByRole('dialog');
    await userEvent.type(within(sheet).getByLabelText('标题'), '求购折叠椅');
    await userEvent.type(within(sheet).getByLabelText('描述'), '200 把');
    await userEvent.click(within(sheet).getByTestId('supply-post-submit'));
    expect(await within(container).findByText('已提交，审核通过后展示')).toBeInTheDocument();
    expect(sent).toEqual({ kind: 'demand', title: '求购折叠椅', description: '200 把', contactName: null, contactPhone: null, contactEmail: null });
  });
});

describe('a post page', () => {
  it('shows the post, its contact and comments; a signed-in visitor comments and sees the server’s refusal', async () => {
    signIn();
    let n = 0;
    stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/supply-demand`]: () => ok(pageOf([])),
      [`GET ${base}/supply-demand/${S1}`]: () => ok(detail({ comments: [{ id: '00000000-0000-4000-a000-0000000009c1', supplyDemandId: S1, author: 'visitor', authorName: '张三', content: '多少钱？', createAt: when }] })),
      [`POST ${base}/supply-demand/${S1}/comments`]: (_u, init) =>
        ++n === 1
          ? ok({ id: '00000000-0000-4000-a000-0000000009c2', supplyDemandId: S1, postTitle: '批量供应展架', author: 'visitor', authorName: '李四', content: JSON.parse(String(init.body)).content, isShow: true, createAt: when })
          : fail(400, 4026, '内容含有敏感词'),
    });
    const { container } = show(`/expo/${EX}/business/${S1}`);
    expect(await within(container).findByRole('heading', { name: '批量供应展架' })).toBeInTheDocument();
    expect(within(container).getByRole('link', { name: '13800000000' })).toHaveAttribute('href', 'tel:13800000000');
    expect(within(container).getAllByTestId('supply-comment')).toHaveLength(1);
    await userEvent.type(within(container).getByLabelText('评论内容'), '我要 100 个');
    await userEvent.click(within(container).getByTestId('supply-comment-send'));
    await waitFor(() => expect(within(container).getAllByTestId('supply-comment')).toHaveLength(2));
    await userEvent.type(within(container).getByLabelText('评论内容'), '坏话');
    await userEvent.click(within(container).getByTestId('supply-comment-send'));
    expect(await within(container).findByRole('alert')).toHaveTextContent('内容含有敏感词');
  });

  it('says so for a post the board does not show', async () => {
    stubFetch({ [`GET ${base}`]: () => ok(home), [`GET ${base}/supply-demand`]: () => ok(pageOf([])), [`GET ${base}/supply-demand/${S1}`]: () => fail(404, 4004, '供需信息不存在') });
    const { container } = show(`/expo-en/${EX}/business/${S1}`);
    expect(await within(container).findByText(/not found|does not exist/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '批量供应展架' })).toBeNull();
  });
});
