import { createFeatureBody, featureGroups, updateFeatureBody, type Feature } from '@pavilion/contract';
import { Tag } from 'antd';
import { featureApi, featureKeys } from '../../api/version.ts';
import { asPage } from '../../api/crud.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';
import { descriptionOf } from './descriptionOf.ts';

const groupOptions = featureGroups.map((g) => ({ value: g, label: `featureGroup.${g}` as const }));

const featureResource = defineResource<Feature>({
  name: 'feature',
  rowKey: 'id',
  pageSize: 50,
  queryKey: (p) => featureKeys.list(p),
  fetch: async ({ filters }) => asPage((await featureApi.list()).filter((f) => !filters.group || f.group === filters.group)),
  fields: [
    { key: 'key', label: 'feature.key' },
    { key: 'name', label: 'feature.name' },
    { key: 'nameEn', label: 'feature.nameEn' },
    { key: 'group', label: 'feature.group', filter: { type: 'select', options: groupOptions }, render: (r) => i18n.t(`featureGroup.${r.group as (typeof featureGroups)[number]}`, { defaultValue: r.group }) },
    { key: '$builtIn', label: 'feature.builtIn', render: (r) => (r.builtIn ? <Tag color="blue">{i18n.t('feature.builtIn')}</Tag> : null) },
    { key: 'description', label: 'feature.description', render: (r) => descriptionOf(r) },
    { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
  ],
});

const fields: readonly FormField[] = [
  { name: 'key', label: 'feature.key' },
  { name: 'name', label: 'feature.name' },
  { name: 'nameEn', label: 'feature.nameEn' },
  { name: 'group', label: 'feature.group', type: 'select', options: groupOptions },
  { name: 'description', label: 'feature.description', type: 'textarea' },
  { name: 'descriptionEn', label: 'feature.descriptionEn', type: 'textarea' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
];

/** /admin/admin-exhibitionEx-control: the feature catalogue; keys never change, built-in ones cannot be deleted. */
export default function AdminFeatures() {
  return (
    <CrudPage
      crud={{
        resource: featureResource,
        invalidate: featureKeys.all,
        title: 'route.adminFeatures',
        fields,
        editFields: fields.map((f) => (f.name === 'key' ? { ...f, readOnly: true } : f)),
        createSchema: createFeatureBody,
        updateSchema: updateFeatureBody.omit({ id: true }),
        create: (p) => featureApi.create(p),
        update: (row, p) => featureApi.update(row.id, p),
        remove: (row) => featureApi.remove(row.id),
      }}
    />
  );
}
