import { createIndustryBody, updateIndustryBody, type Industry } from '@pavilion/contract';
import { industryApi, industryKeys } from '../../api/industry.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';

const industryResource = defineResource<Industry>({
  name: 'industry',
  rowKey: 'id',
  queryKey: (p) => industryKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) => industryApi.query({ pageIndex, pageSize, name: filters.name }),
  fields: [
    { key: 'name', label: 'industry.name', filter: { type: 'text' } },
    { key: 'nameEn', label: 'industry.nameEn' },
    { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
    { key: 'createAt', label: 'common.createAt', type: 'datetime' },
  ],
});

const fields = [
  { name: 'name', label: 'industry.name' },
  { name: 'nameEn', label: 'industry.nameEn' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
] as const;

/** /admin/adminIndustry: the platform's industry classification (not in the spec's list; adminMiceCad is not built, see docs/web.md). */
export default function AdminIndustry() {
  return (
    <CrudPage
      crud={{
        resource: industryResource,
        invalidate: industryKeys.all,
        title: 'route.adminIndustry',
        fields,
        createSchema: createIndustryBody,
        updateSchema: updateIndustryBody,
        create: (p) => industryApi.create(p),
        update: (row, p) => industryApi.update(row.id, p),
        remove: (row) => industryApi.remove(row.id),
      }}
    />
  );
}
