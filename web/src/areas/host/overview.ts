import type { AuditCounts, AuditType, Exhibition } from '@pavilion/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** What the overview reads: exhibitor counts from `POST /api/v1/exhibitor/query` (totals of filtered pages) and the audit badges. */
export interface OverviewCounts {
  total: number;
  shown: number;
  pending: number;
  journalIn: number;
  journalOut: number;
  lintelIn: number;
  lintelOut: number;
  audit?: AuditCounts;
}

export interface Handed {
  in: number;
  out: number;
  /** Share handed in, whole percent; 0 when nobody could hand in. */
  percent: number;
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
const handed = (inCount: number, outCount: number): Handed => ({ in: inCount, out: outCount, percent: percentOf(inCount, inCount + outCount) });

/** The dashboard's figures: shown/hidden, pending audit per type (busiest first, empty types left out), journals and lintels. */
export function overviewFigures(c: OverviewCounts) {
  const auditByType = Object.entries(c.audit?.counts ?? {})
    .filter(([, n]) => n > 0)
    .map(([type, count]) => ({ type: type as AuditType, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  return {
    total: c.total,
    shown: c.shown,
    hidden: Math.max(0, c.total - c.shown),
    shownPercent: percentOf(c.shown, c.total),
    pending: c.pending,
    auditTotal: c.audit?.total ?? auditByType.reduce((sum, e) => sum + e.count, 0),
    auditByType,
    journal: handed(c.journalIn, c.journalOut),
    lintel: handed(c.lintelIn, c.lintelOut),
  };
}

export type Countdown =
  | { kind: 'unscheduled' }
  | { kind: 'before'; days: number }
  | { kind: 'today' }
  | { kind: 'running'; day: number; total: number | null }
  | { kind: 'over'; days: number };

/** Where the exhibition stands in calendar days (local time): before opening, day N of M, or closed N days ago. */
export function countdown(e: Pick<Exhibition, 'startAt' | 'endAt'>, now: Dayjs = dayjs()): Countdown {
  if (!e.startAt) return { kind: 'unscheduled' };
  const today = now.startOf('day');
  const start = dayjs(e.startAt);
  const end = e.endAt ? dayjs(e.endAt) : null;
  if (now.isBefore(start)) {
    const days = start.startOf('day').diff(today, 'day');
    return days === 0 ? { kind: 'today' } : { kind: 'before', days };
  }
  if (end && now.isAfter(end)) return { kind: 'over', days: today.diff(end.startOf('day'), 'day') };
  return { kind: 'running', day: today.diff(start.startOf('day'), 'day') + 1, total: end ? end.startOf('day').diff(start.startOf('day'), 'day') + 1 : null };
}
