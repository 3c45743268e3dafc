import { AuditState, type Enquiry, type EnquirySource, type EnquiryState } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enquiryApi, enquiryKeys } from '../../api/enquiry.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { CurrentJob } from '../host/jobs.tsx';

const REPLY_MAX = 1000;
const sourceColors: Record<EnquirySource, string> = { booth: 'blue', product: 'green', live: 'magenta' };
const stateColors: Record<EnquiryState, string> = { new: 'gold', read: 'default', answered: 'success', closed: 'default' };

export function SourceTag({ source }: { source: EnquirySource }) {
  const { t } = useTranslation();
  return <Tag color={sourceColors[source]}>{t(`enquiry.source.${source}`)}</Tag>;
}

export function StateTag({ e }: { e: Enquiry }) {
  const { t } = useTranslation();
  if (e.auditState === AuditState.Pending) return <Tag color="orange">{t('enquiry.audit.pending')}</Tag>;
  if (e.auditState === AuditState.Rejected) return <Tag color="red">{t('enquiry.audit.rejected')}</Tag>;
  return (
    <Space size={4} wrap>
      <Tag color={stateColors[e.state]}>{t(`enquiry.state.${e.state}`)}</Tag>
      {e.isSample && <Tag color="purple">{t('enquiry.sample.yes')}</Tag>}
    </Space>
  );
}

/** Who asked: the shared name and company, or that the visitor kept them back. */
export const visitorOf = (e: Enquiry, t: (k: 'enquiry.noContact') => string) => (e.contactName ? [e.contactName, e.contactCompany].filter(Boolean).join(' / ') : t('enquiry.noContact'));

/** The whole enquiry in a drawer: the contact (or that none was shared), the reply form for the exhibitor. */
export function EnquiryDrawer({ id, canReply, onClose }: { id: string; canReply: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: enquiryKeys.detail(id), queryFn: () => enquiryApi.get(id) });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const e = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
  const run = async (work: () => Promise<unknown>, done: 'enquiry.done.replied' | 'enquiry.done.closed') => {
    setBusy(true);
    try {
      await work();
      setText('');
      await refresh();
      feedback.message().success(t(done), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open
      title={t('enquiry.drawerTitle')}
      onClose={() => {
        void refresh();
        onClose();
      }}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {e && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="enquiry-drawer">
          <Space wrap>
            <SourceTag source={e.source} />
            <StateTag e={e} />
            <Typography.Text type="secondary">{formatDateTime(e.createAt)}</Typography.Text>
          </Space>
          {e.productName && <Typography.Text strong>{e.productName}</Typography.Text>}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="enquiry-content">
            {e.content}
          </Typography.Paragraph>
          {e.shareContact ? (
            <Descriptions size="small" column={1} title={t('enquiry.field.contact')} data-testid="enquiry-contact">
              <Descriptions.Item label={t('enquiry.field.name')}>{e.contactName}</Descriptions.Item>
              <Descriptions.Item label={t('enquiry.field.phone')}>{e.contactPhone}</Descriptions.Item>
              <Descriptions.Item label={t('enquiry.field.email')}>{e.contactEmail}</Descriptions.Item>
              <Descriptions.Item label={t('enquiry.field.company')}>{e.contactCompany}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="info" showIcon title={t('enquiry.noContact')} data-testid="enquiry-no-contact" />
          )}
          {e.reply && (
            <div style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 6, padding: '6px 10px' }} data-testid="enquiry-reply">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('enquiry.repliedAt', { time: formatDateTime(e.repliedAt) })}
              </Typography.Text>
              <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.reply}</Typography.Paragraph>
            </div>
          )}
          {canReply && e.state !== 'closed' && (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                value={text}
                onChange={(ev) => setText(ev.target.value)}
                maxLength={REPLY_MAX}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder={t('enquiry.replyPlaceholder')}
                aria-label={t('enquiry.field.reply')}
                data-testid="enquiry-reply-text"
              />
              <Space wrap>
                <Button type="primary" disabled={!text.trim()} loading={busy} onClick={() => void run(() => enquiryApi.reply(e.id, text.trim()), 'enquiry.done.replied')} data-testid="enquiry-reply-send">
                  {t('enquiry.action.reply')}
                </Button>
                <Popconfirm title={t('enquiry.confirm.close')} onConfirm={() => run(() => enquiryApi.close(e.id), 'enquiry.done.closed')} okButtonProps={{ 'data-testid': 'enquiry-close-confirm' }}>
                  <Button disabled={busy} data-testid="enquiry-close">
                    {t('enquiry.action.close')}
                  </Button>
                </Popconfirm>
              </Space>
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** An export just started here: the host's job bar (standard job routes, which now let an exhibitor read its own jobs). */
export const EnquiryExportBar = ({ id }: { id: string }) => (
  <CurrentJob id={id} title="enquiry.exportTitle" done="enquiry.exportDone" download="enquiry.action.download" fallbackName="enquiries.xlsx" testId="enquiry-export" />
);
