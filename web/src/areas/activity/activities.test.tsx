import { ErrorCode, Role, type Activity, type ActivityCategory } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, exhibition, json, ok, page } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { activityBody, activityFormValues, endsAfter } from './ActivityEditor.tsx';
import ExActivities from './ExActivities.tsx';
import ExActivityEdit from './ExActivityEdit.tsx';
import ActDisplay from './ActDisplay.tsx';
import { AllActivities, LiveTask, RegistrationActivities } from './HostActivities.tsx';
import HostActivityEdit from './HostActivityEdit.tsx';
import { activityFiltersOf, exhibitionDays } from './shared.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const HALL = '00000000-0000-4000-a000-0000000000d1';
const ROOT = '00000000-0000-4000-a000-0000000000f1';
const LEAF = '00000000-0000-4000-a000-0000000000f2';
const when = '2026-05-01T01:00:00.000Z';
const category = (id: string, name: string, parentId: string | null): ActivityCategory => ({ id, exhibitionId: EXHIBITION_ID, parentId, name, nameEn: null, level: parentId ? 2 : 1, showIndex: 0, createAt: when, updateAt: when });
const categories = [category(ROOT, '论坛', null), category(LEAF, '主论坛', ROOT)];
const hall = { id: HALL, exhibitionId: EXHIBITION_ID, name: '1号馆', nameEn: 'Hall 1', code: null, floor: null, area: null, mapUrl: null, description: null, showIndex: 0, createAt: when, updateAt: when };

const activity = (n: number, over: Partial<Activity> = {}): Activity => ({
  id: `00000000-0000-4000-a000-0000000003${String(n).padStart(2, '0')}`,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: EXHIBITOR_ID,
  companyName: '杭州云展科技',
  categoryId: null,
  hallId: HALL,
  kind: 'launch',
  title: `新品发布会${n}`,
  titleEn: `Launch ${n}`,
  cover: null,
  introductionZh: '<p>介绍</p>',
  introductionEn: '',
  venue: 'A 区舞台',
  startAt: '2026-05-01T02:00:00.000Z',
  endAt: '2026-05-01T03:00:00.000Z',
  regEnabled: false,
  regStartAt: null,
  regEndAt: null,
  capacity: null,
  waitlist: false,
  regCount: 0,
  waitCount: 0,
  viewCount: 0,
  state: 'published',
  phase: 'upcoming',
  liveApplyState: null,
  liveApplyReason: null,
  liveAppliedAt: null,
  liveAuditAt: null,
  liveOpen: false,
  isShow: true,
  showIndex: 0,
  auditState: 0,
  auditReason: null,
  submitAt: when,
  auditAt: null,
  createAt: when,
  updateAt: when,
  ...over,
});

type Handler = (body: unknown, url: string) => Response | undefined;
const settingsOf = (on: boolean) => ({ enabledActivityReg: on, enabledActivityCategory: on, enabledConcurrentActivity: true, homeActivity: { col: 3, row: 1 } });

/** The fake API: the given handlers first, then the reads every activity screen makes. */
function serve(handlers: Record<string, Handler> = {}, opts: { list?: Activity[]; toggles?: boolean } = {}) {
  const list = opts.list ?? [activity(1)];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const own = handlers[`${method} ${path}`]?.(body, url);
    if (own) return own;
    if (method === 'POST' && path === '/api/v3/activity/query') return ok(page(list, 1, 10, list.length));
    if (method === 'GET' && path === '/api/v3/activity') return ok(list.find((a) => url.includes(a.id)) ?? list[0]);
    if (path === '/api/v3/activitycategory/list') return ok(categories);
    if (path === '/api/exhall/GetByExhibition') return ok([hall]);
    if (path === '/api/v1/settings/exhibition') return ok(settingsOf(opts.toggles ?? true));
    if (path === '/api/v1/exhibition') return ok({ ...exhibition(1), id: EXHIBITION_ID, startAt: '2026-05-01T01:00:00.000Z', endAt: '2026-05-03T09:00:00.000Z' });
    if (path === '/api/v1/exhibitor/query') return ok(page([{ id: EXHIBITOR_ID, company: { name: '杭州云展科技' } }], 1, 1000, 1));
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodiesOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));
const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!button) throw new Error('no confirmation open');
    return button;
  });
const openModal = () =>
  waitFor(() => {
    const modal = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((m) => m.offsetParent !== null || !m.closest('[style*="display: none"]'));
    if (!modal) throw new Error('no dialog open');
    return modal;
  });

afterEach(() => applyLanguage('zh-CN'));

describe('activity list rules', () => {
  it('turns the search form into the contract’s filters, leaving out what is empty or unknown', () => {
    expect(activityFiltersOf({ keyword: '发布', kind: 'launch', owner: 'exhibitor', categoryId: LEAF, hallId: HALL, day: '2026-05-01', auditState: '0', liveApplyState: '1', phase: 'ongoing', isShow: 'false' })).toEqual({
      keyword: '发布',
      kind: 'launch',
      owner: 'exhibitor',
      categoryId: LEAF,
      hallId: HALL,
      day: '2026-05-01',
      auditState: 0,
      liveApplyState: 1,
      phase: 'ongoing',
      isShow: false,
    });
    expect(activityFiltersOf({ kind: 'party', owner: 'visitor', auditState: '7', day: 'tomorrow', phase: '' })).toEqual({});
  });

  it('offers each day of the exhibition once', () => {
    expect(exhibitionDays('2026-05-01T01:00:00.000Z', '2026-05-03T09:00:00.000Z')).toHaveLength(3);
    expect(exhibitionDays(undefined, '2026-05-03T09:00:00.000Z')).toEqual([]);
  });
});

describe('all-activity/home', () => {
  const pending = activity(1);
  const host = activity(2, { exhibitorId: null, companyName: null, auditState: 1, title: '开幕式' });

  it('lists the exhibition’s activities and searches with the filter in the request body', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve({}, { list: [pending, host] });
    const { container } = renderScreen(<AllActivities />, '/live/index/all-activity/home');
    const c = within(container);
    expect(await c.findByText('新品发布会1')).toBeInTheDocument();
    expect(c.getByText('开幕式').closest('tr')).toHaveTextContent('主办方');
    expect(c.getByText('新品发布会1').closest('tr')).toHaveTextContent('杭州云展科技');
    expect(c.getByTestId(`activity-details-${pending.id}`)).toHaveAttribute('href', `/live/index/act-control/details?id=${pending.id}`);
    expect(bodiesOf(fetch, 'POST', '/api/v3/activity/query')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID });

    await userEvent.type(container.querySelector<HTMLInputElement>('#activity-all-search_keyword')!, '发布');
    await userEvent.click(container.querySelector<HTMLButtonElement>('form[id="activity-all-search"] button[type="submit"]')!);
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/query').at(-1)!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, keyword: '发布' }));
  });

  it('approves one pending activity and rejects another with its reason', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve({ 'POST /api/v3/activity/audit': () => ok({ decided: 1, items: [] }) }, { list: [pending, host] });
    const { container } = renderScreen(<AllActivities />, '/live/index/all-activity/home');
    const c = within(container);
    await c.findByText('新品发布会1');
    expect(c.queryByTestId(`activity-approve-${host.id}`)).toBeNull();
    await userEvent.click(c.getByTestId(`activity-approve-${pending.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/audit')[0]?.body).toEqual({ ids: [pending.id], approve: true }));

    await userEvent.click(c.getByTestId(`activity-reject-${pending.id}`));
    const reason = await screen.findByLabelText('驳回原因');
    await userEvent.type(reason, '时间与主论坛冲突');
    await userEvent.click(screen.getByTestId('reject-confirm'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/audit')[1]?.body).toEqual({ ids: [pending.id], approve: false, reason: '时间与主论坛冲突' }));
  });

  it('rejects every pending activity the filter matches through batchaudit, with the filter and the reason', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve({ 'POST /api/v3/batchaudit': () => ok({ decided: 4 }) }, { list: [pending] });
    const { container } = renderScreen(<AllActivities />, '/live/index/all-activity/home');
    const c = within(container);
    await c.findByText('新品发布会1');
    await userEvent.type(container.querySelector<HTMLInputElement>('#activity-all-search_keyword')!, '发布');
    await userEvent.click(container.querySelector<HTMLButtonElement>('form[id="activity-all-search"] button[type="submit"]')!);
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/query')).toHaveLength(2));

    await userEvent.click(c.getByTestId('activity-matching-reject'));
    await openModal();
    await userEvent.type(await screen.findByLabelText('驳回原因'), '资料不全');
    await userEvent.click(screen.getByTestId('activity-matching-reject-confirm'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/batchaudit')[0]?.body).toEqual({ exhibitionId: EXHIBITION_ID, keyword: '发布', approve: false, reason: '资料不全' }));
    expect(await screen.findByText('已处理 4 项')).toBeInTheDocument();
  });

  it('approves the selected pending activities together', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const second = activity(3);
    const fetch = serve({ 'POST /api/v3/activity/audit': () => ok({ decided: 2, items: [] }) }, { list: [pending, second, host] });
    const { container } = renderScreen(<AllActivities />, '/live/index/all-activity/home');
    const c = within(container);
    await c.findByText('新品发布会1');
    const boxes = container.querySelectorAll<HTMLInputElement>('tbody tr[data-row-key] input[type="checkbox"]');
    expect([...boxes].map((b) => b.disabled)).toEqual([false, false, true]);
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await userEvent.click(c.getByTestId('activity-bulk-approve'));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/audit')[0]?.body).toEqual({ ids: [pending.id, second.id], approve: true }));
  });

  it('cancels an activity and hides another', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve(
      {
        'PATCH /api/v3/activity/state': (body) => ok({ ...pending, ...(body as object) }),
        'PUT /api/v3/activity/SetShow': (body) => ok({ ...host, ...(body as object) }),
      },
      { list: [pending, host] },
    );
    const { container } = renderScreen(<AllActivities />, '/live/index/all-activity/home');
    const c = within(container);
    await c.findByText('新品发布会1');
    await userEvent.click(c.getByTestId(`activity-state-${pending.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'PATCH', '/api/v3/activity/state')[0]).toEqual({ url: `/api/v3/activity/state?id=${pending.id}`, body: { state: 'cancelled' } }));
    await userEvent.click(c.getByTestId(`activity-show-${host.id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/SetShow')[0]?.body).toEqual({ id: host.id, isShow: false }));
  });
});

describe('all-activity/task', () => {
  it('lists pending live applications, approves one, and opens an approved one', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const applied = activity(4, { liveApplyState: 0, auditState: 1 });
    const approved = activity(5, { liveApplyState: 1, auditState: 1 });
    const fetch = serve({
      'POST /api/v3/activity/query': (body) => ok(page((body as { liveApplyState: number }).liveApplyState === 1 ? [approved] : [applied], 1, 10, 1)),
      'POST /api/v3/activity/audit/live': () => ok({ decided: 1, items: [] }),
      'PUT /api/v3/activity/open-live': (body) => ok({ ...approved, liveOpen: (body as { open: boolean }).open }),
    });
    const { container } = renderScreen(<LiveTask />, '/live/index/all-activity/task');
    const c = within(container);
    await c.findByText('新品发布会4');
    expect(bodiesOf(fetch, 'POST', '/api/v3/activity/query')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, liveApplyState: 0 });
    await userEvent.click(c.getByTestId(`activity-live-approve-${applied.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/audit/live')[0]?.body).toEqual({ ids: [applied.id], approve: true }));

    await userEvent.click(c.getByTestId('activity-live-tab-approved'));
    await userEvent.click(await c.findByTestId(`activity-live-open-${approved.id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/open-live')[0]).toEqual({ url: `/api/v3/activity/open-live?id=${approved.id}`, body: { open: true } }));
  });
});

describe('the activity editor', () => {
  it('builds the body from the form, leaving out what the exhibition’s toggles switch off', () => {
    const values = { ...activityFormValues(activity(1, { regEnabled: true, capacity: 50, categoryId: LEAF })), titleEn: '  ' };
    expect(activityBody(values, { category: false, registration: false }, true)).toEqual({
      title: '新品发布会1',
      titleEn: null,
      kind: 'launch',
      hallId: HALL,
      venue: 'A 区舞台',
      startAt: '2026-05-01T02:00:00.000Z',
      endAt: '2026-05-01T03:00:00.000Z',
      cover: null,
      introductionZh: '<p>介绍</p>',
      introductionEn: '',
      isShow: true,
      showIndex: 0,
      draft: true,
    });
    expect(activityBody(values, { category: true, registration: true }, false)).toMatchObject({ categoryId: LEAF, regEnabled: true, capacity: 50, waitlist: false, regStartAt: null, draft: false });
    expect(endsAfter(dayjs('2026-05-01T03:00:00Z'), dayjs('2026-05-01T02:00:00Z'))).toBe(false);
    expect(endsAfter(dayjs('2026-05-01T02:00:00Z'), dayjs('2026-05-01T03:00:00Z'))).toBe(true);
  });

  it('hides category and registration while the exhibition has them off', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    serve({}, { toggles: false });
    const { container } = renderScreen(<HostActivityEdit />, '/live/index/all-activity/add');
    const c = within(container);
    expect(await c.findByTestId('activity-reg-off')).toBeInTheDocument();
    expect(c.queryByTestId('activity-category')).toBeNull();
    expect(c.queryByTestId('activity-reg-enabled')).toBeNull();
    expect(c.getByTestId('activity-hall')).toBeInTheDocument();
    expect(c.queryByTestId('activity-draft')).toBeNull();
  });

  it('shows category and registration when on, and the registration fields once registration is switched on', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    serve({}, { toggles: true });
    const { container } = renderScreen(<HostActivityEdit />, '/live/index/all-activity/add');
    const c = within(container);
    expect(await c.findByTestId('activity-category')).toBeInTheDocument();
    expect(c.queryByTestId('activity-reg-fields')).toBeNull();
    await userEvent.click(c.getByTestId('activity-reg-enabled'));
    expect(await c.findByTestId('activity-reg-fields')).toBeInTheDocument();
    expect(c.getByTestId('activity-capacity')).toBeInTheDocument();
  });

  it('refuses an end before the start, under the end field, without calling the server', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const wrong = activity(1, { startAt: '2026-05-01T05:00:00.000Z', endAt: '2026-05-01T03:00:00.000Z' });
    const fetch = serve({}, { list: [wrong] });
    const { container } = renderScreen(<ExActivityEdit />, `/ex-live/index/act-control/edit?id=${wrong.id}`);
    expect(await within(container).findByDisplayValue('新品发布会1')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId('activity-submit'));
    await waitFor(() => expect(container.querySelector('#activity_endAt_help')).toHaveTextContent('结束时间须晚于开始时间'));
    expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/patch')).toHaveLength(0);
  });

  it('saves an exhibitor’s draft, then submits it for review', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const mine = activity(1, { auditState: -3 });
    const fetch = serve({ 'PUT /api/v3/activity/patch': (body) => ok({ ...mine, auditState: (body as { draft: boolean }).draft ? -3 : 0 }) }, { list: [mine] });
    const view = renderScreen(<ExActivityEdit />, `/ex-live/index/act-control/edit?id=${mine.id}`);
    const c = within(view.container);
    const title = await c.findByDisplayValue('新品发布会1');
    await userEvent.clear(title);
    await userEvent.type(title, '秋季新品发布会');
    await userEvent.click(c.getByTestId('activity-draft'));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/patch')).toHaveLength(1));
    const draft = bodiesOf(fetch, 'PUT', '/api/v3/activity/patch')[0]!;
    expect(draft.url).toBe(`/api/v3/activity/patch?id=${mine.id}`);
    expect(draft.body).toMatchObject({ title: '秋季新品发布会', draft: true, startAt: mine.startAt, endAt: mine.endAt, regEnabled: false });
    expect(await screen.findByText('草稿已保存')).toBeInTheDocument();

    // Saving leaves for the list; the form opened again submits the activity for review.
    view.unmount();
    const again = within(renderScreen(<ExActivityEdit />, `/ex-live/index/act-control/edit?id=${mine.id}`).container);
    await again.findByDisplayValue('新品发布会1');
    await userEvent.click(again.getByTestId('activity-submit'));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/patch')).toHaveLength(2));
    expect(bodiesOf(fetch, 'PUT', '/api/v3/activity/patch')[1]!.body).toMatchObject({ draft: false });
    expect(await screen.findByText('已提交，等待主办方审核')).toBeInTheDocument();
  });

  it('submits a new exhibitor activity for review with the exhibition and the picked start and end', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const fetch = serve({ 'POST /api/v3/activity': (body) => ok({ ...activity(9), ...(body as object), auditState: 0 }) }, { toggles: false });
    const { container } = renderScreen(<ExActivityEdit />, '/ex-live/index/act-control/add');
    const c = within(container);
    await userEvent.type(await c.findByTestId('activity-title'), '新品发布会');
    const start = container.querySelector<HTMLInputElement>('#activity_startAt')!;
    await userEvent.click(start);
    await userEvent.type(start, '2026-05-01 10:00{Enter}');
    const end = container.querySelector<HTMLInputElement>('#activity_endAt')!;
    await userEvent.click(end);
    await userEvent.type(end, '2026-05-01 11:30{Enter}');
    await userEvent.click(c.getByTestId('activity-submit'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity')).toHaveLength(1));
    const body = bodiesOf(fetch, 'POST', '/api/v3/activity')[0]!.body;
    expect(body).toMatchObject({ exhibitionId: EXHIBITION_ID, title: '新品发布会', kind: 'forum', draft: false, startAt: dayjs('2026-05-01 10:00').toISOString(), endAt: dayjs('2026-05-01 11:30').toISOString() });
    expect(body).not.toHaveProperty('regEnabled');
    expect(body).not.toHaveProperty('categoryId');
    expect(body).not.toHaveProperty('exhibitorId');
    expect(await screen.findByText('已提交，等待主办方审核')).toBeInTheDocument();
  });

  it('puts the server’s overlap refusal under the start field', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const mine = activity(1, { exhibitorId: null, companyName: null });
    const message = '与“开幕式”在同一展馆时间重叠';
    serve({ 'PUT /api/v3/activity/patch': () => json({ success: false, code: ErrorCode.ActivityOverlap, description: message, field: 'startAt', errors: [{ field: 'startAt', message }] }, 409) }, { list: [mine] });
    const { container } = renderScreen(<HostActivityEdit />, `/live/index/all-activity/host-edit?id=${mine.id}`);
    expect(await within(container).findByDisplayValue('新品发布会1')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId('activity-submit'));
    await waitFor(() => expect(container.querySelector('#activity_startAt_help')).toHaveTextContent(message));
  });
});

describe('the exhibitor’s activity list (act-control/list)', () => {
  it('shows the review state with the reason and the live application, and applies to stream', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    const rejected = activity(1, { auditState: 2, auditReason: '封面不清晰' });
    const live = activity(2, { auditState: 1, liveApplyState: 1, liveOpen: true });
    const fetch = serve({ 'POST /api/v3/activity/apply-live': () => ok({ ...rejected, liveApplyState: 0 }) }, { list: [rejected, live] });
    const { container } = renderScreen(<ExActivities />, '/ex-live/index/act-control/list');
    const c = within(container);
    const table = await c.findByTestId('activity-table');
    expect(await within(table).findByText('新品发布会1')).toBeInTheDocument();
    expect(within(table).getByTestId(`activity-reason-${rejected.id}`)).toHaveTextContent('封面不清晰');
    expect(within(table).getByText('直播中')).toBeInTheDocument();
    expect(within(table).queryByTestId(`activity-apply-live-${live.id}`)).toBeNull();
    expect(c.getByTestId(`activity-details-${rejected.id}`)).toHaveAttribute('href', `/ex-live/index/act-control/details?id=${rejected.id}`);
    expect(bodiesOf(fetch, 'POST', '/api/v3/activity/query')[0]!.body).toEqual({ pageIndex: 1, pageSize: 10, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });

    await userEvent.click(within(table).getByTestId(`activity-apply-live-${rejected.id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity/apply-live')[0]?.url).toBe(`/api/v3/activity/apply-live?id=${rejected.id}`));
  });

  it('keeps the action column unfixed, so no data column hides under it, with icon buttons named in English on the English path', async () => {
    applyLanguage('en');
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
    serve({}, { list: [activity(1)] });
    const { container } = renderScreen(<ExActivities />, '/ex-live-en/index/act-control/list');
    const table = await within(container).findByTestId('activity-table');
    expect(await within(table).findByText('Launch 1')).toBeInTheDocument();
    expect(table.querySelector('.ant-table-cell-fix-end, .ant-table-cell-fix-right')).toBeNull();
    expect(within(table).getByTestId(`activity-edit-${activity(1).id}`)).toHaveAttribute('aria-label', 'Edit');
    expect(within(table).getByTestId(`activity-edit-${activity(1).id}`)).not.toHaveTextContent('Edit');
  });
});

describe('act-control/list', () => {
  it('shows registered, waiting and seats, and links each activity to its details', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const full = activity(2, { regEnabled: true, capacity: 200, regCount: 74, waitlist: true, waitCount: 5 });
    const open = activity(3, { regEnabled: true, capacity: null, regCount: 12 });
    serve({}, { list: [full, open, activity(1)] });
    const { container } = renderScreen(<RegistrationActivities />, '/live/index/act-control/list');
    const c = within(container);
    expect(await c.findByTestId(`activity-reg-${full.id}`)).toHaveTextContent('已报名 74 / 200候补 5');
    expect(c.getByTestId(`activity-reg-${open.id}`)).toHaveTextContent('已报名 12 / 不限');
    expect(c.getByText('新品发布会1').closest('tr')).toHaveTextContent('未开启报名');
    expect(c.getByTestId(`activity-details-${full.id}`)).toHaveAttribute('href', `/live/index/act-control/details?id=${full.id}`);
    expect(c.queryByTestId(`activity-delete-${full.id}`)).toBeNull();
  });
});

describe('admin/actAdd', () => {
  it('adds an activity for the exhibitor named in the address', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve({ 'POST /api/v3/activity': (body) => ok({ ...activity(9), ...(body as object), auditState: 1 }) }, { toggles: false });
    const { container } = renderScreen(<HostActivityEdit />, `/live/index/admin/actAdd?exhibitorId=${EXHIBITOR_ID}`);
    const c = within(container);
    expect(await c.findByText('杭州云展科技')).toBeInTheDocument();
    await userEvent.type(await c.findByTestId('activity-title'), '发布会');
    for (const [field, value] of [['startAt', '2026-05-02 09:00'], ['endAt', '2026-05-02 10:00']] as const) {
      const input = container.querySelector<HTMLInputElement>(`#activity_${field}`)!;
      await userEvent.click(input);
      await userEvent.type(input, `${value}{Enter}`);
    }
    await userEvent.click(c.getByTestId('activity-submit'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activity')[0]?.body).toMatchObject({ exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID, title: '发布会', draft: false }));
  });
});

describe('manage/act-display', () => {
  it('saves the changed activity switch only, and adds a top category', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve({
      'PUT /api/v1/settings/exhibition/patch': (body) => ok({ ...settingsOf(true), ...(body as object) }),
      'POST /api/v3/activitycategory': (body) => ok({ ...category('00000000-0000-4000-a000-0000000000f9', '展商发布', null), ...(body as object) }),
    });
    const { container } = renderScreen(<ActDisplay />, '/live/index/manage/act-display');
    const c = within(container);
    await userEvent.click(await c.findByTestId('act-display-enabledActivityReg'));
    await userEvent.click(c.getByTestId('actDisplay-save'));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v1/settings/exhibition/patch')[0]?.body).toEqual({ enabledActivityReg: false }));

    expect(await c.findByTestId(`activity-category-${ROOT}`)).toHaveTextContent('论坛');
    await userEvent.click(c.getByTestId('activity-category-add'));
    await userEvent.type(await screen.findByLabelText('分类名称'), '展商发布');
    await userEvent.click(screen.getByTestId('activity-category-submit'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/activitycategory')[0]?.body).toEqual({ exhibitionId: EXHIBITION_ID, parentId: null, name: '展商发布', nameEn: null, showIndex: 0 }));
  });
});
