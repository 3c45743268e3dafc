/** Numbers with thousands separators (part 1 §9), the same in both languages. */
const numbers = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numbers.format(n);

/** The time left until `target` in days, hours, minutes and seconds, or null once it has passed. */
export function timeLeft(target: number, now: number): { d: number; h: number; m: number; s: number } | null {
  const left = Math.floor((target - now) / 1000);
  if (left <= 0) return null;
  return { d: Math.floor(left / 86400), h: Math.floor((left % 86400) / 3600), m: Math.floor((left % 3600) / 60), s: left % 60 };
}

/** The name in the site's language: the English one on the English site when there is one. */
export const nameIn = (lang: string, o: { name: string; nameEn: string | null }) => (lang === 'en' && o.nameEn ? o.nameEn : o.name);

const CST_OFFSET = 8 * 3600_000;
/** An instant in China Standard Time (UTC+8, no daylight saving: the zone the shows run in): `YYYY-MM-DD` and `HH:mm`. */
export function cst(instant: string | number): { day: string; time: string } {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  const s = new Date(at + CST_OFFSET).toISOString();
  return { day: s.slice(0, 10), time: s.slice(11, 16) };
}

/** The days from `first` to `last` (YYYY-MM-DD, both kept), at most `max`. */
export function daysFrom(first: string, last: string, max = 31): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); at <= end && days.length < max; at += 86400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
