import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { liveApi, useLiveStream } from '../../api/live.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { CopyField, useLiveAction } from './shared.tsx';

/** What the presenter pastes into OBS: server, stream key, the whole push URL, its expiry, and a new key on demand. */
export function StreamPanel({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const stream = useLiveStream(roomId);
  const act = useLiveAction();
  if (stream.isPending) return <Skeleton active />;
  if (stream.isError) return <Alert type="error" showIcon title={errorMessage(stream.error)} />;
  const s = stream.data;
  const expired = dayjs(s.expiresAt).isBefore(dayjs());
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="live-stream">
      <CopyField label="live.stream.server" value={s.server} testId="live-stream-server" />
      <CopyField label="live.stream.key" value={s.streamKey} testId="live-stream-key" secret />
      <CopyField label="live.stream.pushUrl" value={s.pushUrl} testId="live-stream-url" secret />
      <Space wrap>
        <Typography.Text type={expired ? 'danger' : 'secondary'} data-testid="live-stream-expires">
          {expired ? t('live.stream.expired') : `${t('live.stream.expires')}: ${formatDateTime(s.expiresAt)}`}
        </Typography.Text>
        <Popconfirm title={t('live.confirm.regenerate')} onConfirm={() => act(() => liveApi.regenerate(roomId), 'live.done.regenerated')} okButtonProps={{ danger: true, 'data-testid': 'live-regenerate-confirm' }}>
          <Button icon={<ReloadOutlined />} data-testid="live-regenerate">
            {t('live.action.regenerate')}
          </Button>
        </Popconfirm>
      </Space>
      <Alert type="info" showIcon title={t('live.stream.obsHint')} />
      <CopyField label="live.stream.flv" value={s.flvUrl} testId="live-stream-flv" />
      <CopyField label="live.stream.hls" value={s.hlsUrl} testId="live-stream-hls" />
    </Space>
  );
}
