import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TaskList } from './TaskList.tsx';

/** The "add for them" button of the badge task lists: the host adds a badge for that exhibitor. */
export function AddCardFor({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" icon={<PlusOutlined />} onClick={() => navigate(`/live/index/admin/card/edit?exhibitorId=${exhibitorId}`)} data-testid={`card-add-for-${exhibitorId}`}>
      {t('cards.task.add')}
    </Button>
  );
}

/** /live/index/admin/card/task: the exhibitors that handed in at least one staff badge. */
export default function CardTask() {
  return <TaskList filter="hasCard" done title="cards.task.title" actions={(row) => <AddCardFor exhibitorId={row.id} />} />;
}
