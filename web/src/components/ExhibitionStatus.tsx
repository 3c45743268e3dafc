import type { Exhibition } from '@pavilion/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/dates.ts';

export type ExhibitionStatus = 'upcoming' | 'ongoing' | 'ended' | 'unscheduled';

export function exhibitionStatus(exhibition: Pick<Exhibition, 'startAt' | 'endAt'>, now = dayjs()): ExhibitionStatus {
  if (!exhibition.startAt || !exhibition.endAt) return 'unscheduled';
  if (now.isBefore(exhibition.startAt)) return 'upcoming';
  if (now.isAfter(exhibition.endAt)) return 'ended';
  return 'ongoing';
}

const color = { upcoming: 'blue', ongoing: 'green', ended: 'default', unscheduled: 'orange' } as const;

export function ExhibitionStatusTag({ exhibition }: { exhibition: Pick<Exhibition, 'startAt' | 'endAt'> }) {
  const { t } = useTranslation();
  const status = exhibitionStatus(exhibition);
  return <Tag color={color[status]}>{t(`exhibition.state.${status}`)}</Tag>;
}

export function ExhibitionPeriod({ exhibition }: { exhibition: Pick<Exhibition, 'startAt' | 'endAt'> }) {
  const { t } = useTranslation();
  if (!exhibition.startAt && !exhibition.endAt) return <>{t('common.empty')}</>;
  return <>{t('common.range', { from: formatDateTime(exhibition.startAt) || t('common.empty'), to: formatDateTime(exhibition.endAt) || t('common.empty') })}</>;
}
