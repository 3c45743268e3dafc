import { Role, type ExhibitorRankingRule, type RankingPreviewItem } from '@pavilion/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { EXHIBITION_ID, ok } from '../../test/fixtures.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import Hot from './Hot.tsx';

const rules: ExhibitorRankingRule = {
  exhibitionId: EXHIBITION_ID,
  rules: [
    { field: 'topic', direction: 'desc' },
    { field: 'showIndex', direction: 'asc' },
    { field: 'newest', direction: 'desc' },
  ],
  productRules: [
    { field: 'showIndex', direction: 'asc' },
    { field: 'newest', direction: 'desc' },
  ],
};
const item = (n: number, over: Partial<RankingPreviewItem> = {}): RankingPreviewItem => ({
  id: `00000000-0000-4000-a000-0000000009${String(n).padStart(2, '0')}`,
  name: `展商${n}`,
  nameEn: `Exhibitor ${n}`,
  exhibitorName: null,
  viewCount: 10 * n,
  likeCount: n,
  enquiryCount: 2 * n,
  rankWeight: 0,
  ...over,
});

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET' && path === '/api/v3/exhibitorrankingrule') return ok(rules);
    if (method === 'PUT' && path === '/api/v3/exhibitorrankingrule') return ok({ ...rules, ...body });
    if (method === 'GET' && path === '/api/v3/exhibitorrankingrule/preview')
      return ok(url.includes('target=product') ? [item(7, { name: '云展示屏', exhibitorName: '星河展具', likeCount: null })] : [item(1), item(2)]);
    if (method === 'PUT' && path === '/api/v3/exhibitorrankingrule/weight') return ok({ id: body.id, rankWeight: body.rankWeight });
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const callsOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));

afterEach(() => applyLanguage('zh-CN'));

describe('host hot screen', () => {
  it('reorders, adds and removes rules, saves them through PUT, and edits a manual weight inline', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve();
    const { container } = renderScreen(<Hot />, '/live/index/hot');
    const ex = await within(container).findByTestId('hot-ex');
    expect(within(ex).getByTestId('hot-ex-rule-0')).toHaveTextContent('专题展商');
    expect(within(container).getByTestId('hot-save')).toBeDisabled();

    await userEvent.click(within(ex).getByTestId('hot-ex-up-1'));
    expect(within(ex).getByTestId('hot-ex-rule-0')).toHaveTextContent('排序号');
    await userEvent.click(within(ex).getByTestId('hot-ex-remove-2'));
    await userEvent.click(within(ex).getByTestId('hot-ex-add'));
    expect(within(ex).getByTestId('hot-ex-rule-2')).toHaveTextContent('品牌专题');
    const pro = within(container).getByTestId('hot-pro');
    await userEvent.click(within(pro).getByTestId('hot-pro-down-0'));
    await userEvent.click(within(container).getByTestId('hot-save'));
    await waitFor(() =>
      expect(callsOf(fetch, 'PUT', '/api/v3/exhibitorrankingrule').map((c) => c.body)).toEqual([
        {
          exhibitionId: EXHIBITION_ID,
          rules: [
            { field: 'showIndex', direction: 'asc' },
            { field: 'topic', direction: 'desc' },
            { field: 'brandTopic', direction: 'desc' },
          ],
          productRules: [
            { field: 'newest', direction: 'desc' },
            { field: 'showIndex', direction: 'asc' },
          ],
        },
      ]),
    );

    const table = within(container).getByTestId('hot-preview-exhibitor');
    expect(await within(table).findByText('展商2')).toBeInTheDocument();
    expect(within(table).getByText('20')).toBeInTheDocument();
    expect(await within(within(container).getByTestId('hot-preview-product')).findByText('星河展具')).toBeInTheDocument();
    const weight = within(table).getByTestId(`hot-weight-${item(2).id}`);
    await userEvent.clear(weight);
    await userEvent.type(weight, '300');
    fireEvent.blur(weight);
    await waitFor(() => expect(callsOf(fetch, 'PUT', '/api/v3/exhibitorrankingrule/weight').map((c) => c.body)).toEqual([{ exhibitionId: EXHIBITION_ID, target: 'exhibitor', id: item(2).id, rankWeight: 300 }]));
  });

  it('speaks English', async () => {
    applyLanguage('en');
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    serve();
    const { container } = renderScreen(<Hot />, '/live/index/hot');
    const ex = await within(container).findByTestId('hot-ex');
    expect(within(ex).getByTestId('hot-ex-rule-0')).toHaveTextContent('In a topic');
    expect(within(container).getByTestId('hot-save')).toHaveTextContent('Save rules');
    expect(await within(container).findByText('Exhibitor 1')).toBeInTheDocument();
  });
});
