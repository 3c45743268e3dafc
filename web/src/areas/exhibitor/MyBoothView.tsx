import { EyeOutlined, GlobalOutlined, MailOutlined, PhoneOutlined, UserOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCompanyProfile } from '../../api/companyProfile.ts';
import { useJoinInfo } from '../../api/exhibitorPages.ts';
import { placeApi, placeKeys } from '../../api/place.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { BoothCodes, boothAreaText } from '../../components/place/PlaceDetails.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { boothPreviewOf } from './boothPreview.ts';

/**
 * `/ex-live/index/MyBoothView`: the exhibitor's booth page as a visitor sees it — banner, logo,
 * name, booth, categories, lobby welcome and video, profile and (when shown) contacts — in the
 * page's language. Visitors see approved content only; the note says so.
 */
export default function MyBoothView() {
  const { t } = useTranslation();
  const en = langOfPath(useLocation().pathname) === 'en';
  const { exhibitorId, companyId } = useSession();
  const join = useJoinInfo(exhibitorId);
  const profile = useCompanyProfile(companyId);
  const settings = useQuery({ queryKey: placeKeys.settings(exhibitorId ?? ''), queryFn: () => placeApi.exhibitorSettings(exhibitorId!), enabled: Boolean(exhibitorId) });
  const contact = useQuery({ queryKey: placeKeys.contact(companyId ?? ''), queryFn: () => placeApi.defaultContact(companyId!), enabled: Boolean(companyId) });

  if (join.isPending || profile.isPending || settings.isPending) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!join.data) return <Card variant="borderless"><Empty /></Card>;
  const view = boothPreviewOf({ join: join.data, profile: profile.data ?? null, settings: settings.data ?? null, contact: contact.data ?? null, en });
  const empty = t('common.empty');

  return (
    <Space orientation="vertical" size="large" className="page" data-testid="booth-preview">
      <Alert type="info" showIcon icon={<EyeOutlined />} title={t('place.preview.note')} />
      {!view.joinApproved && <Alert type="warning" showIcon title={t('place.preview.joinPending')} data-testid="preview-join-pending" />}
      <Card variant="borderless" styles={{ body: { padding: 0 } }} style={{ overflow: 'hidden' }}>
        <div
          data-testid="preview-banner"
          style={{
            height: 200,
            background: view.banner ? `center / cover no-repeat url("${view.banner}")` : 'linear-gradient(120deg, #1d39c4 0%, #2f54eb 45%, #13c2c2 100%)',
          }}
        />
        <div style={{ padding: '0 24px 24px' }}>
          <Space align="end" size="large" wrap>
            <Avatar shape="square" size={96} src={view.logo ?? undefined} style={{ marginTop: -48, background: '#fff', color: '#2f54eb', border: '4px solid #fff', boxShadow: '0 2px 8px rgba(0,0,0,0.12)', fontSize: 36 }}>
              {view.name.slice(0, 1)}
            </Avatar>
            <Space orientation="vertical" size={4} style={{ paddingBottom: 4 }}>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="preview-name">
                {view.name}
              </Typography.Title>
              {view.secondaryName && <Typography.Text type="secondary">{view.secondaryName}</Typography.Text>}
            </Space>
          </Space>
          <Descriptions
            style={{ marginTop: 16 }}
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'boothInfo', label: t('place.field.boothInfo'), children: <BoothCodes boothInfo={view.boothInfo} /> },
              { key: 'boothArea', label: t('place.field.boothArea'), children: boothAreaText(view.boothArea, t, empty) },
              { key: 'region', label: t('place.preview.address'), children: view.address ?? empty },
            ]}
          />
          {view.categories.length > 0 && (
            <Space size={4} wrap data-testid="preview-categories">
              <Typography.Text type="secondary">{t('place.preview.categories')}：</Typography.Text>
              {view.categories.map((c) => (
                <Tag key={c} color="blue">
                  {c}
                </Tag>
              ))}
            </Space>
          )}
        </div>
      </Card>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {view.welcome && (
              <Card variant="borderless" title={t('place.preview.welcome')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="preview-welcome">
                  {view.welcome}
                </Typography.Paragraph>
              </Card>
            )}
            {view.video && (
              <Card variant="borderless" title={t('place.preview.video')}>
                <video src={view.video} controls style={{ width: '100%', maxHeight: 360, background: '#000' }} />
              </Card>
            )}
            <Card variant="borderless" title={t('place.preview.profile')}>
              {view.introduction ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="preview-profile">
                  {view.introduction}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('place.preview.noProfile')}</Typography.Text>
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" title={<IconTitle icon={<PhoneOutlined />}>{t('place.preview.contact')}</IconTitle>} data-testid="preview-contact">
            {view.contacts ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  ...(view.contacts.person ? [{ key: 'person', label: <IconTitle icon={<UserOutlined />}>{t('place.preview.person')}</IconTitle>, children: view.contacts.person }] : []),
                  { key: 'phone', label: <IconTitle icon={<PhoneOutlined />}>{t('place.preview.phone')}</IconTitle>, children: view.contacts.phone ?? empty },
                  { key: 'email', label: <IconTitle icon={<MailOutlined />}>{t('place.preview.email')}</IconTitle>, children: view.contacts.email ?? empty },
                  { key: 'website', label: <IconTitle icon={<GlobalOutlined />}>{t('place.preview.website')}</IconTitle>, children: view.contacts.website ?? empty },
                  { key: 'address', label: <IconTitle icon={<EnvironmentOutlined />}>{t('place.preview.address')}</IconTitle>, children: view.address ?? empty },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{t('place.preview.contactHidden')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
