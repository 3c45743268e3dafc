import { EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { GrantLinesButton, LinePoolsButton } from '../live/AdminLines.tsx';
import { exhibitionResource } from './exhibitionResource.tsx';

/** The exhibition list with its row actions; `prefix` is `adminEx` (/admin/adminEx) or `ex` (/admin/ex-list, with add). */
export function ExhibitionList({ prefix }: { prefix: 'adminEx' | 'ex' }) {
  const { t } = useTranslation();
  return (
    <ResourceTable
      resource={exhibitionResource}
      extra={
        <Space wrap>
          {prefix === 'ex' && (
            <Link to="/admin/ex-add">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('common.create')}
              </Button>
            </Link>
          )}
          {/* Live lines (issue 14): the spec names no admin screen for them, so they sit on the exhibition list. */}
          <LinePoolsButton />
        </Space>
      }
      actions={(row) => (
        <>
          <Link to={`/admin/${prefix}-edit?id=${row.id}`}>
            <Button type="link" icon={<EditOutlined />} data-testid={`edit-${row.id}`}>
              {t('common.edit')}
            </Button>
          </Link>
          <Link to={`/admin/${prefix}-permission?id=${row.id}`}>
            <Button type="link" icon={<SafetyOutlined />} data-testid={`permission-${row.id}`}>
              {t('permission.title')}
            </Button>
          </Link>
          <GrantLinesButton exhibitionId={row.id} name={row.name} />
        </>
      )}
    />
  );
}

/** /admin/adminEx: every exhibition, searchable by name, paged; edit and permission per row. */
export default function AdminExhibitions() {
  return <ExhibitionList prefix="adminEx" />;
}
