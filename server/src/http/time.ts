/** The shows run in China: displayed times are China Standard Time whatever the server's zone. */
const SHOW_ZONE = 'Asia/Shanghai';
const shownFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: SHOW_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** `YYYY-MM-DD HH:mm:ss` (part 1 §9), in China Standard Time. */
export const shownTime = (d: Date) => shownFormat.format(d).replace('T', ' ');

/** A nullable timestamp as the API answers it (ISO 8601, or null). */
export const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
