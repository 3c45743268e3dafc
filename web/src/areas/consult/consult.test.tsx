import { Role, type AuditItem, type Consult } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import ConsultInfo, { ConsultAudit } from './HostConsult.tsx';

const when = '2026-05-01T01:00:00.000Z';
const HOST_ID = '00000000-0000-4000-a000-0000000000a1';

const item = (n: number, over: Partial<Consult> = {}): Consult => ({
  id: `00000000-0000-4000-a000-0000000009${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  userId: null,
  visitorName: '李观众',
  category: 'visiting',
  question: `请问几点开门${n}`,
  isPublic: true,
  answer: null,
  answeredAt: null,
  answeredBy: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  isShow: true,
  auditState: 0,
  auditReason: null,
  submitAt: when,
  auditAt: null,
  createAt: when,
  ...over,
});
const record = (c: Consult): AuditItem => ({
  id: c.id.replace(/09(\d\d)$/, '19$1'),
  type: 'consult',
  targetId: c.id,
  exhibitionId: EXHIBITION_ID,
  hostId: HOST_ID,
  exhibitorId: null,
  state: 0,
  reason: null,
  title: c.question,
  snapshot: { category: c.category, question: c.question, isPublic: c.isPublic },
  submittedBy: null,
  submittedByName: c.visitorName,
  submitAt: when,
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  auto: false,
});

type Handler = (body: unknown, url: string) => Response | undefined;

function serve(handlers: Record<string, Handler> = {}, items: Consult[] = [item(1)]) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = handlers[`${method} ${path}`]?.(body, url);
    if (own) return own;
    if (method === 'POST' && path === '/api/v3/consult/page') return ok(page(items, 1, 10, items.length));
    if (method === 'GET' && path === '/api/v3/consult') return ok(items.find((i) => url.includes(i.id)) ?? items[0]);
    if (method === 'POST' && path === '/api/v3/backgroundjob/query') return ok(page([], 1, 10, 0));
    if (method === 'POST' && path === '/api/Audit/GetAuditList') return ok(page(items.map(record), 1, 10, items.length));
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

describe('host consult/info', () => {
  it('lists the questions, answers one in the drawer, hides one and deletes one', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const a = item(1);
    const b = item(2, { auditState: 2, auditReason: '重复提问', answer: '见上', answeredAt: when });
    const fetch = serve(
      {
        'PUT /api/v3/consult/answer': (body) => ok({ ...a, ...(body as object), answeredAt: when }),
        'PUT /api/v3/consult/show': (body) => ok({ ...a, ...(body as object) }),
        'DELETE /api/v3/consult': () => ok(true),
        'POST /api/v3/consult/export': () => ok({ id: a.id, type: 'consult.export', state: 'queued' }),
      },
      [a, b],
    );
    const { container } = renderScreen(<ConsultInfo />, '/live/index/consult/info');
    expect(await within(container).findByTestId(`consult-row-${a.id}`)).toHaveTextContent('请问几点开门1');
    expect(within(container).getByTestId(`consult-reason-${b.id}`)).toHaveTextContent('重复提问');
    expect(within(container).getAllByText('参观').length).toBeGreaterThan(0);
    expect(callsOf(fetch, 'POST', '/api/v3/consult/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID });

    await userEvent.click(within(container).getByTestId(`consult-open-${a.id}`));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('观众未分享联系方式')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByTestId('consult-answer-submit'));
    expect(await within(drawer).findByText('请输入回复内容')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByTestId('consult-answer'), '九点开门');
    await userEvent.click(within(drawer).getByTestId('consult-answer-submit'));
    await waitFor(() => expect(callsOf(fetch, 'PUT', '/api/v3/consult/answer').map((c) => c.body)).toEqual([{ id: a.id, answer: '九点开门' }]));

    await userEvent.click(within(container).getByTestId(`consult-show-${a.id}`));
    await waitFor(() => expect(callsOf(fetch, 'PUT', '/api/v3/consult/show').map((c) => c.body)).toEqual([{ id: a.id, isShow: false }]));
    await userEvent.click(within(container).getByTestId(`consult-delete-${b.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(callsOf(fetch, 'DELETE', '/api/v3/consult')[0]!.url).toContain(`id=${b.id}`));
    await userEvent.click(within(container).getByTestId('consult-export'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/consult/export').map((c) => c.body)).toEqual([{ exhibitionId: EXHIBITION_ID }]));
  });

  it('speaks English under /live-en', async () => {
    applyLanguage('en');
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    serve();
    const { container } = renderScreen(<ConsultInfo />, '/live-en/index/consult/info');
    expect(await within(container).findByText('Visiting')).toBeInTheDocument();
    expect(within(container).getAllByText('Asked at').length).toBeGreaterThan(0);
  });
});

describe('host consult-audit/info', () => {
  it('asks the audit queue for pending consult items; approves one and rejects another with a reason', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const a = item(1);
    const b = item(2);
    const fetch = serve({ 'POST /api/Audit/Audit': (body) => ok({ decided: (body as { ids: string[] }).ids.length, items: [] }) }, [a, b]);
    const { container } = renderScreen(<ConsultAudit />, '/live/index/consult-audit/info');
    expect(await within(container).findByTestId(`consult-audit-row-${a.id}`)).toHaveTextContent('请问几点开门1');
    expect(callsOf(fetch, 'POST', '/api/Audit/GetAuditList')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, type: 'consult', state: 0 });
    await userEvent.click(within(container).getByTestId(`consult-approve-${a.id}`));
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/Audit/Audit').map((c) => c.body)).toEqual([{ ids: [record(a).id], approve: true }]));
    await userEvent.click(within(container).getByTestId(`consult-reject-${b.id}`));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '与展会无关');
    await userEvent.click(within(dialog).getByTestId('reject-confirm'));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/Audit/Audit')[1]?.body).toEqual({ ids: [record(b).id], approve: false, reason: '与展会无关' }));
  });
});
