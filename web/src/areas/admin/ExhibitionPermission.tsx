import type { FeatureGroup } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useExhibition } from '../../api/exhibition.ts';
import { featureDisplayKeys, useFeatureCatalogue, useVersions, versionApi, versionKeys } from '../../api/version.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { enabledFor, matrixRows, type FeatureChoice, type MatrixRow } from './featureMatrix.ts';

/** /admin/adminEx-permission?id and /admin/ex-permission?id: an exhibition's version, per-feature customisation and the effective result. */
export default function ExhibitionPermission() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const queryClient = useQueryClient();
  const exhibition = useExhibition(id || null);
  const catalogue = useFeatureCatalogue();
  const versions = useVersions();
  const state = useQuery({ queryKey: versionKeys.exhibition(id), queryFn: () => versionApi.ofExhibition(id), enabled: Boolean(id) });
  const versionId = state.data?.versionId ?? null;
  const versionFeatures = useQuery({ queryKey: versionKeys.features(versionId ?? ''), queryFn: () => versionApi.features(versionId!), enabled: Boolean(versionId) });
  const effective = useQuery({ queryKey: featureDisplayKeys.of(id), queryFn: () => versionApi.display(id), enabled: Boolean(id) });

  if (!id) return <Alert type="warning" title={t('common.missingId')} />;
  const en = i18n.language === 'en';
  const inVersion = new Set((versionFeatures.data?.features ?? []).map((f) => f.id));
  const rows = state.data && catalogue.data ? matrixRows(catalogue.data, versionId ? inVersion : new Set(), state.data) : [];
  const effectiveKeys = new Set(effective.data?.keys ?? []);

  const changed = async (message: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: versionKeys.exhibition(id) }),
      queryClient.invalidateQueries({ queryKey: featureDisplayKeys.of(id) }),
    ]);
    feedback.message().success(message, MESSAGE_SECONDS);
  };
  const setVersion = async (next: string | null) => {
    try {
      await versionApi.setExhibitionVersion(id, next ?? null);
      await changed(t('permission.versionSet'));
    } catch (error) {
      showError(error);
    }
  };
  const choose = async (row: MatrixRow, choice: FeatureChoice) => {
    try {
      await versionApi.customize(id, [{ featureId: row.feature.id, enabled: enabledFor(choice) }]);
      await changed(t('common.saved'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless">
        <Descriptions column={{ xs: 1, md: 2 }} title={exhibition.data ? (en ? exhibition.data.nameEn || exhibition.data.name : exhibition.data.name) : ''}>
          <Descriptions.Item label={t('permission.version')}>
            <Select
              data-testid="version-select"
              style={{ minWidth: 220 }}
              allowClear
              placeholder={t('permission.noVersion')}
              loading={versions.isFetching || state.isFetching}
              value={versionId}
              onChange={(v: string | undefined) => void setVersion(v ?? null)}
              options={(versions.data?.items ?? []).map((v) => ({ value: v.id, label: en ? v.nameEn || v.name : v.name }))}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('permission.effectiveCount')}>
            <Typography.Text strong data-testid="effective-count">
              {effectiveKeys.size}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary">{t('permission.intro')}</Typography.Paragraph>
      </Card>
      <Card variant="borderless">
        <Table<MatrixRow>
          data-testid="feature-matrix"
          rowKey={(r) => r.feature.id}
          loading={state.isFetching || catalogue.isFetching}
          dataSource={rows}
          pagination={false}
          size="middle"
          columns={[
            { key: 'name', title: t('feature.name'), render: (_, r) => <span data-testid={`feature-${r.feature.key}`}>{en ? r.feature.nameEn || r.feature.name : r.feature.name}</span> },
            { key: 'key', title: t('feature.key'), render: (_, r) => <Typography.Text code>{r.feature.key}</Typography.Text> },
            { key: 'group', title: t('feature.group'), render: (_, r) => t(`featureGroup.${r.feature.group as FeatureGroup}`, { defaultValue: r.feature.group }) },
            { key: 'inVersion', title: t('permission.inVersion'), render: (_, r) => (r.inVersion ? <Tag color="blue">{t('permission.included')}</Tag> : <Tag>{t('permission.notIncluded')}</Tag>) },
            {
              key: 'choice',
              title: t('permission.customised'),
              render: (_, r) => (
                <Segmented<FeatureChoice>
                  size="small"
                  data-testid={`choice-${r.feature.key}`}
                  value={r.choice}
                  onChange={(c) => void choose(r, c)}
                  options={[
                    { value: 'version', label: t('permission.followVersion') },
                    { value: 'on', label: t('permission.on') },
                    { value: 'off', label: t('permission.off') },
                  ]}
                />
              ),
            },
            {
              key: 'effective',
              title: t('permission.effective'),
              render: (_, r) =>
                effectiveKeys.has(r.feature.key) ? <Tag color="success">{t('permission.enabled')}</Tag> : <Tag color="default">{t('permission.disabled')}</Tag>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
