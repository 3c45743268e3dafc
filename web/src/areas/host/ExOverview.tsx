import {
  AuditOutlined,
  BgColorsOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  EditOutlined,
  EyeOutlined,
  FileDoneOutlined,
  LinkOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Descriptions, Empty, Progress, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExhibition } from '../../api/exhibition.ts';
import { hostAuditApi, hostAuditKeys, hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { ExhibitionPeriod, ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { i18n, type MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { countdown, overviewFigures, type Countdown, type Handed, type OverviewCounts } from './overview.ts';

/** Exhibitor counts are the totals of one-row pages of the host's list, one filter each. */
const countFilters = {
  total: {},
  shown: { isShow: true },
  pending: { auditState: 0 },
  journalIn: { hasJournal: true },
  journalOut: { hasJournal: false },
  lintelIn: { hasLintel: true },
  lintelOut: { hasLintel: false },
} as const;
type CountName = keyof typeof countFilters;

function countdownText(c: Countdown, t: (key: MessageKey, o?: Record<string, unknown>) => string): string {
  switch (c.kind) {
    case 'unscheduled':
      return t('hostExh.overview.countdown.unscheduled');
    case 'before':
      return t('hostExh.overview.countdown.before', { days: c.days });
    case 'today':
      return t('hostExh.overview.countdown.today');
    case 'running':
      return c.total ? t('hostExh.overview.countdown.running', { day: c.day, total: c.total }) : t('hostExh.overview.countdown.runningOpen', { day: c.day });
    case 'over':
      return t('hostExh.overview.countdown.over', { days: c.days });
  }
}

function HandedCard({ title, icon, handed, testId, to }: { title: string; icon: ReactNode; handed: Handed; testId: string; to: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={<IconTitle icon={icon}>{title}</IconTitle>} extra={<Link to={to}>{t('hostExh.overview.exhibitorsLink')}</Link>} data-testid={testId}>
      <Space size="large" align="center">
        <Progress type="circle" percent={handed.percent} size={88} aria-label={title} />
        <Space orientation="vertical" size={4}>
          <Typography.Text>{t('hostExh.overview.handedIn', { count: handed.in })}</Typography.Text>
          <Typography.Text type={handed.out > 0 ? 'warning' : 'secondary'}>{t('hostExh.overview.notHandedIn', { count: handed.out })}</Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}

const shortcuts: { to: string; label: MessageKey; icon: ReactNode }[] = [
  { to: '/live/index/manage/ex', label: 'hostExh.overview.edit', icon: <EditOutlined /> },
  { to: '/live/index/manage/ex-display', label: 'hostExh.route.display', icon: <BgColorsOutlined /> },
  { to: '/live/index/admin/exhibitor', label: 'hostExh.overview.exhibitorsLink', icon: <TeamOutlined /> },
  { to: '/live/index/admin/exhibitor-link', label: 'hostExh.route.links', icon: <LinkOutlined /> },
  { to: '/live/index/basic/import', label: 'hostExh.route.importCentre', icon: <CloudUploadOutlined /> },
  { to: '/live/index/audit/home', label: 'hostEx.route.audit', icon: <AuditOutlined /> },
];

/** /live/index/ex/home: the current exhibition at a glance (dates, exhibitors, audit queue, journals and lintels) and shortcuts. */
export default function ExOverview() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  const exhibition = useExhibition(exhibitionId, session.exhibitionInfo);
  const names = Object.keys(countFilters) as CountName[];
  const counts = useQueries({
    queries: names.map((name) => ({
      queryKey: hostExhibitorKeys.list({ overview: name, exhibitionId }),
      queryFn: async () => (await hostExhibitorApi.query({ exhibitionId: exhibitionId!, pageIndex: 1, pageSize: 1, ...countFilters[name] })).totalCount,
      enabled: Boolean(exhibitionId),
    })),
  });
  const audit = useQuery({ queryKey: hostAuditKeys.counts(exhibitionId ?? ''), queryFn: () => hostAuditApi.counts(exhibitionId!), enabled: Boolean(exhibitionId) });

  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostExh.noExhibition')} />;
  const loaded = counts.every((c) => c.data !== undefined);
  const raw = Object.fromEntries(names.map((name, i) => [name, counts[i]?.data ?? 0])) as Omit<OverviewCounts, 'audit'>;
  const figures = overviewFigures({ ...raw, audit: audit.data });
  const current = exhibition.data;
  const auditLabel = (type: string) => (i18n.exists(`hostEx.auditType.${type}`) ? t(`hostEx.auditType.${type}` as MessageKey) : type);

  return (
    <Space orientation="vertical" size="middle" className="page" data-testid="ex-overview">
      <Card variant="borderless" title={<IconTitle icon={<CalendarOutlined />}>{current?.name ?? session.exhibitionInfo?.name ?? ''}</IconTitle>} extra={current && <ExhibitionStatusTag exhibition={current} />}>
        {current ? (
          <Descriptions
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'period', label: t('hostExh.overview.period'), children: <ExhibitionPeriod exhibition={current} /> },
              { key: 'countdown', label: t('hostExh.overview.status'), children: <span data-testid="overview-countdown">{countdownText(countdown(current), t)}</span> },
              { key: 'nameEn', label: t('exhibition.nameEn'), children: current.nameEn || t('common.empty') },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>

      <Row gutter={[16, 16]}>
        {[
          { key: 'total', title: t('hostExh.overview.exhibitors'), value: figures.total, icon: <TeamOutlined />, note: t('hostExh.overview.hidden', { count: figures.hidden }) },
          { key: 'shown', title: t('hostExh.overview.shown'), value: figures.shown, icon: <EyeOutlined />, note: t('hostExh.overview.shownRate', { percent: figures.shownPercent }) },
          { key: 'pending', title: t('hostExh.overview.pendingExhibitors'), value: figures.pending, icon: <SafetyCertificateOutlined />, note: '' },
          { key: 'audit', title: t('hostExh.overview.auditPending'), value: figures.auditTotal, icon: <AuditOutlined />, note: '' },
        ].map((s) => (
          <Col xs={12} xl={6} key={s.key}>
            <Card variant="borderless" data-testid={`figure-${s.key}`}>
              <Statistic title={s.title} value={s.value} prefix={s.icon} loading={s.key === 'audit' ? audit.isPending : !loaded} />
              {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            style={{ height: '100%' }}
            title={<IconTitle icon={<AuditOutlined />}>{t('hostExh.overview.auditByType')}</IconTitle>}
            extra={<Link to="/live/index/audit/home">{t('hostExh.overview.goAudit')}</Link>}
            data-testid="overview-audit"
          >
            {figures.auditByType.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hostExh.overview.auditNone')} />
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {figures.auditByType.map((e) => (
                  <div key={e.type} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <Link to="/live/index/audit/home">{auditLabel(e.type)}</Link>
                    <Badge count={e.count} overflowCount={9999} />
                  </div>
                ))}
              </Space>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <HandedCard title={t('hostExh.overview.journal')} icon={<FileDoneOutlined />} handed={figures.journal} testId="overview-journal" to="/live/index/admin/exhibitor" />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <HandedCard title={t('hostExh.overview.lintel')} icon={<FileDoneOutlined />} handed={figures.lintel} testId="overview-lintel" to="/live/index/admin/exhibitor" />
        </Col>
      </Row>

      <Card variant="borderless" title={t('hostExh.overview.quickLinks')}>
        <Space wrap>
          {shortcuts.map((s) => (
            <Link key={s.to} to={s.to}>
              <Button icon={s.icon}>{t(s.label)}</Button>
            </Link>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
