import { AppstoreOutlined } from '@ant-design/icons';
import { createVersionBody, updateVersionBody, type PlatformVersion } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { featureDisplayKeys, useFeatureCatalogue, versionApi, versionKeys } from '../../api/version.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { descriptionOf } from './descriptionOf.ts';

const versionResource = defineResource<PlatformVersion>({
  name: 'version',
  rowKey: 'id',
  queryKey: (p) => versionKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) => versionApi.query({ pageIndex, pageSize, name: filters.name }),
  fields: [
    { key: 'name', label: 'version.name', filter: { type: 'text' } },
    { key: 'nameEn', label: 'version.nameEn' },
    { key: 'description', label: 'version.description', render: (r) => descriptionOf(r) },
    { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
  ],
});

const fields = [
  { name: 'name', label: 'version.name' },
  { name: 'nameEn', label: 'version.nameEn' },
  { name: 'description', label: 'version.description', type: 'textarea' },
  { name: 'descriptionEn', label: 'version.descriptionEn', type: 'textarea' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
] as const;

/** The features of one version: a checkbox per catalogue key; saving replaces the set (version-feature/addorupdate). */
function VersionFeatures({ version, onClose }: { version: PlatformVersion; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useFeatureCatalogue();
  const current = useQuery({ queryKey: versionKeys.features(version.id), queryFn: () => versionApi.features(version.id) });
  const [picked, setPicked] = useState<string[] | null>(null);
  const value = picked ?? current.data?.features.map((f) => f.id) ?? [];
  const save = async () => {
    try {
      await versionApi.setFeatures(version.id, value);
      await queryClient.invalidateQueries({ queryKey: versionKeys.all });
      await queryClient.invalidateQueries({ queryKey: featureDisplayKeys.all });
      feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal open title={`${t('version.features')} · ${version.name}`} onCancel={onClose} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} width={640}>
      {catalogue.data && current.data ? (
        <Checkbox.Group
          className="feature-checks"
          value={value}
          onChange={(v) => setPicked(v as string[])}
          options={catalogue.data.map((f) => ({ value: f.id, label: i18n.language === 'en' ? f.nameEn || f.name : f.name }))}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

/** /admin/admin-ex-control: versions (packages) and their features. */
export default function AdminVersions() {
  const { t } = useTranslation();
  const [features, setFeatures] = useState<PlatformVersion | null>(null);
  return (
    <>
      <CrudPage
        crud={{
          resource: versionResource,
          invalidate: versionKeys.all,
          title: 'route.adminExControl',
          fields,
          createSchema: createVersionBody,
          updateSchema: updateVersionBody,
          create: (p) => versionApi.create(p),
          update: (row, p) => versionApi.update(row.id, p),
          remove: (row) => versionApi.remove(row.id),
          actions: (row) => (
            <Button type="link" icon={<AppstoreOutlined />} onClick={() => setFeatures(row)}>
              {t('version.features')}
            </Button>
          ),
        }}
      />
      {features && <VersionFeatures version={features} onClose={() => setFeatures(null)} />}
    </>
  );
}
