import type { Exhibition } from '@pavilion/contract';
import { exhibitionApi, exhibitionKeys } from '../../api/exhibition.ts';
import { defineResource } from '../../components/ResourceTable.tsx';
import { ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';

/** Exhibitions as the admin lists them (POST /api/v1/exhibition/query): searchable by name. */
export const exhibitionResource = defineResource<Exhibition>({
  name: 'exhibition',
  rowKey: 'id',
  queryKey: ({ pageIndex, pageSize, filters }) => exhibitionKeys.list({ pageIndex, pageSize, ...filters }),
  fetch: ({ pageIndex, pageSize, filters }) => exhibitionApi.query({ pageIndex, pageSize, name: filters.name }),
  fields: [
    { key: 'name', label: 'exhibition.name', filter: { type: 'text' } },
    { key: 'nameEn', label: 'exhibition.nameEn' },
    { key: 'startAt', label: 'exhibition.startAt', type: 'datetime' },
    { key: 'endAt', label: 'exhibition.endAt', type: 'datetime' },
    { key: '$status', label: 'exhibition.status', render: (row) => <ExhibitionStatusTag exhibition={row} /> },
    { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
    { key: 'createAt', label: 'exhibition.createAt', type: 'datetime' },
  ],
});
