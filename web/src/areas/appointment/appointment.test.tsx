import { Role, type Appointment, type AppointmentSlot } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import ExAppointments from './ExAppointments.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const STAFF = '00000000-0000-4000-a000-0000000007a1';
const when = '2031-05-01T01:00:00.000Z';
const later = '2031-05-01T01:30:00.000Z';

const appointment = (n: number, over: Partial<Appointment> = {}): Appointment => ({
  id: `00000000-0000-4000-a000-0000000006${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: '星河科技',
  slotId: null,
  staffId: null,
  staffName: null,
  startAt: when,
  endAt: later,
  proposedStartAt: null,
  proposedEndAt: null,
  subject: `采购洽谈${n}`,
  message: null,
  state: 'pending',
  declineReason: null,
  shareContact: false,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  contactCompany: null,
  decidedAt: null,
  createAt: when,
  updateAt: when,
  ...over,
});
const slot = (n: number, held: boolean): AppointmentSlot => ({ id: `00000000-0000-4000-a000-0000000008${String(n).padStart(2, '0')}`, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID, staffId: STAFF, staffName: '王经理', startAt: when, endAt: later, held });

function serve(items: Appointment[], slots: AppointmentSlot[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path === '/api/v3/exhibitorappointment/page') return ok(page(items, 1, 10, items.length));
    if (method === 'GET' && path === '/api/v3/exhibitorappointment/staff') return ok([{ id: STAFF, name: '王经理', position: '销售' }]);
    if (method === 'POST' && path === '/api/v3/exhibitorappointment/audit') return ok(items[0]);
    if (method === 'POST' && path === '/api/v3/exhibitorappointment/slot/page') return ok(page(slots, 1, 20, slots.length));
    if (method === 'DELETE' && path === '/api/v3/exhibitorappointment/slot') return ok(true);
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const callsOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));

describe('exhibitor enquiryNew (meeting requests)', () => {
  it('lists the requests with the contact only when shared, and accepts and declines', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const shared = appointment(1, { shareContact: true, contactName: '张三', contactCompany: '远航贸易', staffId: STAFF, staffName: '王经理' });
    const hidden = appointment(2, { state: 'accepted' });
    const fetch = serve([shared, hidden], []);
    const { container } = renderScreen(<ExAppointments />, '/ex-live/index/enquiryNew');
    const view = within(container);
    expect(await view.findByText('采购洽谈1')).toBeInTheDocument();
    expect(view.getByText('张三')).toBeInTheDocument();
    expect(view.getByText('远航贸易')).toBeInTheDocument();
    expect(view.getByText('未公开联系方式')).toBeInTheDocument();
    expect(view.getByTestId(`appointment-state-${hidden.id}`)).toHaveTextContent('已接受');
    expect(view.queryByTestId(`appointment-accept-${hidden.id}`)).toBeNull();
    expect(callsOf(fetch, 'POST', '/api/v3/exhibitorappointment/page')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitorId: EXHIBITOR_ID });

    await userEvent.click(view.getByTestId(`appointment-accept-${shared.id}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/exhibitorappointment/audit').map((c) => c.body)).toEqual([{ id: shared.id, state: 'accepted' }]));
    await userEvent.click(view.getByTestId(`appointment-decline-${shared.id}`));
    await userEvent.click(await screen.findByTestId(`appointment-decline-confirm-${shared.id}`));
    await waitFor(() => expect(callsOf(fetch, 'POST', '/api/v3/exhibitorappointment/audit').map((c) => c.body)[1]).toEqual({ id: shared.id, state: 'declined' }));
  });

  it('shows the offered times, held or free, and deletes a free one', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const [held, free] = [slot(1, true), slot(2, false)];
    const fetch = serve([], [held, free]);
    const { container } = renderScreen(<ExAppointments />, '/ex-live/index/enquiryNew');
    const view = within(container);
    await userEvent.click(await view.findByRole('tab', { name: '我的可预约时间' }));
    expect(await view.findByText('已被预约')).toBeInTheDocument();
    expect(view.getByText('空闲')).toBeInTheDocument();
    expect(view.queryByTestId(`appointment-slot-delete-${held.id}`)).toBeNull();
    expect(view.getByTestId('appointment-slots-create')).toBeInTheDocument();
    await userEvent.click(view.getByTestId(`appointment-slot-delete-${free.id}`));
    await userEvent.click(await screen.findByTestId(`appointment-slot-delete-confirm-${free.id}`));
    await waitFor(() => expect(callsOf(fetch, 'DELETE', '/api/v3/exhibitorappointment/slot').map((c) => c.url)).toEqual([expect.stringContaining(`id=${free.id}`)]));
  });
});
