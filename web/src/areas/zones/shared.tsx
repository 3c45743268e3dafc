import { AuditState } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneKeys } from '../../api/zones.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/** One call of a topics or focus screen, then its lists refresh and the result is said; resolves whether it went through. */
export function useZoneAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: MessageKey, values?: Record<string, unknown>): Promise<boolean> => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: zoneKeys.all });
      feedback.message().success(String(t(done, values as never)), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

export function StateTag({ state, reason }: { state: number; reason?: string | null }) {
  const { t } = useTranslation();
  if (state === AuditState.Approved) return <Tag color="green">{t('zones.state.approved')}</Tag>;
  if (state === AuditState.Rejected) return <Tag color="red" title={reason ?? undefined}>{t('zones.state.rejected')}{reason ? `：${reason}` : ''}</Tag>;
  return <Tag color="gold">{t('zones.state.pending')}</Tag>;
}

/** A reason dialog for rejecting; `decide(ids, reason)` does the call. */
export function useReject(decide: (ids: string[], reason: string) => Promise<boolean>) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const dialog = ids && (
    <Modal
      open
      title={t('zones.rejectTitle')}
      onCancel={() => setIds(null)}
      okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'zones-reject-confirm' }}
      onOk={async () => {
        if (await decide(ids, reason.trim())) {
          setIds(null);
          setReason('');
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('zones.field.rejectReason')} htmlFor="zones-reject-reason" required>
          <Input.TextArea id="zones-reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} data-testid="zones-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { reject: setIds, dialog };
}

export const stateOptions = [
  { value: String(AuditState.Pending), label: 'zones.state.pending' as const },
  { value: String(AuditState.Approved), label: 'zones.state.approved' as const },
  { value: String(AuditState.Rejected), label: 'zones.state.rejected' as const },
];
