import { Role, type ExhibitorEvaluation } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, host, ok, page } from '../../test/fixtures.ts';
import ExEvaluate from '../exhibitor/ExEvaluate.tsx';
import { EvaluateTagsCard } from './EvaluateTagsCard.tsx';
import { ExhibitorReviewsDrawer } from './ExhibitorReviews.tsx';

const EXHIBITOR = '00000000-0000-4000-a000-0000000000e1';
const review = (n: number, over: Partial<ExhibitorEvaluation> = {}): ExhibitorEvaluation => ({
  id: `00000000-0000-4000-a000-0000000005${String(n).padStart(2, '0')}`,
  exhibitorId: EXHIBITOR,
  exhibitionId: EXHIBITION_ID,
  exhibitorName: '星河智能',
  authorName: '李女士',
  rating: 5,
  content: `讲解很专业${n}`,
  tags: ['专业'],
  reply: null,
  replyAt: null,
  isShow: true,
  createAt: '2026-03-01T02:00:00.000Z',
  ...over,
});
const roleMenu = (keys: string[]) => ({ exhibitionId: EXHIBITION_ID, versionId: null, keys });

type Handler = (body: unknown) => Response | undefined;
function serve(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const answer = handlers[`${init?.method ?? 'GET'} ${path}`]?.(init?.body ? JSON.parse(String(init.body)) : undefined);
    if (answer) return answer;
    throw new Error(`unexpected call ${init?.method} ${path}`);
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

describe('exhibitor evaluate: company reviews', () => {
  beforeEach(() => signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR, roleMenu: roleMenu(['product', 'evaluate']) }));

  it('opens on company reviews with their tags and replies to one', async () => {
    const fetch = serve({
      'POST /api/v3/exhibitorevaluate/query': () => ok(page([review(1)], 1, 10, 1)),
      'POST /api/v3/exhibitorevaluate': (body) => ok({ ...review(1), reply: (body as { reply: string }).reply }),
    });
    const { container } = renderScreen(<ExEvaluate />, '/ex-live/index/evaluate');
    const list = await within(container).findByTestId('company-reviews');
    expect(await within(list).findByText('讲解很专业1')).toBeInTheDocument();
    expect(within(list).getByText('专业')).toBeInTheDocument();
    expect(within(container).getByRole('tab', { name: '产品评价' })).toBeInTheDocument();
    await userEvent.click(within(list).getByTestId(`review-answer-${review(1).id}`));
    await userEvent.type(await screen.findByTestId('review-reply-text'), '欢迎再来展位');
    await userEvent.click(screen.getByTestId('review-reply-save'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/exhibitorevaluate')[0]?.body).toEqual({ id: review(1).id, reply: '欢迎再来展位' }));
  });
});

describe('host: an exhibitor\'s reviews and the tag list', () => {
  beforeEach(() => signIn({ role: Role.Host, hostId: host.id, exhibitionId: EXHIBITION_ID, roleMenu: roleMenu(['evaluate']) }));

  it('hides and deletes a review in the drawer, filtered by stars', async () => {
    const fetch = serve({
      'POST /api/v3/exhibitorevaluate/query': () => ok(page([review(1), review(2, { reply: '谢谢', replyAt: '2026-03-02T02:00:00.000Z' })], 1, 10, 2)),
      'PUT /api/v3/exhibitorevaluate/show': (body) => ok({ ...review(1), isShow: (body as { isShow: boolean }).isShow }),
      'DELETE /api/v3/exhibitorevaluate': () => ok(true),
    });
    renderScreen(<ExhibitorReviewsDrawer exhibitionId={EXHIBITION_ID} exhibitor={{ id: EXHIBITOR, name: '星河智能' }} onClose={() => undefined} />);
    const drawer = await screen.findByTestId('host-reviews');
    expect(await within(drawer).findByText('讲解很专业2')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/api/v3/exhibitorevaluate/query')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR, pageIndex: 1 });
    await userEvent.click(within(drawer).getByTestId(`host-review-show-${review(1).id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/exhibitorevaluate/show')[0]?.body).toEqual({ id: review(1).id, isShow: false }));
    await userEvent.click(within(drawer).getByTestId(`host-review-remove-${review(2).id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'DELETE', '/api/v3/exhibitorevaluate')[0]?.url).toContain(`id=${review(2).id}`));
  });

  it('edits and saves the evaluation tags', async () => {
    const fetch = serve({
      'GET /api/v1/evaluatetag': () => ok({ exhibitionId: EXHIBITION_ID, tags: ['专业'] }),
      'PUT /api/v1/evaluatetag': (body) => ok(body),
    });
    const { container } = renderScreen(<EvaluateTagsCard exhibitionId={EXHIBITION_ID} />);
    const select = await within(container).findByRole('combobox', { name: '评价标签' });
    await userEvent.type(select, '响应快{enter}');
    await userEvent.click(within(container).getByTestId('evaluate-tags-save'));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v1/evaluatetag')[0]?.body).toEqual({ exhibitionId: EXHIBITION_ID, tags: ['专业', '响应快'] }));
  });
});
