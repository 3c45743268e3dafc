import { exhibitionSettingsDefaults, Role, type Product } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import ExProductEdit from '../exhibitor/ExProductEdit.tsx';
import BasicProduct from './BasicProduct.tsx';
import ExhibitorProducts from './ExhibitorProducts.tsx';
import HostProductEdit from './HostProductEdit.tsx';
import ProDisplay from './ProDisplay.tsx';
import Products from './Products.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const when = '2026-03-01T02:00:00.000Z';
const product = (n: number, over: Partial<Product> = {}): Product => ({
  id: `00000000-0000-4000-a000-0000000003${String(n).padStart(2, '0')}`,
  exhibitorId: EXHIBITOR_ID,
  exhibitionId: EXHIBITION_ID,
  compId: '00000000-0000-4000-a000-0000000000c1',
  companyName: '杭州云展科技',
  name: `焊接机器人${n}`,
  nameEn: null,
  categoryId: null,
  groupId: null,
  originCountryId: null,
  certificateIds: [],
  authenticatedAt: null,
  tagIds: [],
  banner: '[]',
  video: '',
  introduction: JSON.stringify({ zh: '', en: '' }),
  pictures: [],
  videoUrl: null,
  videoCover: null,
  introductionZh: '',
  introductionEn: '',
  view3DUrl: null,
  styleId: null,
  isShow: true,
  showIndex: 0,
  auditState: 1,
  auditReason: null,
  submitAt: when,
  auditAt: when,
  createAt: when,
  updateAt: when,
  ...over,
});
const exhibitor = { id: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, company: { name: '杭州云展科技' } };

/** The calls of the host's product screens; `settings` overrides the exhibition configuration. */
function serve(products: Product[], settings: object = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (path === '/api/v3/productv3/page') return ok(page(products, 1, 100, products.length));
    if (path === '/api/v3/productcategory/query') return ok(page([], 1, 1000, 0));
    if (path === '/api/v1/protag/getbyexhibitionid') return ok([]);
    if (path === '/api/v1/productgroup/query') return ok(page([], 1, 50, 0));
    if (path === '/api/v1/country/countries') return ok([]);
    if (path === '/api/v1/productcertificate/query') return ok(page([], 1, 30, 0));
    if (path === '/api/v1/settings/exhibition') return ok({ ...exhibitionSettingsDefaults, ...settings });
    if (path === '/api/v1/settings/exhibition/patch') return ok({ ...exhibitionSettingsDefaults, ...settings, ...JSON.parse(String(init!.body)) });
    if (path === '/api/v1/exhibitor/details') return ok(exhibitor);
    if (path === '/api/v1/exhibitor/query') return ok(page([exhibitor], 1, 1000, 1));
    if (path === '/api/v1/product' && method === 'GET') return ok(products[0]);
    if (path === '/api/v1/product' && (method === 'POST' || method === 'PATCH')) return ok(products[0]);
    if (path === '/api/v1/product/show/batch') return ok({ updated: JSON.parse(String(init!.body)).ids.length });
    if (path === '/api/v1/product/audit') return ok({ decided: JSON.parse(String(init!.body)).ids.length, items: [] });
    throw new Error(`unexpected call ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
/** Each data row's selection checkbox, in row order. */
const rowBoxes = (container: HTMLElement) => [...container.querySelectorAll('tr.ant-table-row')].map((row) => row.querySelector<HTMLInputElement>('input[type=checkbox]')!);
const bodyOf = (fetch: ReturnType<typeof serve>, path: string) => {
  const call = fetch.mock.calls.find((c) => String(c[0]).split('?')[0] === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('the exhibitor’s form under the host’s rules', () => {
  beforeEach(() => signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID }));

  it('hides and requires fields as basic/product set them, and says why the video is off', async () => {
    const fetch = serve([], { enabledUploadProductVideo: false, productForm: { ...exhibitionSettingsDefaults.productForm, view3DUrl: 'hidden', nameEn: 'required' } });
    const { container } = renderScreen(<ExProductEdit />, '/ex-live/index/proAdd');
    expect(await within(container).findByTestId('product-video-off')).toHaveTextContent('主办方已关闭产品视频上传');
    expect(within(container).queryByTestId('product-video-upload-choose')).toBeNull();
    expect(container.querySelector('#product_view3DUrl')).toBeNull();
    await userEvent.type(container.querySelector('#product_name')!, '焊接机器人');
    await userEvent.click(within(container).getByTestId('product-submit'));
    expect(await within(container).findAllByText('请输入英文产品名称')).toHaveLength(1);
    expect(fetch.mock.calls.some((c) => String(c[0]).split('?')[0] === '/api/v1/product' && c[1]?.method === 'POST')).toBe(false);
  });

  it('offers the resumable upload while product videos are on', async () => {
    serve([]);
    const { container } = renderScreen(<ExProductEdit />, '/ex-live/index/proAdd');
    expect(await within(container).findByTestId('product-video-upload-choose')).toBeInTheDocument();
  });
});

describe('the host’s product screens', () => {
  beforeEach(() => signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID, roleMenu: { exhibitionId: EXHIBITION_ID, versionId: null, keys: ['product'] } as never }));

  it('hides the selected products in one call and reviews the pending ones among them', async () => {
    const fetch = serve([product(1), product(2, { auditState: 0 })]);
    const { container } = renderScreen(<Products />, '/live/index/admin/product');
    await within(container).findByText('焊接机器人1');
    const boxes = rowBoxes(container);
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    expect(await within(container).findByText('已选 2 项')).toBeInTheDocument();
    expect(within(container).getByTestId('product-bulk-pending-only')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId('product-bulk-hide'));
    await userEvent.click(await screen.findByTestId('product-bulk-hide-confirm'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v1/product/show/batch')).toEqual({ ids: [product(1).id, product(2).id], isShow: false }));

    await userEvent.click(rowBoxes(container)[1]!);
    await userEvent.click(within(container).getByTestId('product-bulk-approve'));
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v1/product/audit')).toEqual({ ids: [product(2).id], approve: true }));
    expect(within(container).getByTestId(`product-exhibitor-${product(1).id}`)).toHaveAttribute('href', `/live/index/admin/exhibitor-pro?exhibitorId=${EXHIBITOR_ID}`);
  });

  it('lists one exhibitor’s products with its quota, and adds one on its behalf with every field asked', async () => {
    serve([product(1)], { productForm: { ...exhibitionSettingsDefaults.productForm, view3DUrl: 'hidden' } });
    const list = renderScreen(<ExhibitorProducts />, `/live/index/admin/exhibitor-pro?exhibitorId=${EXHIBITOR_ID}`);
    expect(await within(list.container).findByText('杭州云展科技 的产品')).toBeInTheDocument();
    expect(await within(list.container).findByText('已有 1 / 5 个产品')).toBeInTheDocument();
    list.unmount();

    const fetch = serve([product(1)], { productForm: { ...exhibitionSettingsDefaults.productForm, view3DUrl: 'hidden' } });
    const { container } = renderScreen(<HostProductEdit />, `/live/index/admin/proAdd?exhibitorId=${EXHIBITOR_ID}`);
    await waitFor(() => expect(container.querySelector('#product_view3DUrl')).not.toBeNull());
    await userEvent.type(container.querySelector('#product_name')!, '代录产品');
    await userEvent.click(within(container).getByTestId('product-submit'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v1/product')).toMatchObject({ name: '代录产品', exhibitorId: EXHIBITOR_ID }));
  });

  it('refuses a picture limit out of range on pro-display and saves only what changed', async () => {
    const fetch = serve([]);
    const { container } = renderScreen(<ProDisplay />, '/live/index/manage/pro-display');
    const input = await within(container).findByTestId('pro-display-productImageUploadNumber');
    await userEvent.clear(input);
    await userEvent.type(input, '51');
    await userEvent.click(within(container).getByTestId('proDisplay-save'));
    expect(await within(container).findByText('每个产品最多图片数须为 0–50 的整数')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/v1/settings/exhibition/patch')).toBeUndefined();
    await userEvent.clear(input);
    await userEvent.type(input, '8');
    await userEvent.click(within(container).getByTestId('pro-display-enabledUploadProductVideo'));
    await userEvent.click(within(container).getByTestId('proDisplay-save'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v1/settings/exhibition/patch')).toEqual({ productImageUploadNumber: 8, enabledUploadProductVideo: false }));
  });

  it('sets a product field required on basic/product', async () => {
    const fetch = serve([]);
    const { container } = renderScreen(<BasicProduct />, '/live/index/basic/product');
    const group = await within(container).findByTestId('basic-product-nameEn');
    await userEvent.click(within(group).getByText('必填'));
    await userEvent.click(within(container).getByTestId('basicProduct-save'));
    await waitFor(() => expect(bodyOf(fetch, '/api/v1/settings/exhibition/patch')).toEqual({ productForm: { ...exhibitionSettingsDefaults.productForm, nameEn: 'required' } }));
  });
});
