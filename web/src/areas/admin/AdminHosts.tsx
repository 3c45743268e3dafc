import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { hostResource } from './hostResource.tsx';

/** /admin/adminHost: hosts, searchable and paged; delete shows the server's refusal (a host with exhibitions stays). */
export default function AdminHosts() {
  const { t } = useTranslation();
  return (
    <CrudPage
      crud={{
        resource: hostResource,
        invalidate: hostKeys.all,
        title: 'route.adminHost',
        remove: (row) => hostAdminApi.remove(row.id),
        extra: (
          <Link to="/admin/adminHostAdd">
            <Button type="primary" icon={<PlusOutlined />} data-testid="host-add">
              {t('host.add')}
            </Button>
          </Link>
        ),
        actions: (row) => (
          <Link to={`/admin/adminHostEdit?id=${row.id}`}>
            <Button type="link" icon={<EditOutlined />}>
              {t('common.edit')}
            </Button>
          </Link>
        ),
      }}
    />
  );
}
