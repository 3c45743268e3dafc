import type { LiveRoom } from '@pavilion/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi } from '../../api/live.ts';
import { showFormError } from '../../components/forms.ts';
import { RoomFields, roomBody, roomChanges, roomFormValues, useLiveAction, type RoomFormValues } from './shared.tsx';

/**
 * Create (no `room`) or edit a room in a dialog. A new room is the host's own when `exhibitorId` is left out,
 * else that exhibitor's (the exhibitor's own, or the host's on its behalf).
 */
export function RoomDialog({ room, exhibitionId, exhibitorId, onClose, onSaved }: { room: LiveRoom | null; exhibitionId: string; exhibitorId?: string | null; onClose: () => void; onSaved?: (room: LiveRoom) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoomFormValues>();
  const [busy, setBusy] = useState(false);
  const act = useLiveAction();
  const save = async (values: RoomFormValues) => {
    setBusy(true);
    try {
      const saved = room ? await liveApi.update(room.id, roomChanges(room, values)) : await liveApi.create({ ...roomBody(values), exhibitionId, ...(exhibitorId ? { exhibitorId } : {}) });
      await act(async () => undefined, room ? 'live.done.saved' : 'live.done.created');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t(room ? 'live.action.edit' : 'live.action.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'live-room-save' }} width={640} destroyOnHidden>
      <Form form={form} name="live-room" layout="vertical" initialValues={roomFormValues(room)} onFinish={save}>
        <RoomFields withOrder />
      </Form>
    </Modal>
  );
}
