import { Role, type Exhibitor } from '@pavilion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, host, ok } from '../../test/fixtures.ts';
import { sessionStore } from '../../session/store.ts';
import { TaskList } from './TaskList.tsx';

const exhibitorRow = (n: number, handedIn: boolean): Exhibitor =>
  ({
    id: `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`,
    compId: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`,
    exhibitionId: EXHIBITION_ID,
    boothInfo: `A${n}`,
    createAt: '2026-01-01T00:00:00.000Z',
    company: { id: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`, name: `${handedIn ? '已交' : '未交'}公司 ${n}`, nameEn: null, logo: null, region: null, address: null },
  }) as Exhibitor;

/** 12 exhibitors that handed in, 3 that did not; the server filters by the `has<X>` flag and the company name. */
const all = [...Array.from({ length: 12 }, (_, i) => exhibitorRow(i + 1, true)), ...Array.from({ length: 3 }, (_, i) => exhibitorRow(i + 20, false))];

function stubServer() {
  const queries: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/v1/exhibitor/query') {
      const body = JSON.parse(String(init?.body)) as { pageIndex: number; pageSize: number; companyName?: string; hasInvoice?: boolean };
      queries.push(body);
      const rows = all.filter((e) => (body.hasInvoice === undefined || e.company.name.startsWith(body.hasInvoice ? '已交' : '未交')) && (!body.companyName || e.company.name.includes(body.companyName)));
      const items = rows.slice((body.pageIndex - 1) * body.pageSize, body.pageIndex * body.pageSize);
      return ok({ pageIndex: body.pageIndex, pageSize: body.pageSize, totalCount: rows.length, totalPages: Math.ceil(rows.length / body.pageSize), items });
    }
    if (url.pathname === '/api/staff/GetDefault') {
      const compId = url.searchParams.get('compId')!;
      return ok(compId.endsWith('000000000001') ? { id: compId, compId, name: '张经理', position: null, phoneNumber: '13800000001', email: null, isDefault: true, createAt: '2026-01-01T00:00:00.000Z' } : null);
    }
    throw new Error(url.pathname);
  });
  vi.stubGlobal('fetch', fetch);
  return queries;
}

const renderList = (props: Partial<Parameters<typeof TaskList>[0]> = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TaskList filter="hasInvoice" done title="hostSvc.route.invoiceTask" {...props} />
    </QueryClientProvider>,
  );
const rows = () => screen.getAllByRole('row').slice(1);

describe('TaskList', () => {
  beforeEach(() => {
    sessionStore.set({
      token: 'access',
      auth: { access_token: 'access', refresh_token: 'r', expires_in: 900, expiresAt: Date.now() + 900_000 },
      role: Role.Host,
      hostId: host.id,
      host,
      exhibitionId: EXHIBITION_ID,
    });
  });

  it('lists the current exhibition’s exhibitors with the flag, with booth and default contact, paged', async () => {
    const queries = stubServer();
    renderList();
    expect(await screen.findByText('已交公司 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '发票提交情况' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(queries[0]).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, hasInvoice: true });
    expect(within(rows()[0]!).getByText('A1')).toBeInTheDocument();
    expect(await within(rows()[0]!).findByText('张经理')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('13800000001')).toBeInTheDocument();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTitle('2'));
    expect(await screen.findByText('已交公司 12')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it('searches by company name and lists the ones without the flag when done is false', async () => {
    const queries = stubServer();
    renderList({ done: false, title: 'hostSvc.route.periodicalTaskNot' });
    expect(await screen.findByText('未交公司 20')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('公司名称'), '21');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('未交公司 21')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ companyName: '21', hasInvoice: false, pageIndex: 1 });
  });

  it('switches between done and not done with the toggle, and renders per-row actions', async () => {
    const queries = stubServer();
    const onAct = vi.fn();
    renderList({ toggle: true, actions: (row) => <Button onClick={() => onAct(row.id)}>act</Button> });
    await screen.findByText('已交公司 1');
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('task-toggle')).getByText('未提交'));
    expect(await screen.findByText('未交公司 20')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ hasInvoice: false });
    await user.click(within(rows()[0]!).getByRole('button', { name: 'act' }));
    expect(onAct).toHaveBeenCalledWith(all[12]!.id);
  });

  it('asks for an exhibition when none is chosen', () => {
    sessionStore.set({ exhibitionId: null });
    stubServer();
    renderList();
    expect(screen.getByText('请先在首页选择当前展会')).toBeInTheDocument();
  });
});
