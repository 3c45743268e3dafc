import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TaskList } from './TaskList.tsx';

/** The exhibitor's catalogue entry, to view (handed in) or fill in for it (missing). */
function JournalLink({ exhibitorId, done }: { exhibitorId: string; done: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={`/live/index/admin/periodical/edit?exhibitorId=${exhibitorId}`}>
      <Button type="link" icon={done ? <EyeOutlined /> : <EditOutlined />} data-testid={`journal-of-${exhibitorId}`}>
        {t(done ? 'hostSvc.journal.view' : 'hostSvc.journal.fillIn')}
      </Button>
    </Link>
  );
}

/** /live/index/admin/periodical/task: exhibitors of the current exhibition who handed in a catalogue entry. */
export default function PeriodicalTask() {
  return <TaskList filter="hasJournal" done title="hostSvc.route.periodicalTask" actions={(row) => <JournalLink exhibitorId={row.id} done />} />;
}

/** /live/index/admin/periodical/task-not: those who have not. */
export function PeriodicalTaskNot() {
  return <TaskList filter="hasJournal" done={false} title="hostSvc.route.periodicalTaskNot" actions={(row) => <JournalLink exhibitorId={row.id} done={false} />} />;
}
