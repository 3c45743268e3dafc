import { EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Exhibitor } from '@pavilion/contract';
import { Button, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandTopicForm } from './BrandEdit.tsx';
import { TaskList } from './TaskList.tsx';

/** /live/index/admin/brand/task: exhibitors of the current exhibition placed in a brand topic. */
export default function BrandTask() {
  const { t } = useTranslation();
  return (
    <TaskList
      filter="hasBrandTopic"
      done
      title="hostSvc.route.brandTask"
      actions={(row) => (
        <>
          <Tag color="blue">{row.pTopic}</Tag>
          <Link to={`/live/index/admin/brand/edit?id=${row.id}`}>
            <Button type="link" icon={<EditOutlined />}>
              {t('hostSvc.brand.edit')}
            </Button>
          </Link>
        </>
      )}
    />
  );
}

/** /live/index/admin/brand/task-not: exhibitors in no brand topic, each with a one-click “place” (the most used topic preset). */
export function BrandTaskNot() {
  const { t } = useTranslation();
  const [placing, setPlacing] = useState<Exhibitor | null>(null);
  return (
    <>
      <TaskList
        filter="hasBrandTopic"
        done={false}
        title="hostSvc.route.brandTaskNot"
        actions={(row) => (
          <Button type="link" icon={<ThunderboltOutlined />} onClick={() => setPlacing(row)} data-testid={`brand-place-${row.id}`}>
            {t('hostSvc.brand.place')}
          </Button>
        )}
      />
      <Modal open={Boolean(placing)} title={placing ? t('hostSvc.brand.placeTitle', { name: placing.company.name }) : ''} footer={null} onCancel={() => setPlacing(null)} destroyOnHidden>
        {placing && <BrandTopicForm exhibitor={placing} onSaved={() => setPlacing(null)} onCancel={() => setPlacing(null)} />}
      </Modal>
    </>
  );
}
