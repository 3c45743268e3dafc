import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, Row, Segmented, Skeleton, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, IMAGE_TYPES } from '../../components/ImageUpload.tsx';
import { exhibitorServicesApi, exhibitorServicesKeys, useExhibitorSettings } from '../../api/exhibitorServices.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { VideoUpload } from '../../components/VideoUpload.tsx';
import { useSession } from '../../session/store.ts';
import { isVideoUrl, lobbyPatch, lobbyValuesOf, type LobbyValues } from './lobby.ts';


/** An upload button that stores the file and hands back its URL. */
function UploadButton({ accept, label, testId, check, send, onDone }: { accept: string; label: string; testId: string; check: (f: File) => boolean; send: (f: File) => Promise<{ url: string }>; onDone: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept={accept}
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => (check(file) ? true : Upload.LIST_IGNORE)}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const uploaded = await send(file as File);
          onDone(uploaded.url);
          onSuccess?.(uploaded);
        } catch (error) {
          showError(error);
          onError?.(error as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={busy} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}

function BannerField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation();
  const check = (file: File) => checkImage(file, t) === true;
  return (
    <Space wrap>
      <UploadButton accept={IMAGE_TYPES.join(',')} label={t('exSvc.lobby.uploadBanner')} testId="lobby-banner-upload" check={check} send={exhibitorServicesApi.uploadImage} onDone={(url) => onChange?.(url)} />
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {t('exSvc.lobby.remove')}
        </Button>
      )}
    </Space>
  );
}

/** The lobby as visitors will see it, from the form's current values. */
export function LobbyPreview({ values, lang }: { values: Partial<LobbyValues>; lang: 'zh-CN' | 'en' }) {
  const { t } = useTranslation();
  const welcome = lang === 'en' ? values.lobbyWelcomeEn || values.lobbyWelcome : values.lobbyWelcome;
  const video = values.lobbyVideo && isVideoUrl(values.lobbyVideo) ? values.lobbyVideo : null;
  if (!values.lobbyBanner && !welcome && !video) return <Empty description={t('exSvc.lobby.previewEmpty')} />;
  return (
    <div className="lobby-preview" data-testid="lobby-preview" style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
      {values.lobbyBanner && <img src={values.lobbyBanner} alt={t('exSvc.lobby.banner')} style={{ width: '100%', aspectRatio: '3 / 1', objectFit: 'cover', display: 'block', background: '#f5f5f5' }} />}
      <div style={{ padding: 16 }}>
        {welcome && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 16 }} data-testid="lobby-preview-welcome">
            {welcome}
          </Typography.Paragraph>
        )}
        {video && <video src={video} controls preload="metadata" style={{ width: '100%', borderRadius: 4, background: '#000' }} data-testid="lobby-preview-video" />}
      </div>
    </div>
  );
}

/** /ex-live/index/set/lobby: the booth lobby's banner, video and welcome, with a live preview; saved as exhibitor settings. */
export default function LobbySettings() {
  const { t, i18n } = useTranslation();
  const { exhibitorId } = useSession();
  const settings = useExhibitorSettings(exhibitorId);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LobbyValues>();
  const watched = Form.useWatch([], form) as Partial<LobbyValues> | undefined;
  const [previewLang, setPreviewLang] = useState<'zh-CN' | 'en'>(i18n.language === 'en' ? 'en' : 'zh-CN');

  useEffect(() => {
    if (settings.data) form.setFieldsValue(lobbyValuesOf(settings.data));
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: async (values: LobbyValues) => {
      const patch = lobbyPatch(lobbyValuesOf(settings.data!), values);
      return Object.keys(patch).length ? exhibitorServicesApi.patchExhibitorSettings(exhibitorId!, patch) : null;
    },
    onSuccess: (saved) => {
      if (!saved) {
        feedback.message().info(t('exSvc.lobby.unchanged'), MESSAGE_SECONDS);
        return;
      }
      queryClient.setQueryData(exhibitorServicesKeys.exhibitorSettings(exhibitorId ?? ''), saved);
      feedback.message().success(t('exSvc.lobby.saved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<PictureOutlined />}>{t('exSvc.route.lobby')}</IconTitle>}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('exSvc.lobby.intro')}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card variant="borderless">
            {settings.isPending ? (
              <Skeleton active />
            ) : (
              <Form form={form} layout="vertical" name="lobby" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
                <Form.Item name="lobbyBanner" label={t('exSvc.lobby.banner')} extra={t('exSvc.lobby.bannerHint')}>
                  <BannerField />
                </Form.Item>
                <Form.Item label={t('exSvc.lobby.video')} extra={t('exSvc.lobby.videoHint')}>
                  <Form.Item name="lobbyVideo" noStyle rules={[{ max: 2000 }, { validator: async (_r, v: string | null) => { if (v && v.trim() && !isVideoUrl(v)) throw new Error(t('exSvc.lobby.videoInvalid')); } }]}>
                    <Input prefix={<VideoCameraOutlined />} placeholder={t('exSvc.lobby.videoUrl')} allowClear data-testid="lobby-video" />
                  </Form.Item>
                  {/* Resumable (tus): the preview on the right plays what it uploaded. */}
                  <div style={{ marginTop: 8 }}>
                    <VideoUpload testId="lobby-video-upload" onChange={(url) => form.setFieldValue('lobbyVideo', url)} />
                  </div>
                </Form.Item>
                <Form.Item name="lobbyWelcome" label={t('exSvc.lobby.welcome')} rules={[{ max: 2000 }]}>
                  <Input.TextArea rows={4} showCount maxLength={2000} data-testid="lobby-welcome" />
                </Form.Item>
                <Form.Item name="lobbyWelcomeEn" label={t('exSvc.lobby.welcomeEn')} rules={[{ max: 2000 }]}>
                  <Input.TextArea rows={4} showCount maxLength={2000} data-testid="lobby-welcome-en" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lobby-save">
                  {t('common.save')}
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            variant="borderless"
            title={t('exSvc.lobby.preview')}
            extra={<Segmented size="small" value={previewLang} onChange={(v) => setPreviewLang(v as 'zh-CN' | 'en')} options={[{ value: 'zh-CN', label: t('lang.zh-CN') }, { value: 'en', label: t('lang.en') }]} />}
          >
            <LobbyPreview values={watched ?? {}} lang={previewLang} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
