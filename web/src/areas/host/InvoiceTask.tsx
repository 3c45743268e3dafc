import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TaskList } from './TaskList.tsx';

/** /live/index/admin/invoice/task: exhibitors who handed in their invoice details, or (toggled) those who have not, to fill in for them. */
export default function InvoiceTask() {
  const { t } = useTranslation();
  return (
    <TaskList
      filter="hasInvoice"
      done
      toggle
      title="hostSvc.route.invoiceTask"
      actions={(row) => (
        <Link to={`/live/index/admin/invoice/edit?compId=${row.compId}&name=${encodeURIComponent(row.company.name)}`}>
          <Button type="link" icon={<EditOutlined />} data-testid={`invoice-of-${row.id}`}>
            {t('common.edit')}
          </Button>
        </Link>
      )}
    />
  );
}
