import { Role, type ProductEvaluation, type ProductTag } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, exhibition, host, ok, page } from '../../test/fixtures.ts';
import ExEvaluate from '../exhibitor/ExEvaluate.tsx';
import { tagTree } from '../exhibitor/productForm.tsx';
import ProductAdmin from './ProductAdmin.tsx';
import ProductCatalogCopy from './ProductCatalogCopy.tsx';
import ProductCategories from './ProductCategories.tsx';
import { flattenTags } from './ProductTags.tsx';
import { reviewQueryOf } from './ProductReviews.tsx';

const when = '2026-03-01T02:00:00.000Z';
const ROOT = '00000000-0000-4000-a000-0000000003f1';
const CHILD = '00000000-0000-4000-a000-0000000003f2';
const tag = (id: string, name: string, nameEn: string | null, parentId: string | null, children: ProductTag[] = []): ProductTag => ({ id, exhibitionId: EXHIBITION_ID, parentId, name, nameEn, showIndex: 0, children });
const tags = [tag(ROOT, '热门', 'Popular', null, [tag(CHILD, '新品', 'New', ROOT)])];
const review = (n: number, over: Partial<ProductEvaluation> = {}): ProductEvaluation => ({
  id: `00000000-0000-4000-a000-0000000004${String(n).padStart(2, '0')}`,
  productId: '00000000-0000-4000-a000-000000000201',
  productName: `协作机器人${n}`,
  exhibitorId: '00000000-0000-4000-a000-0000000000e1',
  exhibitionId: EXHIBITION_ID,
  authorName: '王先生',
  authorContact: '139****0000',
  rating: 4,
  content: `现场演示很流畅${n}`,
  reply: null,
  replyAt: null,
  isShow: true,
  createAt: when,
  ...over,
});

type Handler = (body: unknown, method: string, url: string) => Response | undefined;
function serve(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const answer = handlers[`${init?.method ?? 'GET'} ${path}`]?.(init?.body ? JSON.parse(String(init.body)) : undefined, init?.method ?? 'GET', url);
    if (answer) return answer;
    throw new Error(`unexpected call ${init?.method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
/** The open confirmation's OK button (a role query over the whole page is slow with antd's tables). */
const confirmButton = () => waitFor(() => {
  const button = document.querySelector<HTMLButtonElement>('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
  if (!button) throw new Error('no confirmation open');
  return button;
});
const bodiesOf = (fetch: ReturnType<typeof serve>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === method && String(c[0]).split('?')[0] === path).map((c) => ({ url: String(c[0]), body: c[1]?.body ? JSON.parse(String(c[1].body)) : undefined }));

afterEach(() => applyLanguage('zh-CN'));

describe('helpers', () => {
  it('flattens the tag tree, turns it into picker data in the page language, and reads the review filters', () => {
    expect(flattenTags(tags).map((t) => [t.name, t.parentId])).toEqual([['热门', null], ['新品', ROOT]]);
    expect(tagTree(tags, true)).toEqual([{ value: ROOT, title: 'Popular', children: [{ value: CHILD, title: 'New', children: [] }] }]);
    expect(reviewQueryOf('x', { keyword: '交期', isShow: 'false', replied: 'true' })).toEqual({ exhibitionId: 'x', keyword: '交期', exhibitorId: undefined, isShow: false, replied: true });
  });
});

describe('host screens', () => {
  beforeEach(() => signIn({ role: Role.Host, hostId: host.id, exhibitionId: EXHIBITION_ID, exhibitionInfo: { ...exhibition(1), id: EXHIBITION_ID, name: '2026 数字贸易博览会' } }));

  it('manage/pro: the tags tab lists the tree and adds a child tag under a root; channels are read-only', async () => {
    const fetch = serve({
      'GET /api/v1/protag/getbyexhibitionid': () => ok(tags),
      'POST /api/v1/protag': (body) => ok({ ...(body as object), id: '00000000-0000-4000-a000-0000000003f3', showIndex: 0, children: [], nameEn: null }),
      'POST /api/v1/prochannel/find': () => ok(page([{ id: '00000000-0000-4000-a000-0000000005f1', name: '线上商城', nameEn: 'Online store', showIndex: 0 }], 1, 1000, 1)),
    });
    const { container } = renderScreen(<ProductCategories />, '/live/index/manage/pro?tab=tags');
    expect(await within(container).findByText('热门')).toBeInTheDocument();
    expect(within(container).getByText('1 个子标签')).toBeInTheDocument();

    await userEvent.click(within(container).getByTestId('productTag-create'));
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('标签名称'), '限量款');
    await userEvent.click(within(drawer).getByLabelText('上级标签'));
    await userEvent.click(await screen.findByTitle('热门'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v1/protag')).toHaveLength(1));
    expect(bodiesOf(fetch, 'POST', '/api/v1/protag')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, parentId: ROOT, name: '限量款' });

    await userEvent.click(within(container).getByTestId('catalog-tab-channels'));
    expect(await within(container).findByText('线上商城')).toBeInTheDocument();
    expect(within(container).queryByTestId('productChannel-create')).toBeNull();
  });

  it('liveCopyProTyPe: previews the counts for the chosen past exhibition, then copies on confirmation and shows the result', async () => {
    const past = { ...exhibition(7), name: '2025 数字贸易博览会' };
    const answer = (dryRun: boolean) => ({ dryRun, categories: { copied: 3, skipped: 2 }, tags: { copied: 2, skipped: 1 } });
    const fetch = serve({
      'POST /api/v1/exhibition/query': () => ok(page([{ ...exhibition(1), id: EXHIBITION_ID }, past], 1, 20, 2)),
      'POST /api/v3/productcategory/copy': (body) => ok(answer((body as { dryRun: boolean }).dryRun)),
    });
    const { container } = renderScreen(<ProductCatalogCopy />, '/live/index/basic/liveCopyProTyPe');
    await userEvent.click(await within(container).findByRole('combobox'));
    await userEvent.click(await screen.findByTitle('2025 数字贸易博览会'));
    expect(within(container).getByTestId('copy-start')).toBeDisabled();
    await userEvent.click(within(container).getByTestId('copy-preview-button'));
    const preview = await within(container).findByTestId('copy-preview');
    expect(within(preview).getByText('产品分类').closest('tr')).toHaveTextContent('32');
    await userEvent.click(within(container).getByTestId('copy-start'));
    await userEvent.click(await confirmButton());
    expect(await within(container).findByText('已复制 3 个分类、2 个标签')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/api/v3/productcategory/copy').map((c) => c.body)).toEqual([
      { fromExhibitionId: past.id, toExhibitionId: EXHIBITION_ID, dryRun: true },
      { fromExhibitionId: past.id, toExhibitionId: EXHIBITION_ID, dryRun: false },
    ]);
  });

  it('admin/product?tab=reviews: lists the exhibition’s reviews with the whole contact, hides one and deletes one after confirmation', async () => {
    const fetch = serve({
      'POST /api/v3/productevaluate/page': () => ok(page([review(1, { authorContact: '13900000000' })], 1, 10, 1)),
      'POST /api/v3/exhibitor/query': () => ok(page([], 1, 1000, 0)),
      'POST /api/v1/exhibitor/query': () => ok(page([], 1, 1000, 0)),
      'PUT /api/v3/productevaluate/show': (body) => ok({ ...review(1), isShow: (body as { isShow: boolean }).isShow }),
      'DELETE /api/v3/productevaluate': () => ok(true),
    });
    const { container } = renderScreen(<ProductAdmin />, '/live/index/admin/product?tab=reviews');
    expect(await within(container).findByText('现场演示很流畅1')).toBeInTheDocument();
    expect(within(container).getByText('13900000000')).toBeInTheDocument();
    expect(bodiesOf(fetch, 'POST', '/api/v3/productevaluate/page')[0]!.body).toMatchObject({ exhibitionId: EXHIBITION_ID, pageIndex: 1 });

    await userEvent.click(within(container).getByTestId(`review-show-${review(1).id}`));
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/api/v3/productevaluate/show')[0]?.body).toEqual({ id: review(1).id, isShow: false }));

    await userEvent.click(within(container).getByTestId(`review-remove-${review(1).id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'DELETE', '/api/v3/productevaluate')[0]?.url).toContain(`id=${review(1).id}`));
  });
});

describe('exhibitor evaluate', () => {
  // Without `evaluate` the company reviews tab is left out and product reviews are the only tab.
  beforeEach(() => signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: '00000000-0000-4000-a000-0000000000e1', roleMenu: { exhibitionId: EXHIBITION_ID, versionId: null, keys: ['product'] } }));

  it('answers a review, changes and withdraws an answer', async () => {
    const fetch = serve({
      'POST /api/v3/productevaluate/page': () => ok(page([review(1), review(2, { reply: '欢迎来展位详谈', replyAt: when })], 1, 10, 2)),
      'POST /api/v3/productevaluate': (body) => ok({ ...review(1), reply: (body as { reply: string }).reply || null }),
    });
    const { container } = renderScreen(<ExEvaluate />, '/ex-live/index/evaluate');
    expect(await within(container).findByText('现场演示很流畅1')).toBeInTheDocument();
    expect(within(container).getAllByText(/139\*\*\*\*0000/)).toHaveLength(2);
    expect(within(container).getByTestId(`review-reply-${review(2).id}`)).toHaveTextContent('欢迎来展位详谈');

    await userEvent.click(within(container).getByTestId(`review-answer-${review(1).id}`));
    await userEvent.type(await screen.findByTestId('review-reply-text'), '感谢，交期两周');
    await userEvent.click(screen.getByTestId('review-reply-save'));
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/productevaluate')[0]?.body).toEqual({ id: review(1).id, reply: '感谢，交期两周' }));

    await userEvent.click(within(container).getByTestId(`review-withdraw-${review(2).id}`));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(bodiesOf(fetch, 'POST', '/api/v3/productevaluate')[1]?.body).toEqual({ id: review(2).id, reply: '' }));
  });
});
