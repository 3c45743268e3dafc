import { Role, type BackgroundJob, type Enquiry } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import ExEnquiries, { filtersOf } from './ExEnquiries.tsx';
import HostEnquiries from './HostEnquiries.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const when = '2026-05-01T01:00:00.000Z';
const enquiry = (n: number, over: Partial<Enquiry> = {}): Enquiry => ({
  id: `00000000-0000-4000-a000-0000000007${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: '杭州云展科技有限公司',
  companyNameEn: null,
  productId: null,
  productName: null,
  liveRoomId: null,
  source: 'booth',
  content: `询盘内容${n}`,
  isSample: false,
  shareContact: true,
  auditState: 1,
  state: 'new',
  reply: null,
  repliedAt: null,
  createAt: when,
  contactName: '王先生',
  contactPhone: '13900000000',
  contactEmail: 'wang@example.com',
  contactCompany: '星河贸易',
  auditReason: null,
  ...over,
});
const job = (state: BackgroundJob['state']): BackgroundJob => ({
  id: '00000000-0000-4000-a000-000000000901',
  type: 'enquiry.export',
  state,
  progress: state === 'succeeded' ? 100 : 0,
  processed: 2,
  total: 2,
  params: {},
  result: state === 'succeeded' ? { rows: 2 } : null,
  error: null,
  errorCode: null,
  exhibitionId: EXHIBITION_ID,
  hostId: '00000000-0000-4000-a000-000000000099',
  createdBy: '00000000-0000-4000-a000-000000000098',
  attempts: 1,
  files: state === 'succeeded' ? { output: { name: '询盘.xlsx', url: '/x' } } : {},
  createAt: when,
  updateAt: when,
  startedAt: when,
  finishedAt: state === 'succeeded' ? when : null,
});

function serve(list: Enquiry[], handlers: Record<string, (body: unknown, url: string) => Response | undefined> = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = handlers[`${method} ${path}`]?.(body, url);
    if (own) return own;
    const q = new URL(url, 'http://x').searchParams;
    if (method === 'POST' && path === '/api/v3/enquiry/page') return ok(page(list, 1, 10, list.length));
    if (method === 'GET' && path === '/api/v3/enquiry') return ok(list.find((e) => e.id === q.get('id')));
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const callsOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));

describe('enquiry filters', () => {
  it('turns the search form into the contract’s filters; the host’s default source is live, “all” means none', () => {
    expect(filtersOf({ state: 'new', isSample: 'yes', keyword: '价格' })).toEqual({ state: 'new', isSample: true, keyword: '价格' });
    expect(filtersOf({}, 'live')).toEqual({ source: 'live' });
    expect(filtersOf({ source: 'all' }, 'live')).toEqual({});
    expect(filtersOf({ isSample: 'no' })).toEqual({ isSample: false });
  });
});

describe('exhibitor enquiry inbox', () => {
  it('lists the enquiries, shows the contact or that none was shared, answers one and exports', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const shared = enquiry(1, { source: 'product', productName: '云展示屏' });
    const hidden = enquiry(2, { shareContact: false, contactName: null, contactPhone: null, contactEmail: null, contactCompany: null });
    let polls = 0;
    const fetch = serve([shared, hidden], {
      'POST /api/v3/enquiry/reply': (body) => ok({ ...shared, state: 'answered', reply: (body as { reply: string }).reply, repliedAt: when }),
      'POST /api/v3/enquiry/export': () => ok(job('queued')),
      'GET /api/v3/backgroundjob': () => ok(job(++polls > 0 ? 'succeeded' : 'running')),
    });
    const { container } = renderScreen(<ExEnquiries />, '/ex-live/index/enquiry');
    const view = within(container);
    expect(await view.findByText('询盘内容1')).toBeInTheDocument();
    expect(view.getByText('王先生 / 星河贸易')).toBeInTheDocument();
    expect(view.getByText('访客未分享联系方式')).toBeInTheDocument();
    expect(view.getByText('云展示屏')).toBeInTheDocument();

    await userEvent.click(view.getByTestId(`enquiry-open-${hidden.id}`));
    expect(await screen.findByTestId('enquiry-no-contact')).toBeInTheDocument();

    await userEvent.click(view.getByTestId(`enquiry-open-${shared.id}`));
    await waitFor(() => expect(screen.getByTestId('enquiry-contact')).toHaveTextContent('13900000000'));
    expect(screen.queryByTestId('enquiry-no-contact')).toBeNull();
    await userEvent.type(screen.getByTestId('enquiry-reply-text'), '已发报价');
    await userEvent.click(screen.getByTestId('enquiry-reply-send'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/enquiry/reply')[0]!.body).toEqual({ id: shared.id, reply: '已发报价' }));

    await userEvent.click(view.getByTestId('enquiry-export'));
    expect(await view.findByTestId('enquiry-export-done')).toHaveTextContent('已导出 2 条');
    expect(callsOf(fetch, 'POST', '/api/v3/enquiry/export')[0]!.body).toEqual({});
  });
});

describe('host enquiries', () => {
  it('asks for the exhibition’s live enquiries by default and deletes one after confirming', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const e = enquiry(3, { source: 'live' });
    const fetch = serve([e], { 'DELETE /api/v3/enquiry': () => ok(null) });
    const { container } = renderScreen(<HostEnquiries />, '/live/index/live-enquiry/info');
    const view = within(container);
    expect(await view.findByText('询盘内容3')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST', '/api/v3/enquiry/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, source: 'live' });
    await userEvent.click(view.getByTestId(`enquiry-delete-${e.id}`));
    await userEvent.click(await screen.findByTestId(`enquiry-delete-confirm-${e.id}`));
    await waitFor(() => expect(callsOf(fetch, 'DELETE', '/api/v3/enquiry').map((c) => c.url)).toEqual([expect.stringContaining(`id=${e.id}`)]));
  });
});
