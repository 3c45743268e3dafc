import { ShopOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useJoinInfo } from '../../api/exhibitorPages.ts';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { AuditStatus } from './AuditStatus.tsx';
import { RegionText } from '../../components/RegionText.tsx';
import { ExZoneCards } from '../zones/ExZones.tsx';

const COUNTS = ['lookCount', 'likeCount', 'followCount', 'shareCount'] as const;

/** `ExJoinInfo`: the exhibitor's participation, read only: booth, categories, topics, audit state. */
export default function ExJoinInfo() {
  const { t } = useTranslation();
  const en = langOfPath(useLocation().pathname) === 'en';
  const { exhibitorId } = useSession();
  const info = useJoinInfo(exhibitorId);
  const empty = t('common.empty');
  const day = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD') : '');
  const range = (a: string | null, b: string | null) => (a || b ? ` (${day(a)} – ${day(b)})` : '');

  if (info.isPending) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!info.data) return <Card variant="borderless"><Empty /></Card>;
  const { exhibitor: x, company: c } = info.data;

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<Space><ShopOutlined />{t('exPages.route.joinInfo')}</Space>}>
        <AuditStatus item={x} />
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card variant="borderless" title={t('exPages.join.booth')} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              items={[
                { key: 'boothInfo', label: t('exPages.join.boothInfo'), children: <span data-testid="join-booth">{x.boothInfo || empty}</span> },
                { key: 'boothArea', label: t('exPages.join.boothArea'), children: x.boothArea || empty },
                {
                  key: 'categories',
                  label: t('exPages.join.categories'),
                  children: x.categories.length ? (
                    <Space size={[4, 4]} wrap data-testid="join-categories">
                      {x.categories.map((k) => <Tag key={k.id} color="blue">{en ? k.nameEn || k.name : k.name}</Tag>)}
                    </Space>
                  ) : empty,
                },
                { key: 'topic', label: t('exPages.join.topic'), children: x.topic ? `${x.topic}${range(x.topicStart, x.topicEnd)}` : empty },
                { key: 'pTopic', label: t('exPages.join.brandTopic'), children: x.pTopic ? `${x.pTopic}${range(x.pTopicStart, x.pTopicEnd)}` : empty },
                { key: 'isShow', label: t('exPages.join.isShow'), children: <Tag color={x.isShow ? 'green' : 'default'}>{t(x.isShow ? 'exPages.join.shown' : 'exPages.join.hidden')}</Tag> },
                { key: 'createAt', label: t('exPages.join.joinedAt'), children: day(x.createAt) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card variant="borderless" title={t('exPages.join.company')} style={{ height: '100%' }}>
            <Space align="start" size="large">
              <Avatar shape="square" size={64} src={c.logo || undefined}>{c.name.slice(0, 1)}</Avatar>
              <Descriptions
                column={1}
                items={[
                  { key: 'name', label: t('company.name'), children: <span data-testid="join-company">{c.name}</span> },
                  { key: 'nameEn', label: t('company.nameEn'), children: c.nameEn || empty },
                  { key: 'region', label: t('company.region'), children: <span data-testid="join-region"><RegionText value={c.region} empty={empty} /></span> },
                  { key: 'address', label: t('company.address'), children: c.address || empty },
                ]}
              />
            </Space>
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title={t('exPages.join.counts')}>
        <Row gutter={24}>
          {COUNTS.map((k) => (
            <Col key={k} xs={12} md={6}>
              <Statistic title={t(`exPages.join.${k}`)} value={x[k]} />
            </Col>
          ))}
        </Row>
      </Card>
      <ExZoneCards />
    </Space>
  );
}
