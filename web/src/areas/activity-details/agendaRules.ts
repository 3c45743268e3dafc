import type { Activity } from '@pavilion/contract';
import type { Dayjs } from 'dayjs';
import type { MessageKey } from '../../i18n/index.ts';

/** Why an agenda item's times are refused (docs/activities.md: inside the activity's times, end after start), or null. */
export function agendaTimeError(activity: Pick<Activity, 'startAt' | 'endAt'>, start: Dayjs, end: Dayjs): MessageKey | null {
  if (!end.isAfter(start)) return 'actDetail.agenda.endBeforeStart';
  if (start.isBefore(activity.startAt) || end.isAfter(activity.endAt)) return 'actDetail.agenda.outside';
  return null;
}
