import type { ExpoExhibitorReview, ExpoExhibitorReviewPage } from '@pavilion/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EX, fail, ok, signIn, stubFetch } from '../../test/expoSite.tsx';
import { SiteContext } from '../hooks.ts';
import { expoI18n } from '../i18n.ts';
import ReviewSection from './ReviewSection.tsx';

const X = '00000000-0000-4000-a000-0000000000aa';
const path = `/api/v1/expo/${EX}/exhibitors/${X}/reviews`;
const review = (n: number, over: Partial<ExpoExhibitorReview> = {}): ExpoExhibitorReview => ({
  id: `00000000-0000-4000-a000-0000000006${String(n).padStart(2, '0')}`,
  authorName: '张先生',
  rating: 4,
  content: `响应很快${n}`,
  tags: ['响应快'],
  reply: null,
  replyAt: null,
  createAt: '2026-03-01T02:00:00.000Z',
  mine: false,
  isShow: true,
  ...over,
});
const pageOf = (over: Partial<ExpoExhibitorReviewPage> = {}): ExpoExhibitorReviewPage => ({ average: 4, count: 1, tags: ['专业', '响应快'], mine: null, pageIndex: 1, pageSize: 10, totalCount: 1, items: [review(1, { reply: '谢谢光临' })], ...over });

function showSection() {
  const site = { exhibitionId: EX, lang: 'zh-CN' as const, visitorLang: 'zh' as const, prefix: `/expo/${EX}`, home: null, homeError: null, reloadHome: () => undefined };
  return render(
    <I18nextProvider i18n={expoI18n}>
      <SiteContext.Provider value={site}>
        <MemoryRouter initialEntries={[`/expo/${EX}/exhibitors/${X}`]}>
          <Routes>
            <Route path="/expo/:id/exhibitors/:x" element={<ReviewSection exhibitorId={X} />} />
            <Route path="/expo/:id/login" element={<p>login page</p>} />
          </Routes>
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  void expoI18n.changeLanguage('zh-CN');
});

describe('the booth page reviews', () => {
  it('shows the average, count and replies; a visitor not signed in is sent to sign in', async () => {
    stubFetch({ [`GET ${path}`]: () => ok(pageOf()) });
    const { container } = showSection();
    expect(await within(container).findByText('响应很快1')).toBeInTheDocument();
    expect(within(container).getByTestId('review-count')).toHaveTextContent('共 1 条评价');
    expect(within(container).getByText('展商回复：谢谢光临')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId('review-write'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('lets a signed-in visitor write a review with stars, tags and text, and shows its own hidden one', async () => {
    signIn();
    let saved: unknown = null;
    const fetch = stubFetch({
      [`GET ${path}`]: () => ok(saved ? pageOf({ mine: review(2, { mine: true, isShow: false, content: '展位布置不错' }) }) : pageOf()),
      [`POST ${path}`]: (_url, init) => ((saved = JSON.parse(String(init.body))), ok(review(2, { mine: true }))),
    });
    const { container } = showSection();
    await userEvent.click(await within(container).findByTestId('review-write'));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByTestId('review-star-3'));
    await userEvent.click(within(sheet).getByRole('button', { name: '专业' }));
    await userEvent.type(within(sheet).getByLabelText('评价内容'), '展位布置不错');
    await userEvent.click(within(sheet).getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(saved).toEqual({ rating: 3, content: '展位布置不错', tags: ['专业'] }));
    expect(fetch.mock.calls.find((c) => c[1]?.method === 'POST')?.[1]?.headers).toMatchObject({ authorization: 'Bearer visitor-token' });
    expect(await within(container).findByText('您的评价已被主办方隐藏，仅您自己可见')).toBeInTheDocument();
  });

  it('is left out while the exhibition has reviews switched off', async () => {
    stubFetch({ [`GET ${path}`]: () => fail(403, 4019, '未开通') });
    const { container } = showSection();
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
