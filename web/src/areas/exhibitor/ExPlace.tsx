import { EnvironmentOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { placeApi, placeKeys, usePlace } from '../../api/place.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { BoothCodes, boothAreaText } from '../../components/place/PlaceDetails.tsx';
import { PlaceForm } from '../../components/place/PlaceForm.tsx';
import { useSession } from '../../session/store.ts';
import { AuditStatus } from './AuditStatus.tsx';

/** `/ex-live/index/place`: the assigned booth (read-only) and the build-up data, submitted for the host's audit. */
export default function ExPlace() {
  const { t } = useTranslation();
  const { exhibitorId } = useSession();
  const place = usePlace(exhibitorId);
  const queryClient = useQueryClient();
  const data = place.data;

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<EnvironmentOutlined />}>{t('place.boothCard')}</IconTitle>}>
        {place.isPending || !data ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'boothInfo', label: t('place.field.boothInfo'), children: <BoothCodes boothInfo={data.boothInfo} /> },
                { key: 'boothArea', label: t('place.field.boothArea'), children: <span data-testid="booth-area">{boothAreaText(data.boothArea, t, t('common.empty'))}</span> },
              ]}
            />
            <Typography.Text type="secondary">{t('place.boothHint')}</Typography.Text>
            <AuditStatus item={data.place} />
          </Space>
        )}
      </Card>
      <Card variant="borderless" title={t('place.formCard')}>
        <Typography.Paragraph type="secondary">{t('place.intro')}</Typography.Paragraph>
        {place.isPending ? (
          <Skeleton active />
        ) : (
          <PlaceForm
            initial={data?.place}
            submitText={t('place.submit')}
            onSave={async (body) => {
              const saved = await placeApi.save(body);
              queryClient.setQueryData(placeKeys.detail(exhibitorId ?? ''), saved);
              feedback.message().success(t(saved.place?.auditState === 1 ? 'place.approvedAtOnce' : 'place.submitted'), MESSAGE_SECONDS);
            }}
          />
        )}
      </Card>
    </Space>
  );
}
