import { BankOutlined, CalendarOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCompany } from '../../api/company.ts';
import { useExhibition } from '../../api/exhibition.ts';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { sessionStore, useSession } from '../../session/store.ts';
import { ExhibitionPeriod, ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { RegionText } from '../../components/RegionText.tsx';

/** Exhibitor home (Chinese and English): the company card and the exhibition it takes part in. */
export default function ExhibitorHome() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const en = langOfPath(location.pathname) === 'en';
  const company = useCompany(session.companyId, session.companyInfo);
  const exhibition = useExhibition(session.exhibitionId, session.exhibitionInfo);

  // Keep the stored copies current, but never write after logout cleared the session.
  useEffect(() => {
    if (company.data && session.token) sessionStore.set({ companyInfo: company.data });
  }, [company.data, session.token]);
  useEffect(() => {
    if (exhibition.data && session.token) sessionStore.set({ exhibitionInfo: exhibition.data });
  }, [exhibition.data, session.token]);

  if (!session.exhibitionId)
    return (
      <Result
        status="info"
        title={t('exhibitorHome.noExhibition')}
        extra={
          <Button type="primary" onClick={() => navigate(`${exhibitorBase(location.pathname)}/login/alogin`)}>
            {t('exhibitorHome.goLogin')}
          </Button>
        }
      />
    );

  const c = company.data;
  const e = exhibition.data;
  const companyName = c ? (en ? c.nameEn || c.name : c.name) : '';

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" className="welcome-card">
        <Typography.Title level={3} data-testid="exhibitor-welcome">
          {t('exhibitorHome.welcome', { name: companyName || session.user?.name || session.user?.userName || '' })}
        </Typography.Title>
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title={<IconTitle icon={<BankOutlined />}>{t('exhibitorHome.company')}</IconTitle>}
          >
            {!c ? (
              <Skeleton active avatar />
            ) : (
              <div className="company-card">
                <Avatar shape="square" size={64} src={c.logo || undefined} className="company-logo">
                  {companyName.slice(0, 1)}
                </Avatar>
                <Descriptions
                  column={1}
                  items={[
                    { key: 'name', label: t('company.name'), children: <span data-testid="company-name">{c.name}</span> },
                    { key: 'nameEn', label: t('company.nameEn'), children: c.nameEn || t('common.empty') },
                    { key: 'region', label: t('company.region'), children: <span data-testid="company-region"><RegionText value={c.region} empty={t('common.empty')} /></span> },
                    { key: 'address', label: t('company.address'), children: c.address || t('common.empty') },
                  ]}
                />
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title={<IconTitle icon={<CalendarOutlined />}>{t('exhibitorHome.exhibition')}</IconTitle>}
          >
            {!e ? (
              <Skeleton active />
            ) : (
              <Descriptions
                column={1}
                items={[
                  { key: 'name', label: t('exhibition.name'), children: <span data-testid="exhibition-name">{en ? e.nameEn || e.name : e.name}</span> },
                  { key: 'period', label: t('exhibition.period'), children: <ExhibitionPeriod exhibition={e} /> },
                  { key: 'status', label: t('exhibition.status'), children: <ExhibitionStatusTag exhibition={e} /> },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
