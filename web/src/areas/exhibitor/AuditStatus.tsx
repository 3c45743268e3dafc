import { AuditState } from '@pavilion/contract';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { auditView } from './auditView.ts';

export interface Audited {
  auditState: number;
  auditReason: string | null;
  submitAt?: string | null;
  auditAt?: string | null;
}

/** The state tag alone (lists, descriptions). */
export function AuditTag({ state }: { state: number | null | undefined }) {
  const { t } = useTranslation();
  const v = auditView(state);
  return (
    <Tag color={v.color} data-testid="audit-state">
      {t(v.label)}
    </Tag>
  );
}

/** "Reason: …" of a rejection, in the page's language. */
function Reason({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return `${t('audit.labelled', { label: t('exPages.audit.reason') })}${reason}`;
}

/** A list's audit cell: the state tag, and a rejection's reason under it. */
export function AuditCell({ item, reasonTestId, maxWidth = 200 }: { item: Pick<Audited, 'auditState' | 'auditReason'>; reasonTestId: string; maxWidth?: number }) {
  return (
    <Space orientation="vertical" size={2} style={{ maxWidth }}>
      <AuditTag state={item.auditState} />
      {item.auditState === AuditState.Rejected && item.auditReason && (
        <Typography.Text type="danger" data-testid={reasonTestId}>
          <Reason reason={item.auditReason} />
        </Typography.Text>
      )}
    </Space>
  );
}

/** The audit state of what the exhibitor submitted: tag, times, and the rejection reason in plain sight. */
export function AuditStatus({ item }: { item: Audited | null | undefined }) {
  const { t } = useTranslation();
  const v = auditView(item?.auditState);
  const time = (s: string | null | undefined) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm') : t('common.empty'));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'state', label: t('exPages.audit.label'), children: <AuditTag state={item?.auditState} /> },
          ...(item?.submitAt !== undefined ? [{ key: 'submitAt', label: t('exPages.audit.submitAt'), children: time(item?.submitAt) }] : []),
          ...(item?.auditAt !== undefined ? [{ key: 'auditAt', label: t('exPages.audit.auditAt'), children: time(item?.auditAt) }] : []),
        ]}
      />
      {v.alert && v.hint && (
        <Alert
          type={v.alert}
          showIcon
          data-testid="audit-alert"
          title={t(v.hint)}
          description={item?.auditState === AuditState.Rejected && item.auditReason ? <span data-testid="audit-reason"><Reason reason={item.auditReason} /></span> : undefined}
        />
      )}
    </Space>
  );
}
