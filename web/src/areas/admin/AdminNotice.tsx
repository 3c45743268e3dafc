import { createNoticeBody, updateNoticeBody, type Notice } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { noticeApi, noticeKeys } from '../../api/feedback.ts';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';

const noticeResource = defineResource<Notice>({
  name: 'notice',
  rowKey: 'id',
  queryKey: (p) => noticeKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) => noticeApi.query({ pageIndex, pageSize, keyword: filters.title }),
  fields: [
    { key: 'title', label: 'notice.title', filter: { type: 'text' } },
    { key: 'titleEn', label: 'notice.titleEn' },
    { key: '$to', label: 'notice.to', render: (r) => (r.hostId ? i18n.t('notice.oneHost') : i18n.t('notice.allHosts')) },
    { key: 'createAt', label: 'common.createAt', type: 'datetime' },
  ],
});

/** /admin/adminNotice: platform notices to every host or to one. */
export default function AdminNotice() {
  const hosts = useQuery({ queryKey: hostKeys.options(), queryFn: () => hostAdminApi.query({ pageIndex: 1, pageSize: 100 }) });
  const fields: readonly FormField[] = [
    { name: 'title', label: 'notice.title' },
    { name: 'titleEn', label: 'notice.titleEn' },
    { name: 'content', label: 'notice.content', type: 'textarea' },
    { name: 'contentEn', label: 'notice.contentEn', type: 'textarea' },
    { name: 'hostId', label: 'notice.host', type: 'select', placeholder: 'notice.allHosts', dynamicOptions: (hosts.data?.items ?? []).map((h) => ({ value: h.id, text: h.name })) },
  ];
  return (
    <CrudPage
      crud={{
        resource: noticeResource,
        invalidate: noticeKeys.all,
        title: 'route.adminNotice',
        fields,
        createSchema: createNoticeBody,
        updateSchema: updateNoticeBody,
        create: (p) => noticeApi.create(p),
        update: (row, p) => noticeApi.update(row.id, p),
        remove: (row) => noticeApi.remove(row.id),
      }}
    />
  );
}
