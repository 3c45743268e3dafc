import { Role, type Product, type ProductCategory } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, json, ok, page } from '../../test/fixtures.ts';
import { categoryPage } from '../host/ProductCategories.tsx';
import { productQueryOf } from '../host/Products.tsx';
import ExProductEdit from './ExProductEdit.tsx';
import ExProducts from './ExProducts.tsx';
import { categoryTree, fitPictures, movePicture, productChangeOf, productFormValues } from './productForm.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const ROOT = '00000000-0000-4000-a000-0000000000f1';
const LEAF = '00000000-0000-4000-a000-0000000000f2';
const when = '2026-03-01T02:00:00.000Z';
const category = (id: string, name: string, nameEn: string, parentId: string | null): ProductCategory => ({ id, exhibitionId: EXHIBITION_ID, parentId, name, nameEn, level: parentId ? 2 : 1, showIndex: 0, createAt: when, updateAt: when });
const categories = [category(ROOT, '机械', 'Machinery', null), category(LEAF, '机器人', 'Robots', ROOT)];
const GROUP = '00000000-0000-4000-a000-0000000000a1';
const groups = [{ id: GROUP, exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, name: '焊接设备', nameEn: 'Welding', showIndex: 0, createAt: when, updateAt: when }];
const countries = [{ id: '00000000-0000-4000-a000-0000000000b1', name: '德国', nameEn: 'Germany', code: '49', param: 'flag-de', iso2: 'DE', continentId: '00000000-0000-4000-a000-0000000000b0', continent: '欧洲', continentEn: 'Europe', showIndex: 0 }];
const pic = (n: number) => `/uploads/p${n}.png`;
const product = (n: number, over: Partial<Product> = {}): Product => ({
  id: `00000000-0000-4000-a000-0000000002${String(n).padStart(2, '0')}`,
  exhibitorId: EXHIBITOR_ID,
  exhibitionId: EXHIBITION_ID,
  compId: '00000000-0000-4000-a000-0000000000c1',
  companyName: '杭州云展科技',
  name: `焊接机器人${n}`,
  nameEn: `Welding robot ${n}`,
  categoryId: LEAF,
  groupId: null,
  originCountryId: null,
  certificateIds: [],
  authenticatedAt: null,
  tagIds: [],
  banner: JSON.stringify([pic(1)]),
  video: '',
  introduction: JSON.stringify({ zh: '<p>介绍</p>', en: '<p>About</p>' }),
  pictures: [pic(1)],
  videoUrl: null,
  videoCover: null,
  introductionZh: '<p>介绍</p>',
  introductionEn: '<p>About</p>',
  view3DUrl: null,
  styleId: null,
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

/** The product calls a screen makes; `change` answers the PATCH. */
function serve(products: Product[], change: () => Response = () => ok(products[0])) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v3/productv3/page') return ok(page(products, 1, 100, products.length));
    if (path === '/api/v3/productcategory/query') return ok(page(categories, 1, 1000, categories.length));
    if (path === '/api/v1/protag/getbyexhibitionid') return ok([]);
    if (path === '/api/v1/productgroup/query') return ok(page(groups, 1, 50, groups.length));
    if (path === '/api/v1/country/countries') return ok(countries);
    if (path === '/api/v1/productcertificate/query') return ok(page([], 1, 30, 0));
    if (path === '/api/v1/settings/exhibition') return ok({ productImageUploadNumber: 5, exhibitorsLoadProductNumber: 5 });
    if (path === '/api/v1/product' && init?.method === 'GET') return ok(products[0]);
    if (path === '/api/v1/product' && init?.method === 'PATCH') return change();
    throw new Error(`unexpected call ${init?.method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
});
afterEach(() => applyLanguage('zh-CN'));

describe('product form rules', () => {
  it('keeps pictures within the limit and says when some were refused', () => {
    expect(fitPictures([pic(1), pic(2)], 2, 5)).toEqual({ accepted: 2, refused: false });
    expect(fitPictures([pic(1), pic(2), pic(3), pic(4)], 2, 5)).toEqual({ accepted: 1, refused: true });
    expect(fitPictures([pic(1), pic(2), pic(3), pic(4), pic(5)], 1, 5)).toEqual({ accepted: 0, refused: true });
  });

  it('reorders pictures, and leaves the ends where they are', () => {
    const three = [pic(1), pic(2), pic(3)];
    expect(movePicture(three, 2, -1)).toEqual([pic(1), pic(3), pic(2)]);
    expect(movePicture(three, 0, 1)).toEqual([pic(2), pic(1), pic(3)]);
    expect(movePicture(three, 0, -1)).toEqual(three);
    expect(movePicture(three, 2, 1)).toEqual(three);
  });

  it('fills the form from a product and nests the categories in the page language', () => {
    expect(productFormValues(null)).toEqual({ name: '', nameEn: '', categoryId: undefined, tagIds: [], certificateIds: [], pictures: [], introductionZh: '', introductionEn: '', view3DUrl: '', video: null });
    expect(productFormValues(product(1, { view3DUrl: 'https://3d.example.com/a' }))).toMatchObject({ categoryId: LEAF, pictures: [pic(1)], view3DUrl: 'https://3d.example.com/a' });
    expect(categoryTree(categories, true)).toEqual([{ value: ROOT, title: 'Machinery', children: [{ value: LEAF, title: 'Robots' }] }]);
    expect(categoryTree(categories, false)[0]!.title).toBe('机械');
  });

  it('sends an emptied introduction as empty text, so a change clears it', () => {
    expect(productChangeOf({ name: 'a', introductionZh: '<p>x</p>' })).toEqual({ name: 'a', introductionZh: '<p>x</p>', introductionEn: '' });
  });

  it('turns the host’s search form into the page query', () => {
    expect(productQueryOf('x', { keyword: '焊接', categoryId: ROOT, exhibitorId: EXHIBITOR_ID, auditState: '0', isShow: 'false' })).toEqual({ exhibitionId: 'x', keyword: '焊接', categoryId: ROOT, exhibitorId: EXHIBITOR_ID, auditState: 0, isShow: false });
    expect(productQueryOf('x', {})).toMatchObject({ exhibitionId: 'x', keyword: undefined, auditState: undefined, isShow: undefined });
  });
});

describe('ExProducts', () => {
  it('lists the exhibitor’s products with category, review state, the rejection reason and the quota', async () => {
    const fetch = serve([product(1, { auditState: 2, auditReason: '图片不清晰' }), product(2, { auditState: 1, isShow: false, categoryId: null })]);
    renderScreen(<ExProducts />, '/ex-live/index/product');
    const table = await screen.findByTestId('product-table');
    expect(await within(table).findByText('焊接机器人1')).toBeInTheDocument();
    expect(await within(table).findAllByText('机器人')).toHaveLength(1);
    expect(within(table).getByText('未分类')).toBeInTheDocument();
    expect(within(table).getByTestId('product-reason')).toHaveTextContent('图片不清晰');
    expect(within(table).getAllByTestId('audit-state').map((e) => e.textContent)).toEqual(['审核未通过', '审核通过']);
    expect(within(table).getByTestId(`product-show-${product(2).id}`)).not.toBeChecked();
    expect(await screen.findByText('已发布 2 / 5 个产品')).toBeInTheDocument();
    const body = JSON.parse(String(fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v3/productv3/page'))![1]!.body));
    expect(body).toMatchObject({ exhibitorId: EXHIBITOR_ID });
  });

  it('shows English names on the English path and closes adding at the exhibition’s limit', async () => {
    applyLanguage('en');
    serve([1, 2, 3, 4, 5].map((n) => product(n)));
    renderScreen(<ExProducts />, '/ex-live-en/index/product');
    const table = await screen.findByTestId('product-table');
    expect(await within(table).findByText('Welding robot 1')).toBeInTheDocument();
    expect(await within(table).findAllByText('Robots')).toHaveLength(5);
    expect(await screen.findByTestId('product-limit')).toBeInTheDocument();
    expect(screen.getByTestId('product-add')).toBeDisabled();
  });
});

describe('ExProductEdit', () => {
  it('stops at the picture limit with the spec’s message and sends the change in the contract’s shape', async () => {
    const full = product(1, { pictures: [1, 2, 3, 4, 5].map(pic), view3DUrl: null });
    const fetch = serve([full]);
    renderScreen(<ExProductEdit />, `/ex-live/index/proEdit?id=${full.id}`);
    expect(await screen.findByDisplayValue('焊接机器人1')).toBeInTheDocument();
    expect(screen.getByTestId('product-picture-limit')).toHaveTextContent('最多上传5张图片');
    expect(screen.getByTestId('product-picture-upload')).toBeDisabled();

    // The last picture moves up one; a picture removed reopens the upload.
    await userEvent.click(screen.getByTestId('product-picture-up-4'));
    await userEvent.click(screen.getByTestId('product-picture-remove-1'));
    expect(screen.getByTestId('product-picture-upload')).toBeEnabled();
    expect(screen.queryByTestId('product-picture-limit')).toBeNull();

    await userEvent.click(screen.getByTestId('product-submit'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'PATCH')).toBe(true));
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'PATCH')!;
    expect(String(call[0])).toContain(`id=${full.id}`);
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      name: '焊接机器人1',
      nameEn: 'Welding robot 1',
      categoryId: LEAF,
      tagIds: [],
      groupId: null,
      originCountryId: null,
      certificateIds: [],
      pictures: [pic(1), pic(3), pic(5), pic(4)],
      introductionZh: '<p>介绍</p>',
      introductionEn: '<p>About</p>',
      view3DUrl: null,
      video: null,
      draft: false,
    });
  });

  it('puts the server’s picture limit (4060) on the pictures field', async () => {
    const refused = () => json({ success: false, code: 4060, description: '最多上传5张图片', field: 'pictures', errors: [{ field: 'pictures', message: '最多上传5张图片' }] }, 400);
    serve([product(1, { pictures: [pic(1), pic(2)] })], refused);
    renderScreen(<ExProductEdit />, `/ex-live/index/proEdit?id=${product(1).id}`);
    expect(await screen.findByDisplayValue('焊接机器人1')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('最多上传5张图片')).toBeInTheDocument();
  });
});

describe('the host’s category table', () => {
  const more = [...categories, category('00000000-0000-4000-a000-0000000000f3', '显示', 'Displays', null)];
  it('nests the children under their roots and pages the roots', () => {
    const all = categoryPage(more, 1, 10);
    expect(all.totalCount).toBe(2);
    expect(all.items[0]).toMatchObject({ id: ROOT, children: [{ id: LEAF }] });
    expect(all.items[1]).not.toHaveProperty('children');
    expect(categoryPage(more, 2, 1).items.map((r) => r.name)).toEqual(['显示']);
  });

  it('keeps a root whose child matches the name, with that child only', () => {
    expect(categoryPage(more, 1, 10, '机器').items).toEqual([expect.objectContaining({ id: ROOT, children: [expect.objectContaining({ id: LEAF })] })]);
    expect(categoryPage(more, 1, 10, 'display').items.map((r) => r.name)).toEqual(['显示']);
    expect(categoryPage(more, 1, 10, '没有').totalCount).toBe(0);
  });
});
