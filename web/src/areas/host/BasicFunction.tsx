import { CheckCircleFilled, ClockCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { versionApi, versionKeys } from '../../api/version.ts';
import { useRoleMenu } from '../../session/features.ts';
import { featureCatalogue, featureHasScreens, type FeatureGroup } from '@pavilion/contract';

/** /live/index/basic/function: the exhibition's version and which features are on (read-only for the host). */
export default function BasicFunction() {
  const { t, i18n } = useTranslation();
  const { keys, session } = useRoleMenu();
  const exhibitionId = session.exhibitionId;
  const state = useQuery({ queryKey: versionKeys.exhibition(exhibitionId ?? ''), queryFn: () => versionApi.ofExhibition(exhibitionId!), enabled: Boolean(exhibitionId) });
  if (!exhibitionId) return <Empty description={t('hostHome.noExhibition')} />;
  const on = new Set(keys ?? []);
  const en = i18n.language === 'en';
  const version = state.data ? (en ? state.data.versionNameEn || state.data.versionName : state.data.versionName) : null;
  return (
    <Card variant="borderless" title={t('route.basicFunction')} extra={<Tag color="geekblue" data-testid="version-name">{version ?? t('permission.noVersion')}</Tag>}>
      <Typography.Paragraph type="secondary">{t('basicFunction.intro')}</Typography.Paragraph>
      <Table
        rowKey="key"
        data-testid="function-table"
        size="middle"
        pagination={false}
        loading={!keys}
        dataSource={[...featureCatalogue]}
        columns={[
          { key: 'name', title: t('feature.name'), render: (_, f) => (en ? f.nameEn : f.name) },
          { key: 'group', title: t('feature.group'), render: (_, f) => t(`featureGroup.${f.group as FeatureGroup}`) },
          {
            key: 'on',
            title: t('permission.effective'),
            // A feature whose screens are not built yet is not available, whatever the version grants.
            render: (_, f) =>
              !featureHasScreens(f.key) ? (
                <Tag icon={<ClockCircleOutlined />} data-testid={`na-${f.key}`}>{t('permission.notAvailable')}</Tag>
              ) : on.has(f.key) ? (
                <Tag icon={<CheckCircleFilled />} color="success" data-testid={`on-${f.key}`}>{t('permission.enabled')}</Tag>
              ) : (
                <Tag icon={<MinusCircleOutlined />} data-testid={`off-${f.key}`}>{t('permission.disabled')}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
