import { createHostAccountBody, updateHostBody, type Host } from '@pavilion/contract';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';

/** Hosts as the administrator lists them (POST /api/v1/host/query): search by name and phone. */
export const hostResource = defineResource<Host>({
  name: 'host',
  rowKey: 'id',
  queryKey: (p) => [...hostKeys.all, 'list', p],
  fetch: ({ pageIndex, pageSize, filters }) => hostAdminApi.query({ pageIndex, pageSize, name: filters.name, phoneNumber: filters.phoneNumber }),
  fields: [
    { key: 'name', label: 'host.name', filter: { type: 'text' } },
    { key: 'nameEn', label: 'host.nameEn' },
    { key: 'contactName', label: 'host.contactName' },
    { key: 'phoneNumber', label: 'host.phoneNumber', filter: { type: 'text' } },
    { key: 'email', label: 'host.email' },
    { key: 'createAt', label: 'common.createAt', type: 'datetime' },
  ],
});

export const hostFields: readonly FormField[] = [
  { name: 'name', label: 'host.name' },
  { name: 'nameEn', label: 'host.nameEn' },
  { name: 'contactName', label: 'host.contactName' },
  { name: 'phoneNumber', label: 'host.phoneNumber', type: 'phone' },
  { name: 'email', label: 'host.email' },
];
export const hostAccountFields: readonly FormField[] = [...hostFields, { name: 'userName', label: 'host.userName' }, { name: 'password', label: 'host.password', type: 'password' }];
export { createHostAccountBody, updateHostBody };
