/**
 * Known facts about the generated directory (server/data/directory/directory.json): the expected
 * values come from the outside world (published area and dialling codes, standard pinyin and
 * English names), not from the build script.
 */
import { describe, expect, it } from 'vitest';

import {
  ancestorsOf,
  cities,
  countries,
  directory,
  findChildren,
  findCountryByIso,
  findNode,
  kindOf,
  mainlandGroup,
  mainlandProvinces,
  parentOf,
  provinces,
  searchCountries,
  searchRegions,
  type DirectoryNode,
} from './directory.ts';

const all: DirectoryNode[] = [];
const walk = (ns: readonly DirectoryNode[]) => ns.forEach((n) => (all.push(n), walk(n.lists ?? [])));
walk(directory);

const byKind = (kind: string) => all.filter((n) => kindOf(n.id) === kind);
/** The one city-level node with this Chinese name (municipalities count as cities). */
const city = (name: string) => {
  const found = cities().filter((c) => c.name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};
const district = (cityName: string, name: string) => {
  const d = city(cityName).lists?.find((x) => x.name === name);
  expect(d, `${cityName} / ${name}`).toBeDefined();
  return d!;
};
const country = (iso: string) => {
  const c = findCountryByIso(iso);
  expect(c, iso).toBeDefined();
  return c!;
};

describe('area codes of cities', () => {
  it.each([
    ['上海市', '021'],
    ['北京市', '010'],
    ['杭州市', '0571'],
    ['广州市', '020'],
    ['深圳市', '0755'],
    ['成都市', '028'],
    ['三亚市', '0898'],
    ['天津市', '022'],
    ['重庆市', '023'],
    ['南京市', '025'],
    ['哈尔滨市', '0451'],
    ['乌鲁木齐市', '0991'],
    ['西安市', '029'],
    ['武汉市', '027'],
    ['沈阳市', '024'],
    ['苏州市', '0512'],
  ])('%s is %s', (name, code) => {
    expect(city(name).code).toBe(code);
  });

  it('all of Hainan is 0898, including the directly administered counties', () => {
    const hainan = provinces().find((p) => p.name === '海南省')!;
    const codes = new Set<string | null | undefined>();
    const collect = (ns: readonly DirectoryNode[]) => ns.forEach((n) => (n.name !== null && codes.add(n.code), collect(n.lists ?? [])));
    collect(hainan.lists!);
    expect([...codes]).toEqual(['0898']);
  });

  it('districts carry their city code unless they have their own', () => {
    expect(district('杭州市', '西湖区').code).toBe('0571');
    expect(district('上海市', '浦东新区').code).toBe('021');
    expect(district('海西蒙古族藏族自治州', '格尔木市').code).toBe('0979');
    expect(city('海西蒙古族藏族自治州').code).toBe('0977');
  });

  it('Hong Kong and Macao are 00852 and 00853; Taiwan has no code and no children', () => {
    const byName = (n: string) => provinces().find((p) => p.name === n)!;
    expect(byName('香港特别行政区').code).toBe('00852');
    expect(byName('澳门特别行政区').code).toBe('00853');
    expect(byName('台湾省').code).toBeNull();
    expect(byName('台湾省').lists).toBeUndefined();
  });

  it('every city has an area code with a leading zero (HK/Macao: 00852/00853)', () => {
    for (const c of cities()) {
      if (c.name === '香港特别行政区') expect(c.code).toBe('00852');
      else if (c.name === '澳门特别行政区') expect(c.code).toBe('00853');
      else expect(c.code, c.name!).toMatch(/^0\d{2,3}$/);
    }
  });

  it('every district code, where present, is a valid area code', () => {
    for (const d of byKind('district')) if (d.code != null) expect(d.code, d.name!).toMatch(/^0\d{2,3}$/);
  });
});

describe('dialling codes of countries', () => {
  it.each([
    ['CA', '1', '加拿大', 'Canada'],
    ['US', '1', '美国', 'United States'],
    ['GB', '44', '英国', 'United Kingdom'],
    ['JP', '81', '日本', 'Japan'],
    ['DE', '49', '德国', 'Germany'],
    ['FR', '33', '法国', 'France'],
    ['KR', '82', '韩国', 'South Korea'],
    ['SG', '65', '新加坡', 'Singapore'],
    ['AU', '61', '澳大利亚', 'Australia'],
    ['RU', '7', '俄罗斯', 'Russia'],
    ['IN', '91', '印度', 'India'],
    ['BR', '55', '巴西', 'Brazil'],
  ])('%s is +%s (%s, %s)', (iso, code, name, nameEn) => {
    const c = country(iso);
    expect(c).toMatchObject({ code, name, nameEn, param: `flag-${iso.toLowerCase()}` });
  });

  it('mainland China, Hong Kong, Macao and Taiwan are not country entries', () => {
    for (const code of ['86', '852', '853', '886']) expect(countries().filter((c) => c.code === code), code).toEqual([]);
    for (const iso of ['CN', 'HK', 'MO', 'TW']) expect(findCountryByIso(iso), iso).toBeUndefined();
  });

  it('countries sit in the six continents', () => {
    const international = directory[0]!;
    expect(international.lists!.map((c) => c.nameEn)).toEqual(['Asia', 'Europe', 'North America', 'South America', 'Oceania', 'Africa']);
    expect(country('JP').continentEn).toBe('Asia');
    expect(country('DE').continentEn).toBe('Europe');
    expect(country('CA').continentEn).toBe('North America');
    expect(country('AR').continentEn).toBe('South America');
    expect(country('NZ').continentEn).toBe('Oceania');
    expect(country('EG').continentEn).toBe('Africa');
  });

  it('searches countries by name or code', () => {
    expect(searchCountries('英国').map((c) => c.iso2)).toContain('GB');
    expect(searchCountries('germ').map((c) => c.iso2)).toEqual(['DE']);
    expect(searchCountries('+44').map((c) => c.iso2)).toEqual(expect.arrayContaining(['GB', 'GG', 'IM', 'JE']));
  });
});

describe('names', () => {
  it.each([
    ['六安市', "Lu'an"],
    ['蚌埠市', 'Bengbu'],
    ['厦门市', 'Xiamen'],
    ['重庆市', 'Chongqing'],
    ['西安市', "Xi'an"],
    ['长沙市', 'Changsha'],
    ['丽水市', 'Lishui'],
    ['哈尔滨市', 'Harbin'],
    ['呼和浩特市', 'Hohhot'],
    ['乌鲁木齐市', 'Urumqi'],
    ['拉萨市', 'Lhasa'],
  ])('%s is %s', (name, en) => {
    expect(city(name).nameEn).toBe(en);
  });

  it.each([
    ['内蒙古自治区', 'Inner Mongolia'],
    ['西藏自治区', 'Tibet'],
    ['新疆维吾尔自治区', 'Xinjiang'],
    ['广西壮族自治区', 'Guangxi'],
    ['宁夏回族自治区', 'Ningxia'],
    ['陕西省', 'Shaanxi'],
    ['山西省', 'Shanxi'],
    ['香港特别行政区', 'Hong Kong'],
    ['澳门特别行政区', 'Macao'],
  ])('province %s is %s', (name, en) => {
    expect(provinces().find((p) => p.name === name)?.nameEn).toBe(en);
  });

  it('districts and counties get English suffixes and correct readings', () => {
    expect(district('杭州市', '西湖区').nameEn).toBe('Xihu District');
    expect(district('南京市', '六合区').nameEn).toBe('Luhe District');
    expect(district('上海市', '闵行区').nameEn).toBe('Minhang District');
    expect(district('上海市', '浦东新区').nameEn).toBe('Pudong New Area');
    expect(district('温州市', '乐清市').nameEn).toBe('Yueqing City');
    expect(district('成都市', '都江堰市').nameEn).toBe('Dujiangyan City');
    expect(district('延边朝鲜族自治州', '珲春市').nameEn).toBe('Hunchun City');
    expect(city('延边朝鲜族自治州').nameEn).toBe('Yanbian Korean Autonomous Prefecture');
    expect(city('锡林郭勒盟').nameEn).toBe('Xilingol League');
  });

  it('every node has a Chinese and an English name, except the null-name groups', () => {
    for (const n of all) {
      if (kindOf(n.id) === 'group') {
        expect(n.name).toBeNull();
        expect(n.nameEn).toBeNull();
        expect(n.lists!.length).toBeGreaterThan(0);
      } else {
        expect(n.name, n.id).toBeTruthy();
        expect(n.nameEn, n.name!).toBeTruthy();
      }
    }
  });
});

describe('structure and counts', () => {
  it('has two top groups', () => {
    expect(directory.map((n) => n.nameEn)).toEqual(['International', 'Chinese Mainland']);
    expect(findChildren(null)).toBe(directory);
  });

  it('macro-regions hold the provinces', () => {
    const regions = mainlandGroup().lists!.map((r) => r.name);
    expect(regions).toEqual(['华东', '华北', '华南', '华中', '东北', '西北', '西南', '港澳台']);
    const east = mainlandGroup().lists![0]!.lists!.map((p) => p.name);
    expect(east).toEqual(['上海市', '江苏省', '浙江省', '安徽省', '福建省', '江西省', '山东省']);
  });

  it('counts are in the expected ranges', () => {
    expect(countries().length).toBeGreaterThanOrEqual(200);
    expect(countries().length).toBeLessThanOrEqual(250);
    expect(mainlandProvinces()).toHaveLength(31);
    expect(provinces()).toHaveLength(34);
    const prefectureLevel = byKind('city').length;
    expect(prefectureLevel + 4).toBeGreaterThanOrEqual(330); // + the 4 municipalities
    expect(prefectureLevel + 4).toBeLessThanOrEqual(345);
    const districts = byKind('district').length;
    expect(districts).toBeGreaterThanOrEqual(2800);
    expect(districts).toBeLessThanOrEqual(2900);
  });

  it('municipalities sit at city level with their districts directly below', () => {
    const shanghai = provinces().find((p) => p.name === '上海市')!;
    expect(kindOf(shanghai.id)).toBe('province');
    expect(shanghai.code).toBe('021');
    expect(shanghai.lists!.map((d) => kindOf(d.id))).toEqual(shanghai.lists!.map(() => 'district'));
    expect(provinces().find((p) => p.name === '重庆市')!.lists!.map((d) => d.name)).toEqual(expect.arrayContaining(['万州区', '巫山县']));
  });

  it('groups directly administered county-level cities under a null name', () => {
    const hubei = provinces().find((p) => p.name === '湖北省')!;
    const group = hubei.lists!.find((c) => c.name === null)!;
    expect(group.lists!.map((c) => c.name)).toEqual(expect.arrayContaining(['仙桃市', '潜江市', '天门市', '神农架林区']));
    const xpcc = provinces().find((p) => p.name === '新疆维吾尔自治区')!.lists!.find((c) => c.name === null)!;
    expect(xpcc.lists!.find((c) => c.name === '石河子市')?.code).toBe('0993');
  });

  it('drops statistics-only development zones', () => {
    const names = all.map((n) => n.name ?? '');
    expect(names.filter((n) => /(经济技术|高新技术产业)开发区$/.test(n))).toEqual([]);
    expect(names).not.toContain('苏州工业园区');
  });

  it('every id is a unique uuid', () => {
    const ids = all.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('helpers', () => {
  it('finds nodes, children, parents and ancestors', () => {
    const hz = city('杭州市');
    expect(findNode(hz.id)).toBe(hz);
    expect(findChildren(hz.id).map((d) => d.name)).toContain('西湖区');
    expect(parentOf(hz.id)?.name).toBe('浙江省');
    expect(ancestorsOf(district('杭州市', '西湖区').id).map((n) => n.name)).toEqual(['中国大陆', '华东', '浙江省', '杭州市']);
    expect(findNode('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    expect(findChildren('nope')).toEqual([]);
  });

  it('lists countries flat with their continent', () => {
    const gb = country('GB');
    expect(gb).toMatchObject({ name: '英国', nameEn: 'United Kingdom', code: '44', iso2: 'GB', continent: '欧洲', continentEn: 'Europe' });
    expect(findNode(gb.continentId)?.nameEn).toBe('Europe');
  });

  it('searches regions by Chinese, pinyin, initials and English, case-insensitively', () => {
    const first = (q: string) => searchRegions(q)[0]?.node.name;
    expect(first('杭州')).toBe('杭州市');
    expect(first('Hangzhou')).toBe('杭州市');
    expect(first('HANGZHOU')).toBe('杭州市');
    expect(first('haerbin')).toBe('哈尔滨市'); // pinyin, although nameEn is Harbin
    expect(first('harbin')).toBe('哈尔滨市');
    expect(first('xian')).toBe('西安市');
    expect(first("xi'an")).toBe('西安市');
    expect(first('zhejiang')).toBe('浙江省');
    expect(searchRegions('hz').map((m) => m.node.name)).toContain('杭州市');
    expect(searchRegions('xihu district').map((m) => m.node.name)).toContain('西湖区');
  });

  it('gives the path of a match for cascading pickers', () => {
    const m = searchRegions('西湖区').find((x) => x.path.some((p) => p.name === '杭州市'))!;
    expect(m.kind).toBe('district');
    expect(m.node.code).toBe('0571');
    expect(m.path.map((p) => p.name)).toEqual(['华东', '浙江省', '杭州市']);
    expect(m.node).not.toHaveProperty('lists');
  });

  it('limits and ignores empty queries', () => {
    expect(searchRegions('')).toEqual([]);
    expect(searchRegions('区', 5)).toHaveLength(5);
  });
});
