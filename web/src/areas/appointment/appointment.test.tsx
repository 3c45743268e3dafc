import { Role, type Appointment, type AppointmentSlot } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import type { BackgroundJob } from '@pavilion/contract';
import ExAppointments from './ExAppointments.tsx';
import { appointmentFiltersOf, HostAppointments } from './HostAppointments.tsx';

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
const exportJob: BackgroundJob = {
  id: '00000000-0000-4000-a000-000000000902',
  type: 'appointment.export',
  state: 'succeeded',
  progress: 100,
  processed: 3,
  total: 3,
  params: {},
  result: { rows: 3 },
  error: null,
  errorCode: null,
  exhibitionId: EXHIBITION_ID,
  hostId: '00000000-0000-4000-a000-000000000099',
  createdBy: '00000000-0000-4000-a000-000000000098',
  attempts: 1,
  files: { output: { name: '约见.xlsx', url: '/x' } },
  createAt: when,
  updateAt: when,
  startedAt: when,
  finishedAt: when,
};
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

describe('host appointments (live-enquiry/info, tab 约见)', () => {
  it('turns the search form into the page filters: a day is its local start and end', () => {
    const f = appointmentFiltersOf({ state: 'accepted', exhibitorId: EXHIBITOR_ID, day: '2031-05-01' });
    expect(f).toMatchObject({ state: 'accepted', exhibitorId: EXHIBITOR_ID });
    expect(new Date(f.from!).getTime()).toBeLessThan(new Date(f.to!).getTime());
    expect(appointmentFiltersOf({ state: 'nonsense' })).toEqual({});
  });

  it("lists the exhibition's appointments read-only, opens one, and exports through the standard job routes", async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const shared = appointment(1, { shareContact: true, contactName: '王先生', contactCompany: '星河贸易', state: 'accepted', staffName: '王经理' });
    const hidden = appointment(2);
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0]!;
      const method = init?.method ?? 'GET';
      if (method === 'POST' && path === '/api/v3/exhibitorappointment/page') return ok(page([shared, hidden], 1, 10, 2));
      if (method === 'POST' && path === '/api/v3/exhibitorappointment/export') return ok({ ...exportJob, state: 'queued', files: {}, result: null });
      if (method === 'GET' && path === '/api/v3/backgroundjob') return ok(exportJob);
      if (method === 'POST' && path === '/api/v1/exhibitor/query') return ok(page([], 1, 1000, 0));
      if (method === 'GET' && path.startsWith('/api/v1/exhibition')) return ok(null);
      throw new Error(`unexpected call ${method} ${path}`);
    });
    vi.stubGlobal('fetch', fetch);
    const { container } = renderScreen(<HostAppointments exhibitionId={EXHIBITION_ID} />, '/live/index/live-enquiry/info');
    const view = within(container);
    expect(await view.findByText('采购洽谈1')).toBeInTheDocument();
    expect(view.getByText('王先生 / 星河贸易')).toBeInTheDocument();
    expect(view.getByText('未公开联系方式')).toBeInTheDocument();
    expect(view.queryByTestId(`appointment-accept-${hidden.id}`)).toBeNull();
    const pageCall = fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v3/exhibitorappointment/page'))!;
    expect(JSON.parse(String(pageCall[1]!.body))).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID });

    await userEvent.click(view.getByTestId(`host-appointment-open-${shared.id}`));
    expect(await screen.findByTestId('host-appointment-detail')).toHaveTextContent('王经理');

    await userEvent.click(view.getByTestId('appointment-export'));
    expect(await view.findByTestId('appointment-export-done')).toHaveTextContent('已导出 3 条');
    const exportCall = fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v3/exhibitorappointment/export'))!;
    expect(JSON.parse(String(exportCall[1]!.body))).toEqual({ exhibitionId: EXHIBITION_ID });
  });
});
