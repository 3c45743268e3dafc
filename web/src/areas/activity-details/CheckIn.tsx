import { CheckCircleFilled, CloseCircleFilled, ScanOutlined } from '@ant-design/icons';
import { ErrorCode, type ActivityReg } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityKeys } from '../../api/activities.ts';
import { activityDetailApi } from '../../api/activityDetails.ts';
import { ApiError } from '../../api/errors.ts';
import { errorMessage } from '../../components/feedback.tsx';

type Outcome = { kind: 'ok'; reg: ActivityReg } | { kind: 'already'; text: string } | { kind: 'unknown' } | { kind: 'error'; text: string };

/** What a failed scan means to the person at the door. */
function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && !error.network) {
    // The server's sentence carries the first check-in's time ("…已于{at}签到").
    if (error.code === ErrorCode.AlreadyCheckedIn) return { kind: 'already', text: error.description };
    if (error.code === ErrorCode.NotFound) return { kind: 'unknown' };
  }
  return { kind: 'error', text: errorMessage(error) };
}

/**
 * The door: the host types the ticket code or a scanner (a keyboard wedge) types it and presses Enter.
 * The field empties and keeps the focus after each scan, so the next ticket can follow at once.
 */
export function CheckIn({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = async () => {
    const value = code.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      const reg = await activityDetailApi.checkin({ activityId, code: value });
      setOutcome({ kind: 'ok', reg });
      void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) });
    } catch (error) {
      setOutcome(outcomeOf(error));
    } finally {
      setBusy(false);
      setCode('');
      input.current?.focus();
    }
  };
  const good = outcome?.kind === 'ok';
  return (
    <Card size="small" title={t('actDetail.checkin.title')} data-testid="checkin">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('actDetail.checkin.hint')}</Typography.Text>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Input
            ref={input}
            autoFocus
            size="large"
            autoComplete="off"
            prefix={<ScanOutlined />}
            value={code}
            maxLength={100}
            placeholder={t('actDetail.checkin.placeholder')}
            aria-label={t('actDetail.checkin.placeholder')}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void submit()}
            data-testid="checkin-code"
          />
          <Button size="large" type="primary" loading={busy} onClick={() => void submit()} data-testid="checkin-submit">
            {t('actDetail.checkin.submit')}
          </Button>
        </Space.Compact>
        {outcome && (
          <div
            role="status"
            data-testid="checkin-result"
            data-result={outcome.kind}
            style={{ padding: 16, borderRadius: 8, color: '#fff', background: good ? '#389e0d' : '#cf1322', display: 'flex', gap: 16, alignItems: 'center' }}
          >
            {good ? <CheckCircleFilled style={{ fontSize: 48 }} /> : <CloseCircleFilled style={{ fontSize: 48 }} />}
            <div style={{ minWidth: 0 }}>
              {outcome.kind === 'ok' && (
                <>
                  <div style={{ fontSize: 16 }}>{t('actDetail.checkin.success')}</div>
                  <div style={{ fontSize: 32, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="checkin-name">
                    {outcome.reg.name}
                  </div>
                  <div style={{ fontSize: 22 }} data-testid="checkin-ticket">
                    {outcome.reg.ticketTypeName ?? t('actDetail.checkin.noTicketType')}
                  </div>
                </>
              )}
              {outcome.kind === 'already' && (
                <>
                  <div style={{ fontSize: 28, fontWeight: 600 }}>{t('actDetail.checkin.already')}</div>
                  <div style={{ fontSize: 18 }} data-testid="checkin-first">
                    {outcome.text}
                  </div>
                </>
              )}
              {outcome.kind === 'unknown' && <div style={{ fontSize: 28, fontWeight: 600 }}>{t('actDetail.checkin.unknown')}</div>}
              {outcome.kind === 'error' && (
                <>
                  <div style={{ fontSize: 28, fontWeight: 600 }}>{t('actDetail.checkin.failed')}</div>
                  <div style={{ fontSize: 18 }}>{outcome.text}</div>
                </>
              )}
            </div>
          </div>
        )}
      </Space>
    </Card>
  );
}
