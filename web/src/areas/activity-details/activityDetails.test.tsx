import { ErrorCode, JobType, Role, type Activity, type ActivityLivePost, type ActivityReg, type ActivitySchedule, type ActivityTicketType, type BackgroundJob } from '@pavilion/contract';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXHIBITION_ID, json, ok, page } from '../../test/fixtures.ts';
import { setNavigator } from '../../session/navigation.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import ActivityDetails from './ActivityDetails.tsx';
import ActivityDownTask from './ActivityDownTask.tsx';
import { agendaTimeError } from './agendaRules.ts';

const ACT = '00000000-0000-4000-e000-000000000001';
const activity: Activity = {
  id: ACT,
  exhibitionId: EXHIBITION_ID,
  exhibitorId: null,
  companyName: null,
  categoryId: null,
  hallId: null,
  kind: 'forum',
  title: '新能源论坛',
  titleEn: 'New energy forum',
  cover: null,
  introductionZh: '<p>论坛简介</p>',
  introductionEn: '',
  venue: 'A 厅',
  startAt: '2026-12-01T02:00:00.000Z',
  endAt: '2026-12-01T06:00:00.000Z',
  regEnabled: true,
  regStartAt: null,
  regEndAt: null,
  capacity: 200,
  waitlist: true,
  regCount: 37,
  waitCount: 4,
  viewCount: 1024,
  state: 'published',
  phase: 'upcoming',
  liveApplyState: 0,
  liveApplyReason: null,
  liveAppliedAt: null,
  liveAuditAt: null,
  liveOpen: false,
  isShow: true,
  showIndex: 0,
  auditState: 1,
  auditReason: null,
  submitAt: null,
  auditAt: null,
  createAt: '2026-11-01T00:00:00.000Z',
  updateAt: '2026-11-01T00:00:00.000Z',
};
const inside: ActivitySchedule = { id: '00000000-0000-4000-e000-000000000011', activityId: ACT, title: '开幕致辞', titleEn: null, startAt: '2026-12-01T02:00:00.000Z', endAt: '2026-12-01T02:30:00.000Z', speakers: [{ name: '张三', title: '主席', avatar: null }], description: '', showIndex: 0 };
// Past the activity's end (the activity was shortened after the item was saved).
const outside: ActivitySchedule = { ...inside, id: '00000000-0000-4000-e000-000000000012', title: '闭幕', startAt: '2026-12-01T05:30:00.000Z', endAt: '2026-12-01T07:00:00.000Z', speakers: [] };
const vip: ActivityTicketType = { id: '00000000-0000-4000-e000-000000000021', activityId: ACT, name: '贵宾票', nameEn: 'VIP', quantity: 50, taken: 12, saleStartAt: null, saleEndAt: null, showIndex: 0 };
const reg: ActivityReg = { id: '00000000-0000-4000-e000-000000000031', activityId: ACT, exhibitionId: EXHIBITION_ID, memberId: '00000000-0000-4000-e000-000000000041', ticketTypeId: vip.id, ticketTypeName: '贵宾票', status: 'registered', name: '李四', phoneNumber: '13800000000', email: null, company: '星河科技', answers: {}, ticketCode: 'ABCDEF', checkedInAt: null, createAt: '2026-11-10T00:00:00.000Z' };
const livePost: ActivityLivePost = { id: '00000000-0000-4000-e000-000000000051', activityId: ACT, kind: 'text', content: '论坛开始了', pictures: [], pinned: false, createAt: '2026-12-01T02:05:00.000Z' };
const job = (o: Partial<BackgroundJob>): BackgroundJob => ({
  id: '00000000-0000-4000-e000-000000000061',
  type: JobType.ActivityRegExport,
  state: 'running',
  progress: 40,
  processed: 2,
  total: 5,
  params: { activityId: ACT },
  result: null,
  error: null,
  errorCode: null,
  exhibitionId: EXHIBITION_ID,
  hostId: null,
  createdBy: null,
  attempts: 1,
  files: {},
  createAt: '2026-12-01T02:00:00.000Z',
  updateAt: '2026-12-01T02:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...o,
});

type Call = { path: string; query: URLSearchParams; method: string; body: unknown };
function serve(extra: (c: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const c = { path: url.pathname, query: url.searchParams, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(c);
      const answer = extra(c);
      if (answer) return answer;
      if (c.path === '/api/v3/activity') return ok(activity);
      if (c.path === '/api/v3/activityschedule/list') return ok([inside, outside]);
      if (c.path === '/api/v3/activityticket/list') return ok([vip]);
      if (c.path === '/api/v3/activityreg/page') return ok(page([reg], 1, 10, 1));
      if (c.path === '/api/v3/liveimagetext/list') return ok([livePost]);
      if (c.path === '/api/v3/liveimage/list') return ok([]);
      if (c.path === '/api/v3/backgroundjob/query') return ok(page([], 1, 10, 0));
      throw new Error(`unexpected call ${c.method} ${c.path}`);
    }),
  );
  return calls;
}

const at = `/live/index/act-control/details?id=${ACT}`;
const open = async (tab?: string, path = at) => {
  const { container } = renderScreen(<ActivityDetails />, tab ? `${path}&tab=${tab}` : path);
  const c = within(container);
  await c.findByTestId('activity-title');
  return { container, c };
};

describe('activity details (act-control/details)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('loads the overview: fields, states and counts', async () => {
    serve();
    const { c } = await open();
    expect(c.getByTestId('activity-title')).toHaveTextContent('新能源论坛');
    expect(c.getByTestId('act-count-registered')).toHaveTextContent('37');
    expect(c.getByTestId('act-count-waiting')).toHaveTextContent('4');
    expect(c.getByTestId('act-count-capacity')).toHaveTextContent('200');
    expect(c.getByTestId('act-count-views')).toHaveTextContent('1,024');
    expect(c.getByTestId('act-live-state')).toHaveTextContent('待审核');
    expect(c.getByTestId('act-phase')).toHaveTextContent('未开始');
    expect(c.getByTestId('act-overview')).toHaveTextContent('A 厅');
  });

  it('loads the agenda and the ticket kinds when their tabs open', async () => {
    serve();
    const { c } = await open();
    await userEvent.click(c.getByTestId('tab-agenda'));
    expect(await c.findByTestId(`agenda-title-${inside.id}`)).toHaveTextContent('开幕致辞');
    expect(c.getByTestId('agenda-table')).toHaveTextContent('张三（主席）');
    await userEvent.click(c.getByTestId('tab-tickets'));
    expect(await c.findByTestId(`ticket-name-${vip.id}`)).toHaveTextContent('贵宾票 / VIP');
    expect(c.getByTestId('ticket-add')).toBeInTheDocument();
  });

  it('loads the registrations with the check-in field, and the live coverage newest first', async () => {
    const older = { ...livePost, id: '00000000-0000-4000-e000-000000000053', content: '签到开始', createAt: '2026-12-01T01:50:00.000Z' };
    serve((c) => (c.path === '/api/v3/liveimagetext/list' ? ok([older, livePost]) : undefined));
    const { c, container } = await open('regs');
    expect(await c.findByText('李四')).toBeInTheDocument();
    expect(c.getByTestId('checkin-code')).toBeInTheDocument();
    expect(c.getByTestId(`reg-cancel-${reg.id}`)).toBeInTheDocument();
    await userEvent.click(c.getByTestId('tab-live'));
    expect(await c.findByTestId(`live-post-${livePost.id}`)).toHaveTextContent('论坛开始了');
    expect([...container.querySelectorAll('[data-testid^=live-post-]')].map((e) => e.getAttribute('data-testid'))).toEqual([`live-post-${livePost.id}`, `live-post-${older.id}`]);
  });

  it('shows the exhibitor the tabs it may use: tickets read only, no check-in, no live coverage', async () => {
    signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: '00000000-0000-4000-e000-000000000099' });
    serve();
    const { c } = await open('tickets', `/ex-live/index/act-control/details?id=${ACT}`);
    expect(await c.findByTestId(`ticket-name-${vip.id}`)).toBeInTheDocument();
    expect(c.queryByTestId('ticket-add')).toBeNull();
    expect(c.queryByTestId(`ticket-edit-${vip.id}`)).toBeNull();
    expect(c.queryByTestId('tab-live')).toBeNull();
    expect(c.queryByTestId('tab-form')).toBeNull();
    await userEvent.click(c.getByTestId('tab-regs'));
    expect(await c.findByText('李四')).toBeInTheDocument();
    expect(c.queryByTestId('checkin-code')).toBeNull();
    expect(c.queryByTestId(`reg-cancel-${reg.id}`)).toBeNull();
  });

  it("designs the activity's registration form: reads and saves form type 5 with the activity as the item", async () => {
    const calls = serve((c) => {
      if (c.path === '/api/v3/form') return ok({ itemId: c.query.get('itemId'), formType: Number(c.query.get('formType')), formItems: [] });
      if (c.path === '/api/v3/form/update/formitem') return ok(c.body);
      return undefined;
    });
    const { c } = await open();
    await userEvent.click(c.getByTestId('tab-form'));
    expect(await c.findByTestId('form-save')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((x) => x.path === '/api/v3/form')).toBe(true));
    const read = calls.find((x) => x.path === '/api/v3/form')!;
    expect([read.query.get('itemId'), read.query.get('formType')]).toEqual([ACT, '5']);
    expect(c.getByText('活动报名表')).toBeInTheDocument();
    await userEvent.click(c.getByTestId('form-add'));
    await userEvent.click(await waitFor(() => [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')].find((e) => e.textContent === '单行文本')!));
    const label = await waitFor(() => document.querySelector<HTMLInputElement>('#form-item_label')!);
    await userEvent.clear(label);
    await userEvent.type(label, '饮食偏好');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=form-check-require]')!);
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=form-item-apply]')!);
    await waitFor(() => expect(c.getByTestId('form-row-field1')).toHaveTextContent('饮食偏好'));
    await userEvent.click(c.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((x) => x.path === '/api/v3/form/update/formitem')).toBe(true));
    const body = calls.find((x) => x.path === '/api/v3/form/update/formitem')!.body as { itemId: string; formType: number; formItems: { name: string; label: string; attributes: { checkOptions: { require: boolean } } }[] };
    expect(body).toMatchObject({ itemId: ACT, formType: 5 });
    expect(body.formItems.map((i) => [i.name, i.label, i.attributes.checkOptions.require])).toEqual([['field1', '饮食偏好', true]]);
  });

  it("refuses an agenda item outside the activity's times, or without a topic, before sending; saves a valid one", async () => {
    const calls = serve((c) => (c.path === '/api/v3/activityschedule/patch' ? ok({ ...inside, title: '开幕致辞（新）' }) : undefined));
    const { c } = await open('agenda');
    await userEvent.click(await c.findByTestId(`agenda-edit-${outside.id}`));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid=agenda-save]')!));
    await waitFor(() => expect(document.querySelector('#agenda_time_help')).toHaveTextContent('日程须在活动时间内'));
    expect(calls.some((x) => x.method !== 'GET')).toBe(false);
    await userEvent.click(document.querySelector<HTMLElement>('.ant-modal-footer .ant-btn:not(.ant-btn-primary)')!);
    await waitFor(() => expect(document.querySelector('#agenda_time_help')).toBeNull());

    await userEvent.click(c.getByTestId('agenda-add'));
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-testid=agenda-save]')!));
    await waitFor(() => expect(document.querySelector('#agenda_title_help')).toHaveTextContent('请输入议题'));
    expect(document.querySelector('#agenda_time_help')).toHaveTextContent('请选择开始和结束时间');
    expect(calls.some((x) => x.method !== 'GET')).toBe(false);
    await userEvent.click(document.querySelector<HTMLElement>('.ant-modal-footer .ant-btn:not(.ant-btn-primary)')!);

    await userEvent.click(c.getByTestId(`agenda-edit-${inside.id}`));
    const title = await waitFor(() => document.querySelector<HTMLInputElement>('#agenda_title')!);
    await userEvent.clear(title);
    await userEvent.type(title, '开幕致辞（新）');
    await userEvent.click(document.querySelector<HTMLElement>('[data-testid=agenda-save]')!);
    await waitFor(() => expect(calls.find((x) => x.method === 'PUT')).toBeDefined());
    const put = calls.find((x) => x.method === 'PUT')!;
    expect(put.query.get('id')).toBe(inside.id);
    expect(put.body).toMatchObject({ title: '开幕致辞（新）', startAt: inside.startAt, endAt: inside.endAt, speakers: [{ name: '张三', title: '主席' }] });
  }, 40_000);

  it('checks a scanned ticket in: name and ticket kind in green, the field empty for the next scan', async () => {
    const calls = serve((c) => (c.path === '/api/v3/activityticket/checkin' ? ok({ ...reg, checkedInAt: '2026-12-01T02:10:00.000Z' }) : undefined));
    const { c } = await open('regs');
    const field = await c.findByTestId('checkin-code');
    await userEvent.type(field, ' ABCDEF {Enter}');
    const result = await c.findByTestId('checkin-result');
    expect(result).toHaveAttribute('data-result', 'ok');
    expect(c.getByTestId('checkin-name')).toHaveTextContent('李四');
    expect(c.getByTestId('checkin-ticket')).toHaveTextContent('贵宾票');
    expect(calls.find((x) => x.path === '/api/v3/activityticket/checkin')?.body).toEqual({ activityId: ACT, code: 'ABCDEF' });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('shows a second scan of the same ticket in red with the time of the first', async () => {
    serve((c) => (c.path === '/api/v3/activityticket/checkin' ? json({ success: false, code: ErrorCode.AlreadyCheckedIn, description: '该票已于2026-12-01 10:10:00签到' }, 409) : undefined));
    const { c } = await open('regs');
    await userEvent.type(await c.findByTestId('checkin-code'), 'ABCDEF{Enter}');
    const result = await c.findByTestId('checkin-result');
    expect(result).toHaveAttribute('data-result', 'already');
    expect(result).toHaveTextContent('该票已签到');
    expect(c.getByTestId('checkin-first')).toHaveTextContent('2026-12-01 10:10:00');
  });

  it('shows an unknown code in red on the screen, not as the 404 page', async () => {
    serve((c) => (c.path === '/api/v3/activityticket/checkin' ? json({ success: false, code: ErrorCode.NotFound, description: '票码不存在' }, 404) : undefined));
    const navigate = vi.fn(async () => {});
    setNavigator({ navigate, state: { location: { pathname: '/live/index/act-control/details', search: '' } } });
    const { c } = await open('regs');
    await userEvent.type(await c.findByTestId('checkin-code'), 'NOPE{Enter}');
    const result = await c.findByTestId('checkin-result');
    expect(result).toHaveAttribute('data-result', 'unknown');
    expect(result).toHaveTextContent('票码无效');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('exports the registrations as a job and follows its progress to the file', async () => {
    let reads = 0;
    const calls = serve((c) => {
      if (c.path === '/api/v3/backgroundjob/export/activityreg') return ok(job({ state: 'queued', progress: 0 }));
      if (c.path === '/api/v3/backgroundjob') return ok(++reads < 2 ? job({}) : job({ state: 'succeeded', progress: 100, result: { rows: 37 }, files: { output: { name: 'regs.xlsx', url: '/x' } } }));
      return undefined;
    });
    const { c } = await open('regs');
    await userEvent.click(await c.findByTestId('regs-export'));
    await waitFor(() => expect(calls.find((x) => x.path === '/api/v3/backgroundjob/export/activityreg')?.body).toEqual({ activityId: ACT }));
    expect(await c.findByTestId(`job-progress-${job({}).id}`)).toHaveAttribute('data-state', 'running');
    expect(await c.findByTestId('regs-export-done', {}, { timeout: 4000 })).toHaveTextContent('37');
    expect(c.getByTestId('regs-export-download')).toBeInTheDocument();
  });

  it('posts live coverage and starts the live viewer export', async () => {
    const calls = serve((c) => {
      if (c.path === '/api/v3/liveimagetext' && c.method === 'POST') return ok({ ...livePost, id: '00000000-0000-4000-e000-000000000052', content: '嘉宾入场' });
      if (c.path === '/api/v3/backgroundjob/activity/liveviewer') return ok(job({ type: JobType.ActivityLiveViewerExport, state: 'queued' }));
      if (c.path === '/api/v3/backgroundjob') return ok(job({ type: JobType.ActivityLiveViewerExport }));
      return undefined;
    });
    const { c } = await open('live');
    await c.findByTestId(`live-post-${livePost.id}`);
    await userEvent.click(c.getByTestId('live-post'));
    await waitFor(() => expect(document.querySelector('#live-post_content_help')).toHaveTextContent('请输入内容或添加图片'));
    await userEvent.type(c.getByTestId('live-content'), '嘉宾入场');
    await userEvent.click(c.getByTestId('live-post'));
    await waitFor(() => expect(calls.find((x) => x.path === '/api/v3/liveimagetext' && x.method === 'POST')?.body).toEqual({ activityId: ACT, content: '嘉宾入场', pictures: [] }));
    await userEvent.click(c.getByTestId('live-viewers-export'));
    await waitFor(() => expect(calls.find((x) => x.path === '/api/v3/backgroundjob/activity/liveviewer')?.body).toEqual({ activityId: ACT }));
    expect(await c.findByTestId('live-viewers-current')).toBeInTheDocument();
  });
});

describe('activity export jobs (act-control/down-task)', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID }));

  it('lists the registration exports, then the live viewer exports, with their progress', async () => {
    const calls = serve((c) => (c.path === '/api/v3/backgroundjob/query' ? ok(page([job({ type: (c.body as { type: string }).type, state: 'succeeded', progress: 100, result: { rows: 9 }, files: { output: { name: 'a.xlsx', url: '/x' } } })], 1, 10, 1)) : undefined));
    const { container } = renderScreen(<ActivityDownTask />, '/live/index/act-control/down-task');
    const c = within(container);
    expect(await c.findByTestId(`job-result-${job({}).id}`)).toHaveTextContent('已导出 9 条报名');
    expect(c.getByTestId(`download-output-${job({}).id}`)).toBeInTheDocument();
    expect((calls.find((x) => x.path === '/api/v3/backgroundjob/query')?.body as { type: string; exhibitionId: string })).toMatchObject({ type: JobType.ActivityRegExport, exhibitionId: EXHIBITION_ID });
    await userEvent.click(c.getByText('直播观众导出'));
    await waitFor(() => expect(c.getByTestId(`job-result-${job({}).id}`)).toHaveTextContent('已导出 9 位观众'));
    expect(calls.some((x) => x.path === '/api/v3/backgroundjob/query' && (x.body as { type: string }).type === JobType.ActivityLiveViewerExport)).toBe(true);
  });
});

describe('agenda times', () => {
  const a = { startAt: '2026-12-01T02:00:00.000Z', endAt: '2026-12-01T06:00:00.000Z' };
  it('must end after they start and stay inside the activity', () => {
    expect(agendaTimeError(a, dayjs('2026-12-01T02:00:00.000Z'), dayjs('2026-12-01T06:00:00.000Z'))).toBeNull();
    expect(agendaTimeError(a, dayjs('2026-12-01T03:00:00.000Z'), dayjs('2026-12-01T03:00:00.000Z'))).toBe('actDetail.agenda.endBeforeStart');
    expect(agendaTimeError(a, dayjs('2026-12-01T01:59:00.000Z'), dayjs('2026-12-01T03:00:00.000Z'))).toBe('actDetail.agenda.outside');
    expect(agendaTimeError(a, dayjs('2026-12-01T05:00:00.000Z'), dayjs('2026-12-01T06:01:00.000Z'))).toBe('actDetail.agenda.outside');
  });
});
