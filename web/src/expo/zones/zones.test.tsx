import type { ExpoFeatured, ExpoTopic, ExpoTopicDetail } from '@pavilion/contract';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expoI18n } from '../i18n.ts';
import { EX, ok, show, stubFetch, expoHome } from '../../test/expoSite.tsx';

const base = `/api/v1/expo/${EX}`;
const T1 = '00000000-0000-4000-a000-000000000ab1';
const X1 = '00000000-0000-4000-a000-000000000ab2';
const P1 = '00000000-0000-4000-a000-000000000ab3';
const topic: ExpoTopic = { id: T1, kind: 'topic', name: '智能制造', nameEn: 'Smart manufacturing', banner: null, description: '制造业数字化', descriptionEn: '', startAt: null, endAt: '2026-12-31T00:00:00.000Z' };
const card = { id: X1, companyId: X1, name: '星河展具', nameEn: null, logo: null, boothInfo: 'A1-03', proCount: 1, likeCount: 0, viewCount: 0 };
const detail: ExpoTopicDetail = { ...topic, exhibitors: { pageIndex: 1, pageSize: 20, totalCount: 1, totalPages: 1, items: [card] } };
const featured: ExpoFeatured = { exhibitors: [card], products: [{ id: P1, name: '折叠展架', nameEn: null, cover: null, exhibitorId: X1, companyName: '星河展具' }] };

beforeEach(() => {
  localStorage.clear();
  void expoI18n.changeLanguage('zh-CN');
});

describe('topics and featured on the site', () => {
  it('the home shows the featured strips and links the topics; a topic lists its exhibitors', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(expoHome()),
      [`GET ${base}/featured`]: () => ok(featured),
      [`GET ${base}/topics`]: () => ok([topic]),
      [`GET ${base}/topics/${T1}`]: () => ok(detail),
    });
    const { container } = show(`/expo/${EX}/home`);
    const products = await within(container).findByTestId('featured-products');
    expect(products).toHaveTextContent('推荐产品');
    expect(within(products).getByRole('link', { name: /折叠展架/ })).toHaveAttribute('href', `/expo/${EX}/products/${P1}`);
    expect(within(container).getByTestId('featured-exhibitors')).toHaveTextContent('星河展具');
    await userEvent.click(await within(container).findByTestId('home-topics'));
    await userEvent.click(await within(container).findByRole('link', { name: /智能制造/ }));
    expect(await within(container).findByRole('heading', { name: '智能制造' })).toBeInTheDocument();
    expect(within(container).getByTestId('topic-exhibitors')).toHaveTextContent('展位 A1-03');
  });

  it('leaves the strips and the link out when nothing is featured or the feature is off', async () => {
    stubFetch({
      [`GET ${base}`]: () => ok(expoHome()),
      [`GET ${base}/featured`]: () => ok({ exhibitors: [], products: [] }),
      [`GET ${base}/topics`]: () => ({ status: 403, body: { success: false, code: 4019, description: 'off' } }),
    });
    const { container } = show(`/expo/${EX}/home`);
    await within(container).findAllByText('演示展会');
    expect(within(container).queryByTestId('featured-products')).toBeNull();
    expect(within(container).queryByTestId('home-topics')).toBeNull();
  });
});
