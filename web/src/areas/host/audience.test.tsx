import { Role, type BackgroundJob, type Member, type MemberDetail } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../components/feedback.tsx';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, json, ok, page } from '../../test/fixtures.ts';
import Audience from './Audience.tsx';
import AudienceTask from './AudienceTask.tsx';

const member = (n: number, o: Partial<Member> = {}): Member => ({
  id: `00000000-0000-4000-b000-00000000000${n}`,
  userId: `00000000-0000-4000-c000-00000000000${n}`,
  exhibitionId: EXHIBITION_ID,
  name: `观众${n}`,
  phoneNumber: `1390000000${n}`,
  email: `visitor${n}@example.com`,
  company: '星河贸易',
  jobTitle: '采购',
  groupId: null,
  groupName: null,
  lang: 'zh',
  auditState: 0,
  auditReason: null,
  auditAt: null,
  blacklisted: false,
  blacklistReason: null,
  blacklistAt: null,
  ticketNo: null,
  createAt: '2026-11-20T02:00:00.000Z',
  ...o,
});
const one = member(1);
const two = member(2, { auditState: 1, groupId: 'vip', groupName: 'VIP' });
const detail: MemberDetail = { ...one, formType: 1, answers: [{ name: 'city', label: '所在城市', tagType: 11, value: ['浙江省', '杭州市'], text: '浙江省/杭州市' }] };

type Call = { path: string; query: URLSearchParams; method: string; body: unknown };
function serve(extra: (c: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const c = { path: url.pathname, query: url.searchParams, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(c);
    const answer = extra(c);
    if (answer) return answer;
    if (c.path === '/api/v1/member/page') return ok(page([one, two], 1, 10, 2));
    if (c.path === '/api/v1/member/groups') return ok([{ id: 'vip', name: 'VIP', count: 1 }]);
    if (c.path === `/api/v1/member/${one.id}` && c.method === 'GET') return ok(detail);
    if (c.path === '/api/v1/member/audit') return ok({ decided: 1, items: [{ ...one, auditState: 1 }] });
    if (c.path === `/api/v1/member/${one.id}` && c.method === 'PATCH') return ok({ ...one, blacklisted: true });
    throw new Error(`unexpected call ${c.method} ${c.path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

let spied: { mockRestore(): void } | null = null;
afterEach(() => {
  spied?.mockRestore();
  spied = null;
});

/** What the screen tells the person: the messages it shows, whichever antd App is current. */
function messages() {
  const error = vi.fn();
  spied = vi.spyOn(feedback, 'message').mockReturnValue({ success: vi.fn(), error, info: vi.fn(), warning: vi.fn() } as never);
  return error;
}

describe('visitors (admin/audience)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('lists the visitors and sends the filters', async () => {
    const calls = serve();
    const { container } = renderScreen(<Audience />, '/live/index/admin/audience');
    const c = within(container);
    expect(await c.findByText('观众1')).toBeInTheDocument();
    expect(c.getByText('VIP')).toBeInTheDocument();
    await userEvent.type(container.querySelector<HTMLInputElement>('#member-search_keyword')!, '星河{Enter}');
    await waitFor(() => expect(calls.some((x) => x.path === '/api/v1/member/page' && x.query.get('keyword') === '星河')).toBe(true));
    const last = calls.filter((x) => x.path === '/api/v1/member/page').at(-1)!;
    expect(last.query.get('exhibitionId')).toBe(EXHIBITION_ID);
  });

  it('approves the pending ones of a selection in one call', async () => {
    const calls = serve();
    const { container } = renderScreen(<Audience />, '/live/index/admin/audience');
    const c = within(container);
    await c.findByText('观众1');
    const boxes = [...container.querySelectorAll('tr.ant-table-row')].map((row) => row.querySelector<HTMLInputElement>('input[type=checkbox]')!);
    for (const box of boxes) await userEvent.click(box);
    await waitFor(() => expect(c.getByTestId('member-bulk-approve')).toBeEnabled());
    await userEvent.click(c.getByTestId('member-bulk-approve'));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid=approve-confirm]')!));
    await waitFor(() => expect(calls.find((x) => x.path === '/api/v1/member/audit')?.body).toEqual({ ids: [one.id], auditState: 1 }));
  });

  it('blacklists with a reason and shows the answers in the drawer', async () => {
    const calls = serve();
    const { container } = renderScreen(<Audience />, '/live/index/admin/audience');
    const c = within(container);
    await c.findByText('观众1');
    await userEvent.click(c.getByTestId(`member-blacklist-${one.id}`));
    await userEvent.type(await waitFor(() => document.querySelector<HTMLTextAreaElement>('[data-testid=blacklist-reason]')!), '刷票');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=blacklist-confirm]')!);
    await waitFor(() => expect(calls.find((x) => x.method === 'PATCH')?.body).toEqual({ blacklisted: true, blacklistReason: '刷票' }));
    await userEvent.click(c.getByTestId(`member-view-${one.id}`));
    const answers = await waitFor(() => document.querySelector<HTMLElement>('[data-testid=member-answers]')!);
    expect(answers).toHaveTextContent('所在城市');
    expect(answers).toHaveTextContent('浙江省/杭州市');
  });

  it('shows the server’s "already exists" when an e-mail is taken', async () => {
    const shown = messages();
    serve((c) => (c.path.endsWith('/email') ? json({ success: false, code: 4012, description: '邮箱已存在' }, 409) : undefined));
    const { container } = renderScreen(<Audience />, '/live/index/admin/audience');
    const c = within(container);
    await userEvent.click(await c.findByTestId(`member-view-${one.id}`));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid=member-edit-email]')!));
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('[data-testid=contact-email]')!);
    await userEvent.clear(input);
    await userEvent.type(input, 'visitor2@example.com');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=contact-save]')!);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('邮箱已存在', expect.anything()));
  });
});

const job = (o: Partial<BackgroundJob>): BackgroundJob => ({
  id: '00000000-0000-4000-d000-000000000001',
  type: 'member.export',
  state: 'running',
  progress: 40,
  processed: 2,
  total: 5,
  params: {},
  result: null,
  error: null,
  errorCode: null,
  exhibitionId: EXHIBITION_ID,
  hostId: null,
  createdBy: null,
  attempts: 1,
  files: {},
  createAt: '2026-11-20T02:00:00.000Z',
  updateAt: '2026-11-20T02:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...o,
});

describe('visitor export (admin/audience-task)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('starts an export with the conditions, follows its progress to done and offers the file', async () => {
    let reads = 0;
    const calls = serve((c) => {
      if (c.path === '/api/v1/member/export') return ok(job({ state: 'queued', progress: 0 }));
      if (c.path === '/api/v3/backgroundjob') return ok(++reads < 2 ? job({}) : job({ state: 'succeeded', progress: 100, result: { rows: 5 }, files: { output: { name: 'v.xlsx', url: '/x' } } }));
      if (c.path === '/api/v3/backgroundjob/query') return ok(page([], 1, 10, 0));
      return undefined;
    });
    const { container } = renderScreen(<AudienceTask />, '/live/index/admin/audience-task');
    const c = within(container);
    await userEvent.type(container.querySelector<HTMLInputElement>('#audience-export_keyword')!, '星河');
    await userEvent.click(c.getByTestId('audience-export-start'));
    await waitFor(() => expect(calls.find((x) => x.path === '/api/v1/member/export')?.body).toEqual({ exhibitionId: EXHIBITION_ID, filters: { keyword: '星河' } }));
    expect(await c.findByTestId(`job-progress-${job({}).id}`)).toBeInTheDocument();
    expect(await c.findByTestId('audience-export-done', {}, { timeout: 4000 })).toHaveTextContent('5');
    expect(c.getByTestId('audience-export-download')).toBeInTheDocument();
  });
});
