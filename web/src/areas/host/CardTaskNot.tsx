import { AddCardFor } from './CardTask.tsx';
import { TaskList } from './TaskList.tsx';

/** /live/index/admin/card/task-not: the exhibitors that have not handed in any staff badge yet. */
export default function CardTaskNot() {
  return <TaskList filter="hasCard" done={false} title="cards.task.titleNot" actions={(row) => <AddCardFor exhibitorId={row.id} />} />;
}
