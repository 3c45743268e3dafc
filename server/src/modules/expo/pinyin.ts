import { pinyin } from 'pinyin-pro';

type Spelling = { full: string; initials: string };

/** Names seen recently with their spellings: company names rarely change, and a directory search reads them all. */
const spellings = new Map<string, Spelling>();
const MAX_SPELLINGS = 50_000;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A name's pinyin without tones or spaces (`shanghaihuazhan`) and its initials (`shhz`); other characters as they are. */
export function spellingOf(name: string): Spelling {
  const known = spellings.get(name);
  if (known) return known;
  const full = squash(pinyin(name, { toneType: 'none', type: 'array' }).join(''));
  const initials = squash(pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join(''));
  if (spellings.size >= MAX_SPELLINGS) spellings.delete(spellings.keys().next().value!);
  const spelling = { full, initials };
  spellings.set(name, spelling);
  return spelling;
}

/** A keyword that can only be pinyin (letters, digits and spaces): one in Chinese characters is matched by the names themselves. */
export const pinyinKeyword = (keyword: string): string | null => (/^[a-z0-9 ]+$/i.test(keyword) ? squash(keyword) || null : null);

/** True when the keyword is in the name's full pinyin or its initials. */
export function matchesPinyin(name: string, keyword: string): boolean {
  const s = spellingOf(name);
  return s.full.includes(keyword) || s.initials.includes(keyword);
}
