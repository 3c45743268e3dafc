import type { Country, RegionMatch, RegionNode } from '@pavilion/contract';
import { vi } from 'vitest';
import { json, ok } from '../test/fixtures.ts';

/** Small excerpts of the real directory, as the server answers them (docs/directory.md). */

export const provinces: RegionNode[] = [
  { id: 'ab807ef2-d8f0-505c-a625-a8dd30c0bc8d', parentId: 'e925698b-bd59-5789-b718-e0c5322a8827', kind: 'province', name: '上海市', nameEn: 'Shanghai', code: '021', param: null, showIndex: 0, hasChildren: true },
  { id: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', parentId: 'e925698b-bd59-5789-b718-e0c5322a8827', kind: 'province', name: '浙江省', nameEn: 'Zhejiang', code: null, param: null, showIndex: 2, hasChildren: true },
  { id: '7c4cf178-f438-559a-b042-f075d12c41aa', parentId: '79e263d1-0a74-5fed-aada-c046b8fd9d4d', kind: 'province', name: '湖北省', nameEn: 'Hubei', code: null, param: null, showIndex: 1, hasChildren: true },
  { id: '31058abb-9de5-5883-a42f-1c09d5958888', parentId: 'a742017d-6954-5ad4-8e7d-45dddb1b20da', kind: 'province', name: '香港特别行政区', nameEn: 'Hong Kong', code: '00852', param: null, showIndex: 0, hasChildren: false },
  { id: '0ac3625b-6484-55c7-bcc3-e7be5f5d3c0a', parentId: 'a742017d-6954-5ad4-8e7d-45dddb1b20da', kind: 'province', name: '澳门特别行政区', nameEn: 'Macao', code: '00853', param: null, showIndex: 1, hasChildren: false },
  { id: 'd80f4e67-d40e-5a12-843a-002cafe113ec', parentId: 'a742017d-6954-5ad4-8e7d-45dddb1b20da', kind: 'province', name: '台湾省', nameEn: 'Taiwan', code: null, param: null, showIndex: 2, hasChildren: false },
];

export const zhejiangCities: RegionNode[] = [
  { id: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', parentId: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', kind: 'city', name: '杭州市', nameEn: 'Hangzhou', code: '0571', param: null, showIndex: 0, hasChildren: true },
  { id: '979f8315-d36c-564e-b175-d0b9d81e96fd', parentId: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', kind: 'city', name: '宁波市', nameEn: 'Ningbo', code: '0574', param: null, showIndex: 1, hasChildren: true },
  { id: '64c9d3c5-1a39-5ffc-b0cb-479dd7158563', parentId: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', kind: 'city', name: '温州市', nameEn: 'Wenzhou', code: '0577', param: null, showIndex: 2, hasChildren: true },
];

export const hangzhouDistricts: RegionNode[] = [
  { id: '89f23bf2-b7b7-5dd3-a77f-b18c4129fe33', parentId: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', kind: 'district', name: '上城区', nameEn: 'Shangcheng District', code: '0571', param: null, showIndex: 0, hasChildren: false },
  { id: '5aaee0b6-204c-50c0-9f69-ea9d8c9a17b0', parentId: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', kind: 'district', name: '拱墅区', nameEn: 'Gongshu District', code: '0571', param: null, showIndex: 1, hasChildren: false },
  { id: 'de051ce7-1269-5cc8-aca6-1d0e4dc2ee74', parentId: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', kind: 'district', name: '西湖区', nameEn: 'Xihu District', code: '0571', param: null, showIndex: 2, hasChildren: false },
  { id: '7a0fc284-f996-5d46-9973-7b2e4a72a7a2', parentId: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', kind: 'district', name: '滨江区', nameEn: 'Binjiang District', code: '0571', param: null, showIndex: 3, hasChildren: false },
];

export const hubeiCities: RegionNode[] = [
  { id: 'efc46767-b376-5203-bee6-a6b444783413', parentId: '7c4cf178-f438-559a-b042-f075d12c41aa', kind: 'city', name: '武汉市', nameEn: 'Wuhan', code: '027', param: null, showIndex: 0, hasChildren: true },
  { id: 'b3b03c05-b927-5441-b2db-9c04239c7e0c', parentId: '7c4cf178-f438-559a-b042-f075d12c41aa', kind: 'group', name: null, nameEn: null, code: null, param: null, showIndex: 13, hasChildren: true },
];

export const hubeiGroupMembers: RegionNode[] = [
  { id: '49b89ffd-2dae-5230-8580-86f47568023f', parentId: 'b3b03c05-b927-5441-b2db-9c04239c7e0c', kind: 'district', name: '仙桃市', nameEn: 'Xiantao City', code: '0728', param: null, showIndex: 0, hasChildren: false },
  { id: '4acc4ed8-3e0e-5f6d-b59a-724d70be0ad1', parentId: 'b3b03c05-b927-5441-b2db-9c04239c7e0c', kind: 'district', name: '潜江市', nameEn: 'Qianjiang City', code: '0728', param: null, showIndex: 1, hasChildren: false },
];

export const searchHangzhou: RegionMatch[] = [
  { id: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', parentId: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', kind: 'city', name: '杭州市', nameEn: 'Hangzhou', code: '0571', param: null, showIndex: 0, hasChildren: true, path: [{ id: 'e925698b-bd59-5789-b718-e0c5322a8827', parentId: 'a934fde4-d6e5-5c08-90f9-0659d3e9122c', kind: 'region', name: '华东', nameEn: 'East China', code: null, param: null, showIndex: 0, hasChildren: true }, { id: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', parentId: 'e925698b-bd59-5789-b718-e0c5322a8827', kind: 'province', name: '浙江省', nameEn: 'Zhejiang', code: null, param: null, showIndex: 2, hasChildren: true }] },
];

export const searchXihu: RegionMatch[] = [
  { id: 'de051ce7-1269-5cc8-aca6-1d0e4dc2ee74', parentId: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', kind: 'district', name: '西湖区', nameEn: 'Xihu District', code: '0571', param: null, showIndex: 2, hasChildren: false, path: [{ id: 'e925698b-bd59-5789-b718-e0c5322a8827', parentId: 'a934fde4-d6e5-5c08-90f9-0659d3e9122c', kind: 'region', name: '华东', nameEn: 'East China', code: null, param: null, showIndex: 0, hasChildren: true }, { id: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', parentId: 'e925698b-bd59-5789-b718-e0c5322a8827', kind: 'province', name: '浙江省', nameEn: 'Zhejiang', code: null, param: null, showIndex: 2, hasChildren: true }, { id: '7a8822ef-14b6-500d-a2a3-8faf67866f3d', parentId: '4365fc8b-a61d-5a61-ba32-355c4eb679c1', kind: 'city', name: '杭州市', nameEn: 'Hangzhou', code: '0571', param: null, showIndex: 0, hasChildren: true }] },
  { id: 'edc40866-402e-580b-a7ad-9d98982bebad', parentId: 'f0554f3f-2ba8-591e-88f5-18560c4188fc', kind: 'district', name: '西湖区', nameEn: 'Xihu District', code: '0791', param: null, showIndex: 1, hasChildren: false, path: [{ id: 'e925698b-bd59-5789-b718-e0c5322a8827', parentId: 'a934fde4-d6e5-5c08-90f9-0659d3e9122c', kind: 'region', name: '华东', nameEn: 'East China', code: null, param: null, showIndex: 0, hasChildren: true }, { id: '2ccb8f50-0f26-5f4b-8776-d4d9a41c495b', parentId: 'e925698b-bd59-5789-b718-e0c5322a8827', kind: 'province', name: '江西省', nameEn: 'Jiangxi', code: null, param: null, showIndex: 5, hasChildren: true }, { id: 'f0554f3f-2ba8-591e-88f5-18560c4188fc', parentId: '2ccb8f50-0f26-5f4b-8776-d4d9a41c495b', kind: 'city', name: '南昌市', nameEn: 'Nanchang', code: '0791', param: null, showIndex: 0, hasChildren: true }] },
  { id: 'eaac84a9-fda0-56f8-bdf2-a1324abe5eba', parentId: 'efc46767-b376-5203-bee6-a6b444783413', kind: 'district', name: '东西湖区', nameEn: 'Dongxihu District', code: '027', param: null, showIndex: 7, hasChildren: false, path: [{ id: '79e263d1-0a74-5fed-aada-c046b8fd9d4d', parentId: 'a934fde4-d6e5-5c08-90f9-0659d3e9122c', kind: 'region', name: '华中', nameEn: 'Central China', code: null, param: null, showIndex: 3, hasChildren: true }, { id: '7c4cf178-f438-559a-b042-f075d12c41aa', parentId: '79e263d1-0a74-5fed-aada-c046b8fd9d4d', kind: 'province', name: '湖北省', nameEn: 'Hubei', code: null, param: null, showIndex: 1, hasChildren: true }, { id: 'efc46767-b376-5203-bee6-a6b444783413', parentId: '7c4cf178-f438-559a-b042-f075d12c41aa', kind: 'city', name: '武汉市', nameEn: 'Wuhan', code: '027', param: null, showIndex: 0, hasChildren: true }] },
];
export const countries: Country[] = [
  { id: '884e46d2-bdd2-517e-b762-df364967e311', name: '阿富汗', nameEn: 'Afghanistan', code: '93', param: 'flag-af', iso2: 'AF', continentId: '635b288c-5e75-57f3-a667-07ee779ddb40', continent: '亚洲', continentEn: 'Asia', showIndex: 0 },
  { id: 'f086e093-1db7-53b4-9eda-411d93b7f745', name: '日本', nameEn: 'Japan', code: '81', param: 'flag-jp', iso2: 'JP', continentId: '635b288c-5e75-57f3-a667-07ee779ddb40', continent: '亚洲', continentEn: 'Asia', showIndex: 17 },
  { id: '55dcb2fd-d615-5dfa-a0b7-c93cbbdf02cf', name: '新加坡', nameEn: 'Singapore', code: '65', param: 'flag-sg', iso2: 'SG', continentId: '635b288c-5e75-57f3-a667-07ee779ddb40', continent: '亚洲', continentEn: 'Asia', showIndex: 36 },
  { id: '569c9270-42cb-51f0-adc4-c19f6177050a', name: '韩国', nameEn: 'South Korea', code: '82', param: 'flag-kr', iso2: 'KR', continentId: '635b288c-5e75-57f3-a667-07ee779ddb40', continent: '亚洲', continentEn: 'Asia', showIndex: 37 },
  { id: '17793c43-8872-5a65-beb9-2451feab4a35', name: '法国', nameEn: 'France', code: '33', param: 'flag-fr', iso2: 'FR', continentId: 'bbfddbcd-efcd-5582-ab8a-3d57bc6b5d18', continent: '欧洲', continentEn: 'Europe', showIndex: 15 },
  { id: '037cbbef-89b2-5b4a-bcc7-ddfaa9bf49e0', name: '德国', nameEn: 'Germany', code: '49', param: 'flag-de', iso2: 'DE', continentId: 'bbfddbcd-efcd-5582-ab8a-3d57bc6b5d18', continent: '欧洲', continentEn: 'Europe', showIndex: 16 },
  { id: '83c6b873-6e56-5ffa-866e-986c9bad26c6', name: '根西', nameEn: 'Guernsey', code: '44', param: 'flag-gg', iso2: 'GG', continentId: 'bbfddbcd-efcd-5582-ab8a-3d57bc6b5d18', continent: '欧洲', continentEn: 'Europe', showIndex: 19 },
  { id: '68578d2c-3913-5ec9-9a43-304319ba57e7', name: '英国', nameEn: 'United Kingdom', code: '44', param: 'flag-gb', iso2: 'GB', continentId: 'bbfddbcd-efcd-5582-ab8a-3d57bc6b5d18', continent: '欧洲', continentEn: 'Europe', showIndex: 51 },
  { id: 'f36cdc62-1889-5472-8578-3bf01fffd859', name: '加拿大', nameEn: 'Canada', code: '1', param: 'flag-ca', iso2: 'CA', continentId: 'd11a30b1-ae7e-5b40-9f18-330a1cdcf00f', continent: '北美洲', continentEn: 'North America', showIndex: 8 },
  { id: 'a12d7a73-b02a-5d3d-af76-6b54c0487c06', name: '美国', nameEn: 'United States', code: '1', param: 'flag-us', iso2: 'US', continentId: 'd11a30b1-ae7e-5b40-9f18-330a1cdcf00f', continent: '北美洲', continentEn: 'North America', showIndex: 40 },
];

const HUBEI_GROUP_ID = 'b3b03c05-b927-5441-b2db-9c04239c7e0c';
const childrenByParent: Record<string, RegionNode[]> = {
  root: provinces,
  [provinces[1]!.id]: zhejiangCities,
  [zhejiangCities[0]!.id]: hangzhouDistricts,
  [provinces[2]!.id]: hubeiCities,
  [HUBEI_GROUP_ID]: hubeiGroupMembers,
};
const searches: Record<string, RegionMatch[]> = { hangzhou: searchHangzhou, 西湖区: searchXihu };

/**
 * Stubs `fetch` with the directory's public reads answered from the excerpts above; returns the
 * mock, whose calls show what was loaded when.
 */
export function stubDirectory() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    if (url.pathname === '/api/City/GetByParentId') {
      const items = childrenByParent[q.get('parentId') ?? 'root'] ?? [];
      return ok({ hasNextPage: false, pageIndex: 1, pageSize: Number(q.get('pageSize')), totalCount: items.length, items });
    }
    if (url.pathname === '/api/City/Search') return ok(searches[q.get('keyword') ?? ''] ?? []);
    if (url.pathname === '/api/v1/country/countries') return ok(countries);
    return json({ success: false, code: 4004, description: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The paths (with query, without the cache buster) of the calls made so far. */
export const calledPaths = (fetch: ReturnType<typeof stubDirectory>) =>
  fetch.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    url.searchParams.delete('t');
    return decodeURIComponent(`${url.pathname}${url.search}`);
  });
