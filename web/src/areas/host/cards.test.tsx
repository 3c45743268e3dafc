import { Role, type Card } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import Cards from './Cards.tsx';

const badge = (n: number, over: Partial<Card> = {}): Card => ({
  id: `00000000-0000-4000-a000-0000000002${String(n).padStart(2, '0')}`,
  exhibitorId: '00000000-0000-4000-a000-0000000000e1',
  exhibitionId: EXHIBITION_ID,
  compId: '00000000-0000-4000-a000-0000000000c1',
  companyName: '杭州云展科技',
  name: `员工${n}`,
  phone: '13800138000',
  email: null,
  position: '销售',
  idNumber: '110101199001011234',
  photo: null,
  type: 'staff',
  printed: false,
  printedAt: null,
  auditState: 0,
  auditReason: null,
  submitAt: '2026-03-01T02:00:00.000Z',
  auditAt: null,
  createAt: '2026-03-01T02:00:00.000Z',
  updateAt: '2026-03-01T02:00:00.000Z',
  ...over,
});
const rows = [badge(1), badge(2, { auditState: 1 }), badge(3, { auditState: 2, auditReason: '照片模糊' })];

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v3/exhibitorcard/query') return ok(page(rows, 1, 10, rows.length));
    if (path === '/api/v3/exhibitorcard/audit') return ok({ decided: 1, items: [] });
    if (path === '/api/v3/exhibitorcard/printed') return ok({ updated: 1 });
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (fetch: ReturnType<typeof serve>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).split('?')[0] === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

beforeEach(() => {
  queryClient.clear();
  signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
});
afterEach(() => vi.unstubAllGlobals());

const shown = () => renderScreen(<Cards />);

describe('admin/card', () => {
  it('asks for the current exhibition’s badges and offers each row what its state allows', async () => {
    const fetch = serve();
    shown();
    const table = await screen.findByTestId('card-table');
    await within(table).findByText('员工1');
    expect(bodyOf(fetch, '/api/v3/exhibitorcard/query')).toMatchObject({ exhibitionId: EXHIBITION_ID, pageIndex: 1 });
    // Pending: approve and reject; approved: print; rejected: neither, its reason shown.
    expect(screen.getByTestId(`card-approve-${rows[0]!.id}`)).toBeInTheDocument();
    expect(screen.queryByTestId(`card-print-${rows[0]!.id}`)).toBeNull();
    expect(screen.getByTestId(`card-print-${rows[1]!.id}`)).toHaveTextContent('标记已打印');
    expect(screen.queryByTestId(`card-approve-${rows[2]!.id}`)).toBeNull();
    expect(within(table).getByText('照片模糊')).toBeInTheDocument();
  });

  it('decides only the pending rows of a selection and prints only the approved ones', async () => {
    const fetch = serve();
    shown();
    const table = await screen.findByTestId('card-table');
    await within(table).findByText('员工1');
    await userEvent.click(within(table).getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(screen.getByTestId('card-bulk-approve')).toHaveTextContent('1'));
    expect(screen.getByTestId('card-bulk-printed')).toHaveTextContent('1');
    await userEvent.click(screen.getByTestId('card-bulk-printed'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v3/exhibitorcard/printed')).toEqual({ ids: [rows[1]!.id], printed: true }));
    await userEvent.click(screen.getByTestId('card-bulk-approve'));
    // Nothing is decided before the confirmation.
    expect(bodyOf(fetch, '/api/v3/exhibitorcard/audit')).toBeUndefined();
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v3/exhibitorcard/audit')).toEqual({ ids: [rows[0]!.id], approve: true }));
  });
});
