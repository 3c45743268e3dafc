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
