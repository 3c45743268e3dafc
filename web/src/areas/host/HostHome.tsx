import { CalendarOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExhibitions } from '../../api/exhibition.ts';
import { useHost } from '../../api/host.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { MenuIconView } from '../../routes/menuIcons.tsx';
import { menuFor } from '../../routes/tables.ts';
import { HOST_EXHIBITIONS } from '../../session/currentExhibition.ts';
import { sessionStore, useSession } from '../../session/store.ts';
import { ExhibitionPeriod, ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';

/** Host home: welcome, the current exhibition and the switcher (the choice is kept in the session). */
export default function HostHome() {
  const { t } = useTranslation();
  const session = useSession();
  const host = useHost(session.hostId, session.host);
  const exhibitions = useExhibitions(HOST_EXHIBITIONS);
  const items = exhibitions.data?.items ?? [];
  const current = items.find((e) => e.id === session.exhibitionId) ?? null;

  useEffect(() => {
    if (host.data && session.token) sessionStore.set({ host: host.data });
  }, [host.data, session.token]);

  const switchTo = (id: string) => {
    const next = items.find((e) => e.id === id);
    if (!next) return;
    sessionStore.set({ exhibitionId: next.id, exhibitionInfo: next });
    feedback.message().success(t('hostHome.switched', { name: next.name }), MESSAGE_SECONDS);
  };

  const name = session.user?.name || session.user?.userName || '';
  const shortcuts = menuFor('host', '/live').filter((entry) => entry.path !== '/live/index/home/home');

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" className="welcome-card">
        <Typography.Title level={3} data-testid="host-welcome">
          {t('hostHome.welcome', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('hostHome.intro')}</Typography.Paragraph>
        <Space>
          <Typography.Text type="secondary">{t('hostHome.host')}</Typography.Text>
          {host.data ? <Tag color="geekblue" data-testid="host-name">{host.data.name}</Tag> : <Skeleton.Button active size="small" />}
        </Space>
      </Card>

      <Row gutter={[24, 24]}>
        <Col xs={24} xl={16}>
          <Card
            variant="borderless"
            title={<IconTitle icon={<CalendarOutlined />}>{t('hostHome.currentExhibition')}</IconTitle>}
            extra={
              items.length > 0 && (
                <Select
                  aria-label={t('hostHome.switchExhibition')}
                  suffixIcon={<SwapOutlined />}
                  style={{ minWidth: 220 }}
                  value={current?.id}
                  onChange={switchTo}
                  options={items.map((e) => ({ value: e.id, label: e.name }))}
                  data-testid="exhibition-switcher"
                />
              )
            }
          >
            {exhibitions.isPending ? (
              <Skeleton active />
            ) : current ? (
              <Descriptions
                column={1}
                items={[
                  { key: 'name', label: t('exhibition.name'), children: <span data-testid="exhibition-name">{current.name}</span> },
                  { key: 'nameEn', label: t('exhibition.nameEn'), children: current.nameEn || t('common.empty') },
                  { key: 'period', label: t('exhibition.period'), children: <ExhibitionPeriod exhibition={current} /> },
                  { key: 'status', label: t('exhibition.status'), children: <ExhibitionStatusTag exhibition={current} /> },
                ]}
              />
            ) : (
              <Empty description={t('hostHome.noExhibition')}>
                <Link to="/live/index/manage/ex?create=1">
                  <Button type="primary" icon={<PlusOutlined />} data-testid="exhibition-create-first">
                    {t('hostHome.createFirst')}
                  </Button>
                </Link>
              </Empty>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" title={t('hostHome.quickLinks')}>
            <Space orientation="vertical" className="shortcut-list">
              {shortcuts.map((entry) => (
                <Link key={entry.path} to={entry.path} className="shortcut">
                  <MenuIconView name={entry.icon} /> {t(entry.label)}
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
