import type { LiveRoom } from '@pavilion/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys } from '../../api/live.ts';
import { useSave } from '../activity-details/itemWrites.ts';
import { RoomFields, roomBody, roomChanges, roomFormValues, type RoomFormValues } from './shared.tsx';

/**
 * Create (no `room`) or edit a room in a dialog. A new room is the host's own when `exhibitorId` is left out,
 * else that exhibitor's (the exhibitor's own, or the host's on its behalf).
 */
export function RoomDialog({ room, exhibitionId, exhibitorId, onClose, onSaved }: { room: LiveRoom | null; exhibitionId: string; exhibitorId?: string | null; onClose: () => void; onSaved?: (room: LiveRoom) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoomFormValues>();
  const { saving: busy, save: write } = useSave(form, room ? 'live.done.saved' : 'live.done.created', liveKeys.all, onClose);
  const save = (values: RoomFormValues) =>
    write(async () => {
      const saved = room ? await liveApi.update(room.id, roomChanges(room, values)) : await liveApi.create({ ...roomBody(values), exhibitionId, ...(exhibitorId ? { exhibitorId } : {}) });
      onSaved?.(saved);
    });
  return (
    <Modal open title={t(room ? 'live.action.edit' : 'live.action.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'live-room-save' }} width={640} destroyOnHidden>
      <Form form={form} name="live-room" layout="vertical" initialValues={roomFormValues(room)} onFinish={save}>
        <RoomFields withOrder />
      </Form>
    </Modal>
  );
}
