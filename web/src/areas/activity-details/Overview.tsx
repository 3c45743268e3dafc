import { LiveApplyState, type Activity } from '@pavilion/contract';
import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { AuditTag } from '../exhibitor/AuditStatus.tsx';
import { SafeHtml } from '../exhibitor/SafeHtml.tsx';

const phaseColors = { upcoming: 'blue', ongoing: 'green', ended: 'default', cancelled: 'red' } as const;
const liveKeys = { [LiveApplyState.Pending]: 'pending', [LiveApplyState.Approved]: 'approved', [LiveApplyState.Rejected]: 'rejected' } as const;

export const timeRange = (start: string | null, end: string | null) => (start || end ? `${formatDateTime(start)} ~ ${formatDateTime(end)}` : '');

/** The activity's fields, states and counts, read only. */
export function Overview({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const yesNo = (v: boolean) => (v ? t('actDetail.yes') : t('actDetail.no'));
  const live = activity.liveApplyState === null ? 'none' : liveKeys[activity.liveApplyState];
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Row gutter={[16, 16]} data-testid="act-counts">
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('actDetail.count.registered')} value={activity.regCount} data-testid="act-count-registered" />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('actDetail.count.waiting')} value={activity.waitCount} data-testid="act-count-waiting" />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('actDetail.count.capacity')} value={activity.capacity ?? t('actDetail.count.unlimited')} data-testid="act-count-capacity" />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('actDetail.count.views')} value={activity.viewCount} data-testid="act-count-views" />
            </Card>
          </Col>
        </Row>
      </Col>
      <Col span={24}>
        <Card size="small">
          <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="act-overview">
            <Descriptions.Item label={t('actDetail.field.title')}>{activity.title}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.titleEn')}>{activity.titleEn || empty}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.kind')}>{t(`actDetail.kind.${activity.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.owner')}>{activity.companyName ?? t('actDetail.field.hostOwn')}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.venue')}>{activity.venue || empty}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.time')}>{timeRange(activity.startAt, activity.endAt)}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.state')}>
              <Tag color={activity.state === 'published' ? 'green' : 'red'}>{t(`actDetail.state.${activity.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.phase')}>
              <Tag color={phaseColors[activity.phase]} data-testid="act-phase">
                {t(`actDetail.phase.${activity.phase}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.audit')}>
              <AuditTag state={activity.auditState} />
            </Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.auditReason')}>{activity.auditReason || empty}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.regEnabled')}>{activity.regEnabled ? t('actDetail.on') : t('actDetail.off')}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.regWindow')}>{timeRange(activity.regStartAt, activity.regEndAt) || empty}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.waitlist')}>{yesNo(activity.waitlist)}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.isShow')}>{yesNo(activity.isShow)}</Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.live')}>
              <span data-testid="act-live-state">{t(`actDetail.liveState.${live}`)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('actDetail.field.liveOpen')}>{yesNo(activity.liveOpen)}</Descriptions.Item>
            {activity.liveApplyReason && <Descriptions.Item label={t('actDetail.field.liveReason')}>{activity.liveApplyReason}</Descriptions.Item>}
          </Descriptions>
        </Card>
      </Col>
      {(activity.introductionZh || activity.introductionEn) && (
        <Col span={24}>
          <Card size="small" title={t('actDetail.field.introduction')}>
            <SafeHtml html={activity.introductionZh} />
            {activity.introductionEn && (
              <>
                <Typography.Title level={5}>{t('actDetail.field.introductionEn')}</Typography.Title>
                <SafeHtml html={activity.introductionEn} />
              </>
            )}
          </Card>
        </Col>
      )}
    </Row>
  );
}
