import { Role, type Album, type AlbumDetail, type Product, type ProductGroup } from '@pavilion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { renderScreen, signIn } from '../../test/screen.tsx';
import { EXHIBITION_ID, ok, page } from '../../test/fixtures.ts';
import ExAlbums from './ExAlbums.tsx';
import ExProducts from './ExProducts.tsx';
import ExVideos from './ExVideos.tsx';
import ExCertificates from './ExCertificates.tsx';
import { CertificateQualities } from '../host/CertificateQualities.tsx';
import ExhibitionVideos from '../host/ExhibitionVideos.tsx';

const EXHIBITOR_ID = '00000000-0000-4000-a000-0000000000e1';
const when = '2026-03-01T02:00:00.000Z';
const pic = (n: number) => `/uploads/a${n}.png`;
const album = (n: number, over: Partial<Album> = {}): Album => ({
  id: `00000000-0000-4000-a000-0000000003${String(n).padStart(2, '0')}`,
  exhibitorId: EXHIBITOR_ID,
  exhibitionId: EXHIBITION_ID,
  name: `展位相册${n}`,
  nameEn: `Booth album ${n}`,
  cover: pic(1),
  coverUrl: null,
  photoCount: 2,
  showIndex: n,
  createAt: when,
  updateAt: when,
  ...over,
});
const detail = (a: Album): AlbumDetail => ({
  ...a,
  photos: [
    { id: '00000000-0000-4000-a000-000000000401', url: pic(1), caption: '展台正面', captionEn: 'Front', showIndex: 0 },
    { id: '00000000-0000-4000-a000-000000000402', url: pic(2), caption: null, captionEn: null, showIndex: 1 },
  ],
});
const group: ProductGroup = { id: '00000000-0000-4000-a000-0000000000a1', exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, name: '焊接设备', nameEn: 'Welding', showIndex: 0, createAt: when, updateAt: when };

const quality = { id: '00000000-0000-4000-a000-000000000701', exhibitionId: EXHIBITION_ID, name: 'CE 认证', nameEn: 'CE', showIndex: 0, createAt: when, updateAt: when };
const certificates = [
  { id: '00000000-0000-4000-a000-000000000801', exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, qualityId: quality.id, name: '焊接机 CE 证书', issuer: 'TÜV', validUntil: '2028-12-31', pictures: [pic(1)], auditState: 1 as const, auditReason: null, submitAt: when, auditAt: when, createAt: when, updateAt: when },
  { id: '00000000-0000-4000-a000-000000000802', exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, qualityId: null, name: '质量体系证书', issuer: null, validUntil: null, pictures: [pic(2)], auditState: 2 as const, auditReason: '图片模糊', submitAt: when, auditAt: when, createAt: when, updateAt: when },
];
const video = { id: '00000000-0000-4000-a000-000000000501', exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, title: '产线演示', titleEn: 'Line demo', url: '/uploads/v.mp4', cover: null, showIndex: 0, createAt: when, updateAt: when };

function serve(albums: Album[], products: Product[] = []) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    if (path === '/api/v1/album/query') return ok(page(albums, 1, 20, albums.length));
    if (path === '/api/v1/album' && init?.method === 'GET') return ok(detail(albums[0]!));
    if (path === '/api/v1/album/photos') return ok(detail(albums[0]!));
    if (path === '/api/v1/album' && init?.method === 'DELETE') return ok(true);
    if (path === '/api/v1/productcertificate/query') return ok(page(certificates, 1, 30, certificates.length));
    if (path === '/api/v1/certificatequality/query') return ok(page([quality], 1, 1000, 1));
    if (path === '/api/v1/certificatequality' && init?.method === 'POST') return ok(quality);
    if (path === '/api/v1/exhibitorvideo/query') return ok(page([video], 1, 10, 1));
    if (path === '/api/v1/exhibitorvideo' && init?.method === 'PATCH') return ok(video);
    if (path === '/api/v1/exhibitionvideo/query') return ok(page([{ ...video, isShow: true }], 1, 50, 1));
    if (path === '/api/v1/exhibitionvideo/show') return ok({ ...video, isShow: false });
    if (path === '/api/v3/productv3/page') return ok(page(products, 1, 100, products.length));
    if (path === '/api/v3/productcategory/query') return ok(page([], 1, 1000, 0));
    if (path === '/api/v1/productgroup/query') return ok(page([group], 1, 50, 1));
    if (path === '/api/v1/productgroup' && init?.method === 'DELETE') return ok(true);
    if (path === '/api/v1/settings/exhibition') return ok({ productImageUploadNumber: 5, exhibitorsLoadProductNumber: 5 });
    throw new Error(`unexpected call ${init?.method} ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  signIn({ role: Role.Exhibitor, exhibitionId: EXHIBITION_ID, exhibitorId: EXHIBITOR_ID });
});
afterEach(() => applyLanguage('zh-CN'));

describe('ExAlbums', () => {
  it('lists the albums with their photo count and sends the photos in the order shown, captions included', async () => {
    const fetch = serve([album(1)]);
    const { container } = renderScreen(<ExAlbums />, '/ex-live/index/set/album');
    const card = await within(container).findByTestId(`album-${album(1).id}`);
    expect(within(card).getByText('展位相册1')).toBeInTheDocument();
    expect(within(card).getByText('2 / 100 张照片')).toBeInTheDocument();
    expect(within(container).getByTestId('album-quota')).toHaveTextContent('已建 1 / 20 个相册');

    await userEvent.click(within(card).getByTestId(`album-photos-${album(1).id}`));
    const photos = await screen.findByTestId('album-photos');
    expect(within(photos).getByTestId('album-caption-0')).toHaveValue('展台正面');
    await userEvent.type(within(photos).getByTestId('album-caption-1'), '洽谈区');
    await userEvent.click(within(within(photos).getByTestId('album-photo-1')).getByRole('button', { name: '上移' }));
    await userEvent.click(within(photos).getByTestId('album-photos-save'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/api/v1/album/photos'))).toBe(true));
    const call = fetch.mock.calls.find((c) => String(c[0]).startsWith('/api/v1/album/photos'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      photos: [
        { url: pic(2), caption: '洽谈区', captionEn: '' },
        { url: pic(1), caption: '展台正面', captionEn: 'Front' },
      ],
    });
  });

  it('shows English names on the English path and closes adding at the limit', async () => {
    applyLanguage('en');
    serve(Array.from({ length: 20 }, (_, i) => album(i + 1)));
    const { container } = renderScreen(<ExAlbums />, '/ex-live-en/index/set/album');
    expect(await within(container).findByText('Booth album 1')).toBeInTheDocument();
    expect(within(container).getByTestId('album-add')).toBeDisabled();
  });
});

describe('product groups on the product list', () => {
  it('shows each product’s group, lists the groups and deletes one after asking, saying its products stay', async () => {
    const grouped = { id: '00000000-0000-4000-a000-000000000601', exhibitorId: EXHIBITOR_ID, exhibitionId: EXHIBITION_ID, compId: EXHIBITOR_ID, companyName: '杭州云展科技', name: '焊接机器人', nameEn: null, categoryId: null, groupId: group.id, originCountryId: null, certificateIds: [], authenticatedAt: null, tagIds: [], banner: '[]', video: '', introduction: '{}', pictures: [], videoUrl: null, videoCover: null, introductionZh: '', introductionEn: '', view3DUrl: null, styleId: null, isShow: true, showIndex: 0, auditState: 1, auditReason: null, submitAt: when, auditAt: when, createAt: when, updateAt: when } satisfies Product;
    const fetch = serve([], [grouped]);
    const { container } = renderScreen(<ExProducts />, '/ex-live/index/product');
    const table = await within(container).findByTestId('product-table');
    expect(await within(table).findByText('焊接设备')).toBeInTheDocument();
    const groups = await within(container).findByTestId('product-groups');
    expect(await within(groups).findByText('焊接设备')).toBeInTheDocument();
    expect(within(groups).getByText('1 个产品')).toBeInTheDocument();
    await userEvent.click(within(groups).getByTestId(`group-delete-${group.id}`));
    expect(await screen.findByText('删除分组“焊接设备”？组内产品会保留，变为未分组。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE' && String(c[0]).startsWith('/api/v1/productgroup'))).toBe(true));
  });
});

describe('videos', () => {
  it('lists the exhibitor’s booth videos and retitles one', async () => {
    const fetch = serve([]);
    const { container } = renderScreen(<ExVideos />, '/ex-live/index/set/video');
    const card = await within(container).findByTestId(`video-${video.id}`);
    expect(within(card).getByText('产线演示')).toBeInTheDocument();
    expect(within(container).getByTestId('video-quota')).toHaveTextContent('已上传 1 / 10 个视频');
    await userEvent.click(within(card).getByTestId(`video-edit-${video.id}`));
    const title = await screen.findByTestId('video-title');
    await userEvent.clear(title);
    await userEvent.type(title, '新产线');
    await userEvent.click(screen.getByTestId('video-save'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'PATCH')).toBe(true));
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'PATCH')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ title: '新产线', titleEn: 'Line demo' });
  });

  it('lets the host hide an exhibition video', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve([]);
    const { container } = renderScreen(<ExhibitionVideos />, '/live/index/manage/video');
    await userEvent.click(await within(container).findByTestId(`video-show-${video.id}`));
    await waitFor(() => expect(fetch.mock.calls.some((c) => String(c[0]).startsWith('/api/v1/exhibitionvideo/show'))).toBe(true));
  });
});

describe('certificates', () => {
  it('lists the exhibitor’s certificates with their type, validity and review state', async () => {
    serve([]);
    const { container } = renderScreen(<ExCertificates />, '/ex-live/index/set/certificate');
    const approved = await within(container).findByTestId(`certificate-${certificates[0]!.id}`);
    expect(await within(approved).findByText('CE 认证')).toBeInTheDocument();
    expect(within(approved).getByText('有效期至 2028-12-31')).toBeInTheDocument();
    expect(within(approved).getByText('可在产品中关联')).toBeInTheDocument();
    const rejected = within(container).getByTestId(`certificate-${certificates[1]!.id}`);
    expect(within(rejected).getByTestId('certificate-reason')).toHaveTextContent('图片模糊');
    expect(within(rejected).getByText('长期有效')).toBeInTheDocument();
  });

  it('lets the host add a certificate type to the current exhibition', async () => {
    signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
    const fetch = serve([]);
    const { container } = renderScreen(<CertificateQualities />, '/live/index/manage/pro');
    expect(await within(container).findByText('CE 认证')).toBeInTheDocument();
    await userEvent.click(within(container).getByTestId('quality-add'));
    await userEvent.type(await screen.findByLabelText('名称'), 'ISO 9001');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'POST' && String(c[0]) === '/api/v1/certificatequality')).toBe(true));
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'POST' && String(c[0]) === '/api/v1/certificatequality')!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({ exhibitionId: EXHIBITION_ID, name: 'ISO 9001', showIndex: 1 });
  });
});
