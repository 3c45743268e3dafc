import type { MyAppointment } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expoI18n } from '../i18n.ts';
import { EX, expoHome, fail, ok, show, signIn, stubFetch, type Answer } from '../../test/expoSite.tsx';
import { slotsByDay } from './AppointmentBook.tsx';

const X = '00000000-0000-4000-a000-0000000000aa';
const S1 = '00000000-0000-4000-a000-0000000008a1';
const S2 = '00000000-0000-4000-a000-0000000008a2';
const S3 = '00000000-0000-4000-a000-0000000008a3';
const M1 = '00000000-0000-4000-a000-0000000009a1';
const base = `/api/v1/expo/${EX}`;

const home = expoHome({ startAt: '2030-05-01T01:00:00.000Z', endAt: '2030-05-03T09:00:00.000Z', startTime: '', endTime: '', address: '', addressEn: '', state: 'upcoming' });
const booth = { id: X, exhibitionId: EX, company: { id: X, name: '上海华展科技', nameEn: null, logo: null, region: null, address: null, website: null, introduction: '', introductionEn: null }, banner: null, boothInfo: null, boothArea: null, booths: [], categories: [], likeCount: 0, followCount: 0, shareCount: 0, viewCount: 0, proCount: 0, products: [], reviews: [], albums: [], videos: [] };
// 09:00 and 09:30 on 1 May, 10:00 on 2 May, China Standard Time.
const slots = [
  { id: S1, startAt: '2030-05-01T01:00:00.000Z', endAt: '2030-05-01T01:30:00.000Z' },
  { id: S2, startAt: '2030-05-01T01:30:00.000Z', endAt: '2030-05-01T02:00:00.000Z' },
  { id: S3, startAt: '2030-05-02T02:00:00.000Z', endAt: '2030-05-02T02:30:00.000Z' },
];
const mine = (over: Partial<MyAppointment> = {}): MyAppointment => ({ id: M1, exhibitorId: X, companyName: '上海华展科技', boothInfo: 'A1-08', startAt: slots[0]!.startAt, endAt: slots[0]!.endAt, proposedStartAt: null, proposedEndAt: null, subject: '采购洽谈', message: null, state: 'pending', declineReason: null, shareContact: true, createAt: slots[0]!.startAt, ...over });
const boothRoutes = (extra: Record<string, (url: URL, init: RequestInit) => Answer> = {}) => ({
  [`GET ${base}`]: () => ok(home),
  [`GET ${base}/exhibitors/${X}`]: () => ok(booth),
  [`POST ${base}/exhibitors/${X}/view`]: () => ok({ viewCount: 1, likeCount: 0, followCount: 0, shareCount: 0 }),
  [`GET ${base}/exhibitors/${X}/mine`]: () => ok({ liked: false, followed: false }),
  [`GET ${base}/activities`]: () => ok({ pageIndex: 1, pageSize: 3, totalCount: 0, totalPages: 0, items: [] }),
  [`GET ${base}/live`]: () => ok({ pageIndex: 1, pageSize: 1, totalCount: 0, totalPages: 0, items: [] }),
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  void expoI18n.changeLanguage('zh-CN');
});
afterEach(() => vi.unstubAllGlobals());

describe('booking a meeting on the booth page', () => {
  it('groups the free times by day in China Standard Time', () => {
    expect(slotsByDay(slots).map(([day, list]) => [day, list.length])).toEqual([
      ['2030-05-01', 2],
      ['2030-05-02', 1],
    ]);
  });

  it('hides the button when the exhibitor offers no times (or the exhibition lacks the feature)', async () => {
    stubFetch(boothRoutes({ [`GET ${base}/exhibitors/${X}/slots`]: () => fail(403, 4019, '未开通') }));
    show(`/expo/${EX}/exhibitors/${X}`);
    expect(await screen.findByRole('heading', { name: '上海华展科技' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('appointment-book')).toBeNull();
  });

  it("shows no Enquire, Book meeting, Reviews or board entries, and asks for none of them, while the exhibition's features are off", async () => {
    const off = { ...boothRoutes({ [`GET ${base}/exhibitors/${X}/slots`]: () => ok(slots) }), [`GET ${base}`]: () => ok(expoHome({ features: [] })) };
    const fetch = stubFetch(off);
    show(`/expo/${EX}/exhibitors/${X}`);
    expect(await screen.findByRole('heading', { name: '上海华展科技' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('appointment-book')).toBeNull();
    expect(screen.queryByTestId('enquiry-button')).toBeNull();
    expect(screen.queryByRole('link', { name: '供需' })).toBeNull();
    const paths = fetch.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').pathname);
    expect(paths.filter((p) => /\/slots$|\/reviews|\/supply-demand/.test(p))).toEqual([]);
  });

  it('books a time with subject, message and shared contact; a time taken meanwhile is said and the list re-read', async () => {
    signIn();
    let taken = false;
    const fetch = stubFetch(
      boothRoutes({
        [`GET ${base}/exhibitors/${X}/slots`]: () => ok(taken ? slots.slice(1) : slots),
        [`POST ${base}/appointments`]: (_url, init) => {
          const body = JSON.parse(String(init.body)) as { slotId: string };
          if (body.slotId === S1) {
            taken = true;
            return fail(409, 4155, '该时段已被预约，请选择其他时段');
          }
          return ok(mine({ id: M1 }));
        },
      }),
    );
    show(`/expo/${EX}/exhibitors/${X}`);
    await userEvent.click(await screen.findByTestId('appointment-book'));
    const sheet = await screen.findByRole('dialog', { name: '预约洽谈' });
    expect(within(sheet).getByText('2030-05-02')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('radio', { name: '09:00–09:30' }));
    await userEvent.type(within(sheet).getByLabelText('洽谈主题'), '代理合作');
    await userEvent.click(within(sheet).getByTestId('appointment-submit'));
    expect(await within(sheet).findByText('该时段已被预约，请选择其他时段')).toBeInTheDocument();
    await waitFor(() => expect(within(sheet).queryByRole('radio', { name: '09:00–09:30' })).toBeNull());
    await userEvent.click(within(sheet).getByRole('radio', { name: '09:30–10:00' }));
    await userEvent.type(within(sheet).getByLabelText('留言（选填）'), '带样品');
    await userEvent.click(within(sheet).getByTestId('appointment-submit'));
    expect(await within(sheet).findByTestId('appointment-sent')).toBeInTheDocument();
    const posts = fetch.mock.calls.filter((c) => c[1]?.method === 'POST' && String(c[0]).endsWith('/appointments'));
    expect(JSON.parse(String(posts.at(-1)![1]!.body))).toEqual({ slotId: S2, subject: '代理合作', message: '带样品', shareContact: true });
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    stubFetch(boothRoutes({ [`GET ${base}/exhibitors/${X}/slots`]: () => ok(slots), [`GET ${base}/registration`]: () => ok({}) }));
    show(`/expo/${EX}/exhibitors/${X}`);
    const button = await screen.findByTestId('appointment-book');
    expect(button).toHaveTextContent('登录后预约');
  });
});

describe('my appointments', () => {
  it('answers a proposal and cancels a request after confirming', async () => {
    signIn();
    let state: MyAppointment = mine({ state: 'proposed', proposedStartAt: '2030-05-02T06:00:00.000Z', proposedEndAt: '2030-05-02T06:30:00.000Z' });
    const fetch = stubFetch({
      [`GET ${base}`]: () => ok(home),
      [`GET ${base}/appointments/mine`]: () => ok([state]),
      [`POST ${base}/appointments/${M1}/respond`]: () => ((state = mine({ state: 'accepted', startAt: '2030-05-02T06:00:00.000Z', endAt: '2030-05-02T06:30:00.000Z' })), ok(state)),
      [`POST ${base}/appointments/${M1}/cancel`]: () => ((state = mine({ state: 'cancelled' })), ok(state)),
    });
    show(`/expo/${EX}/me/appointments`);
    expect(await screen.findByText('展商建议改到：2030-05-02 14:00–14:30')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId(`my-appointment-accept-${M1}`));
    await waitFor(() => expect(screen.getByTestId(`my-appointment-state-${M1}`)).toHaveTextContent('已确认'));
    expect(JSON.parse(String(fetch.mock.calls.find((c) => String(c[0]).endsWith('/respond'))![1]!.body))).toEqual({ accept: true });
    expect(screen.getByTestId(`my-appointment-ics-${M1}`)).toHaveTextContent('添加到日历');
    await userEvent.click(screen.getByTestId(`my-appointment-cancel-${M1}`));
    await userEvent.click(screen.getByTestId(`my-appointment-cancel-confirm-${M1}`));
    await waitFor(() => expect(screen.getByTestId(`my-appointment-state-${M1}`)).toHaveTextContent('已取消'));
    expect(screen.getByRole('status')).toHaveTextContent('预约已取消');
  });
});
