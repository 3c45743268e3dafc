import { Role, type SupplyDemand, type SupplyDemandComment } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import ExNeeds from './ExNeeds.tsx';
import { SdAudit, SdComments } from './HostSupplyDemand.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const when = '2026-05-01T01:00:00.000Z';

const post = (n: number, over: Partial<SupplyDemand> = {}): SupplyDemand => ({
  id: `00000000-0000-4000-a000-0000000007${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: '星河展具',
  author: 'exhibitor',
  authorName: '星河展具',
  kind: 'supply',
  title: `供应展架${n}`,
  description: '可定制',
  images: [],
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  validUntil: null,
  isShow: true,
  viewCount: 3,
  commentCount: 1,
  auditState: 1,
  auditReason: null,
  submitAt: when,
  auditAt: when,
  createAt: when,
  updateAt: when,
  ...over,
});
const comment = (n: number, over: Partial<SupplyDemandComment> = {}): SupplyDemandComment => ({
  id: `00000000-0000-4000-a000-0000000008${String(n).padStart(2, '0')}`,
  supplyDemandId: post(1).id,
  postTitle: post(1).title,
  author: 'visitor',
  authorName: '李观众',
  content: `价格多少${n}`,
  isShow: true,
  createAt: when,
  ...over,
});

type Handler = (body: unknown, url: string) => Response | undefined;

function serve(handlers: Record<string, Handler> = {}, opts: { posts?: SupplyDemand[]; comments?: SupplyDemandComment[] } = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = handlers[`${method} ${path}`]?.(body, url);
    if (own) return own;
    const posts = opts.posts ?? [post(1)];
    const comments = opts.comments ?? [comment(1)];
    if (method === 'POST' && path === '/api/v3/supplydemand/page') return ok(page(posts, 1, 10, posts.length));
    if (method === 'POST' && path === '/api/v3/supplydemand/comments/page') return ok(page(comments, 1, 10, comments.length));
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

describe('exhibitor needs', () => {
  it('lists the exhibitor’s posts with their review, posts a new one and answers in the comments drawer', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const rejected = post(2, { auditState: 2, auditReason: '描述不清' });
    const fetch = serve(
      {
        'POST /api/v3/supplydemand': (body) => ok({ ...post(3), ...(body as object) }),
        'POST /api/v3/supplydemand/comments': (body) => ok(comment(2, { author: 'exhibitor', content: (body as { content: string }).content })),
      },
      { posts: [post(1), rejected] },
    );
    const { container } = renderScreen(<ExNeeds />, '/ex-live/index/needs');
    expect(await within(container).findByText('供应展架1')).toBeInTheDocument();
    expect(within(container).getByTestId(`sd-reason-${rejected.id}`)).toHaveTextContent('描述不清');
    expect(callsOf(fetch, 'POST', '/api/v3/supplydemand/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });

    await userEvent.click(within(container).getByTestId('sd-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('sd-title'), '批量供应展架');
    await userEvent.type(within(dialog).getByTestId('sd-description'), '可定制尺寸');
    await userEvent.click(within(dialog).getByTestId('sd-save'));
    await waitFor(() =>
      expect(callsOf(fetch, 'POST', '/api/v3/supplydemand').map((c) => c.body)).toEqual([
        { kind: 'supply', title: '批量供应展架', description: '可定制尺寸', images: [], contactName: null, contactPhone: null, contactEmail: null, validUntil: null },
      ]),
    );

    await userEvent.click(within(container).getByTestId(`sd-comments-${post(1).id}`));
    const drawer = await screen.findByRole('dialog', { name: /供应展架1/ });
    expect(await within(drawer).findByText('价格多少1')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByTestId('sd-answer'), '欢迎来电');
    await userEvent.click(within(drawer).getByTestId('sd-answer-send'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/supplydemand/comments').map((c) => c.body)).toEqual([{ supplyDemandId: post(1).id, content: '欢迎来电' }]));
  });

  it('speaks English under /ex-live-en', async () => {
    applyLanguage('en');
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    serve();
    const { container } = renderScreen(<ExNeeds />, '/ex-live-en/index/needs');
    expect(await within(container).findByText('Supply')).toBeInTheDocument();
    expect(within(container).getByTestId('sd-create')).toHaveTextContent('New post');
  });
});

describe('host review and comments', () => {
  it('asks the pending queue only; approves one, rejects the selected with a reason', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const a = post(1, { auditState: 0 });
    const b = post(2, { auditState: 0 });
    const fetch = serve({ 'POST /api/v3/supplydemand/audit': (body) => ok({ decided: (body as { ids: string[] }).ids.length, items: [] }) }, { posts: [a, b] });
    const { container } = renderScreen(<SdAudit />, '/live/index/business-audit/info');
    expect(await within(container).findByTestId(`sd-row-${a.id}`)).toBeInTheDocument();
    expect(callsOf(fetch, 'POST', '/api/v3/supplydemand/page')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, auditState: 0 });
    await userEvent.click(within(container).getByTestId(`sd-approve-${a.id}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/supplydemand/audit').map((c) => c.body)).toEqual([{ ids: [a.id], auditState: 1 }]));

    const box = (id: string) => within(container).getByTestId(`sd-row-${id}`).closest('tr')!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    await userEvent.click(box(a.id));
    await waitFor(() => expect(box(a.id)).toBeChecked());
    await userEvent.click(box(b.id));
    await waitFor(() => expect(box(b.id)).toBeChecked());
    await userEvent.click(within(container).getByTestId('sd-reject-selected'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('sd-reject-confirm')).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '信息不全');
    await userEvent.click(within(dialog).getByTestId('sd-reject-confirm'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/supplydemand/audit')[1]?.body).toEqual({ ids: [a.id, b.id], auditState: 2, reason: '信息不全' }));
  });

  it('lists the exhibition’s comments; hides and deletes one', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const c = comment(1);
    const fetch = serve({
      'PUT /api/v3/supplydemand/comments/show': (body) => ok({ ...c, ...(body as object) }),
      'DELETE /api/v3/supplydemand/comments': () => ok(true),
    });
    const { container } = renderScreen(<SdComments />, '/live/index/business/list');
    expect(await within(container).findByTestId(`sd-comment-${c.id}`)).toHaveTextContent('价格多少1');
    await userEvent.click(within(container).getByTestId(`sd-comment-show-${c.id}`));
    await waitFor(() => expect(callsOf(fetch, 'PUT', '/api/v3/supplydemand/comments/show').map((x) => x.body)).toEqual([{ id: c.id, isShow: false }]));
    await userEvent.click(within(container).getByTestId(`sd-comment-delete-${c.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(callsOf(fetch, 'DELETE', '/api/v3/supplydemand/comments')[0]!.url).toContain(`id=${c.id}`));
  });
});
