import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { VIDEO_TYPES, type UploadedVideo } from '@pavilion/contract';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../api/config.ts';
import { startVideoUpload, type VideoUploadOptions } from '../api/videos.ts';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';

const MB = 1024 * 1024;

type Running = { name: string; percent: number; reconnecting: boolean };

/**
 * A video as a form control: chooses an MP4 or WebM file, uploads it resumably (tus: a dropped
 * connection resumes from what the server holds), shows progress with a cancel button, then the
 * video itself (`preload="metadata"`: the poster frame, or the first picture when the server had
 * no ffmpeg). The value is the video's URL.
 */
export function VideoUpload({
  value,
  onChange,
  purpose,
  metadata,
  testId = 'video-upload',
  transport,
}: {
  value?: string | null;
  /** The video's URL, and what the upload answered (its poster frame) when it was uploaded here. */
  onChange?: (url: string, video?: UploadedVideo) => void;
  /** What the video is for: a module's policy may refuse it (docs/video.md); none is a general video. */
  purpose?: string;
  metadata?: Record<string, string>;
  testId?: string;
  /** Tests: the tus transport (chunk size, retry pauses, a fake server). */
  transport?: Omit<VideoUploadOptions, 'metadata'>;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<Running | null>(null);
  // The video uploaded here: its poster frame belongs to `value` while `value` is still its URL.
  const [uploaded, setUploaded] = useState<UploadedVideo | null>(null);
  const poster = uploaded && uploaded.url === value ? uploaded.posterUrl : null;
  const transfer = useRef<ReturnType<typeof startVideoUpload> | null>(null);
  const maxBytes = getConfig().maxVideoBytes;
  const maxMb = Math.floor(maxBytes / MB);

  // Leaving the screen stops the transfer; the server keeps the part for a later resume until it expires.
  useEffect(() => () => void transfer.current?.stop(), []);

  const check = (file: File) => {
    if (!VIDEO_TYPES.includes(file.type)) {
      feedback.message().error(t('videoUpload.wrongType'), MESSAGE_SECONDS);
      return false;
    }
    if (file.size > maxBytes) {
      feedback.message().error(t('videoUpload.tooLarge', { max: maxMb }), MESSAGE_SECONDS);
      return false;
    }
    return true;
  };

  const start = (file: File) => {
    const done = () => {
      transfer.current = null;
      setRunning(null);
    };
    transfer.current = startVideoUpload(
      file,
      {
        onProgress: (sent, total) => setRunning((r) => r && { ...r, reconnecting: false, percent: total ? Math.floor((sent / total) * 100) : 0 }),
        onRetry: () => setRunning((r) => r && { ...r, reconnecting: true }),
        onSuccess: (video) => {
          done();
          setUploaded(video);
          onChange?.(video.url, video);
          feedback.message().success(t('videoUpload.done'), MESSAGE_SECONDS);
        },
        onError: (error) => {
          done();
          showError(error);
        },
      },
      { ...transport, metadata: { ...metadata, ...(purpose ? { purpose } : {}) } },
    );
    setRunning({ name: file.name, percent: 0, reconnecting: false });
  };

  const cancel = async () => {
    await transfer.current?.cancel();
    transfer.current = null;
    setRunning(null);
    feedback.message().info(t('videoUpload.cancelled'), MESSAGE_SECONDS);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      {running ? (
        <div data-testid={`${testId}-progress`}>
          <Typography.Text>{t('videoUpload.uploading', { name: running.name })}</Typography.Text>
          <Space style={{ width: '100%' }} align="center">
            <Progress percent={running.percent} style={{ minWidth: 200 }} status={running.reconnecting ? 'exception' : 'active'} />
            <Button size="small" icon={<CloseOutlined />} onClick={() => void cancel()} data-testid={`${testId}-cancel`}>
              {t('videoUpload.cancel')}
            </Button>
          </Space>
          {running.reconnecting && (
            <Typography.Text type="warning" data-testid={`${testId}-reconnecting`}>
              {t('videoUpload.reconnecting')}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Upload
          accept={VIDEO_TYPES.join(',')}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (check(file)) start(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-choose`}>
            {value ? t('videoUpload.replace') : t('videoUpload.choose')}
          </Button>
        </Upload>
      )}
      <Typography.Text type="secondary">{t('videoUpload.hint', { max: maxMb })}</Typography.Text>
      {value && !running && (
        <video
          src={value}
          poster={poster ?? undefined}
          controls
          preload="metadata"
          aria-label={t('videoUpload.preview')}
          style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 4 }}
          data-testid={`${testId}-preview`}
        />
      )}
    </Space>
  );
}
