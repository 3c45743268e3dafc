/**
 * One meeting as an iCalendar file (RFC 5545), written here: the `ics` package is not among the dependencies and a
 * single VEVENT needs only escaping (§3.3.11), folding at 75 octets (§3.1) and UTC times (§3.3.5).
 */
export type IcsEvent = {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  organizer?: { name: string; email?: string | null } | null;
  cancelled?: boolean;
};

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
export const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** A parameter value (the organizer's CN) is quoted; quotes are not allowed inside, so they go. */
const param = (s: string) => `"${s.replace(/"/g, "'").replace(/[\r\n]/g, ' ')}"`;

/** Folds a content line at 75 octets without splitting a UTF-8 character; each continuation starts with a space. */
export function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    const limit = out.length ? 74 : 75;
    if (bytes + n > limit) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export function icsCalendar(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pavilion//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.organizer ? [`ORGANIZER;CN=${param(e.organizer.name)}:${e.organizer.email ? `mailto:${e.organizer.email}` : 'mailto:noreply@pavilion.invalid'}`] : []),
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
