import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { getConfig } from '../api/config.ts';
import { uploadImages } from '../api/files.ts';
import type { MessageKey } from '../i18n/index.ts';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'];

/** Refuses, with the spec's message, a file that is not a picture or is 4 MB or more; for antd's `beforeUpload`. */
export function checkImage(file: File, t: TFunction): true | typeof Upload.LIST_IGNORE {
  if (!IMAGE_TYPES.includes(file.type)) {
    feedback.message().error(t('companyProfile.imageType'), MESSAGE_SECONDS);
    return Upload.LIST_IGNORE;
  }
  if (file.size >= getConfig().maxImageBytes) {
    feedback.message().error(t('companyProfile.imageTooLarge'), MESSAGE_SECONDS);
    return Upload.LIST_IGNORE;
  }
  return true;
}

const signedInUpload = async (file: File) => (await uploadImages([file]))[0]?.url ?? null;

/**
 * One picture as a form control (logo, banner, badge photo, licence): a preview, upload / replace
 * and remove, checked before sending (part 1 §5: image formats, under 4 MB). The value is the URL.
 */
export function ImageUpload({
  value,
  onChange,
  preview,
  labels,
  hint,
  testId,
  id,
  upload = signedInUpload,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  preview: (busy: boolean) => ReactNode;
  labels: { upload: MessageKey; replace: MessageKey; remove: MessageKey };
  hint?: ReactNode;
  testId?: string;
  id?: string;
  upload?: (file: File) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" size="middle" id={id} data-testid={id ? `image-${id}` : undefined}>
      {preview(busy)}
      <Space orientation="vertical" size={4}>
        <Space wrap>
          <Upload
            name="files"
            accept={IMAGE_TYPES.join(',')}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => checkImage(file, t)}
            customRequest={async ({ file, onSuccess, onError }) => {
              setBusy(true);
              try {
                const url = await upload(file as File);
                onChange?.(url);
                onSuccess?.(url);
              } catch (error) {
                showError(error);
                onError?.(error as Error);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
              {value ? t(labels.replace) : t(labels.upload)}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t(labels.remove)}
            </Button>
          )}
        </Space>
        {hint && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>}
      </Space>
    </Space>
  );
}
