import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { POSTER_HEIGHT, POSTER_WIDTH, type GroupInvitation, type GroupShare, type GroupSharePoster, type VisitorGroup } from '@pavilion/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Card, Col, ColorPicker, Empty, Flex, Form, Input, InputNumber, Row, Segmented, Select, Skeleton, Space, Tabs, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { saveBlob } from '../../api/files.ts';
import { useGroupInvitations, useGroupPosters, useGroupQr, useGroupShares, useVisitorGroups, visitorGroupKeys, visitorGroupsApi } from '../../api/visitorGroups.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { useSession } from '../../session/store.ts';
import { ImageField } from './ImageField.tsx';

type Strip<T> = Omit<T, 'groupId'>;
const PHONE_WIDTH = 320;
const PHONE_HEIGHT = 600;
/** The poster preview is the 750 × 1334 design at this scale. */
const POSTER_SCALE = 0.4;

const hex = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'toHexString' in v ? (v as { toHexString: () => string }).toHexString() : '#ffffff');
const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A color picker whose value is the `#rrggbb` string the server keeps. */
function HexColor({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <ColorPicker value={value} onChange={(c) => onChange?.(hex(c).slice(0, 7))} showText disabledAlpha format="hex" />;
}

function Phone({ background, image, children, testId }: { background: string; image?: string; children: ReactNode; testId: string }) {
  return (
    <div
      data-testid={testId}
      style={{ width: PHONE_WIDTH, height: PHONE_HEIGHT, borderRadius: 28, border: '10px solid #1f1f1f', overflow: 'auto', position: 'relative', backgroundColor: background, backgroundImage: image ? `url("${image}")` : undefined, backgroundSize: '100% auto', backgroundRepeat: 'no-repeat', margin: '0 auto' }}
    >
      {children}
    </div>
  );
}

/** One settings form of a group: its values, save through the per-group PUT, the server's field errors on the fields. */
function useGroupForm<T extends object>(exhibitionId: string, groupId: string, key: QueryKey, put: (items: (T & { groupId: string })[]) => Promise<unknown>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<T>();
  const [saving, setSaving] = useState(false);
  const save = async (values: T) => {
    setSaving(true);
    try {
      queryClient.setQueryData(key, await put([{ ...values, groupId }]));
      feedback.message().success(t('vgroups.saved'), MESSAGE_SECONDS);
    } catch (error) {
      const fields = error instanceof ApiError && !error.handled ? error.errors.filter((e) => /^items\.0\./.test(e.field)).map((e) => ({ name: e.field.replace(/^items\.0\./, ''), errors: [e.message || error.description] })) : [];
      if (fields.length) form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
      else showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  return { form, saving, save, exhibitionId };
}

function InvitationTab({ exhibitionId, group, value }: { exhibitionId: string; group: VisitorGroup; value: Strip<GroupInvitation> }) {
  const { t } = useTranslation();
  const { form, saving, save } = useGroupForm<Strip<GroupInvitation>>(exhibitionId, group.id, visitorGroupKeys.invitation(exhibitionId), (items) => visitorGroupsApi.saveInvitation(exhibitionId, { items }));
  const live = { ...value, ...Form.useWatch([], form) };
  return (
    <Row gutter={32}>
      <Col span={13}>
        <Form form={form} layout="vertical" name="group-invitation" initialValues={value} onFinish={save}>
          <Form.Item name="backgroundColor" label={t('vgroups.details.invitation.backgroundColor')}>
            <HexColor />
          </Form.Item>
          <Form.Item name="backgroundUrl" label={t('vgroups.details.invitation.backgroundUrl')} getValueProps={(v: string) => ({ value: v || null })} normalize={(v: string | null) => v ?? ''}>
            <ImageField wide />
          </Form.Item>
          <Form.Item name="topToContent" label={t('vgroups.details.invitation.topToContent')} extra={t('vgroups.details.invitation.topHelp')} rules={[{ type: 'integer', min: 0, max: 2000, required: true }]}>
            <InputNumber min={0} max={2000} precision={0} style={{ width: 160 }} data-testid="invitation-top" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="invitation-save">
            {t('vgroups.details.save')}
          </Button>
        </Form>
      </Col>
      <Col span={11}>
        <Typography.Title level={5}>{t('vgroups.details.preview')}</Typography.Title>
        <Phone background={live.backgroundColor || '#ffffff'} image={live.backgroundUrl || undefined} testId="invitation-preview">
          <div style={{ height: Math.min(Number(live.topToContent) || 0, 2000) * (PHONE_WIDTH / 375) }} />
          <div style={{ margin: 12, padding: 16, borderRadius: 12, background: 'rgba(255,255,255,0.94)' }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {group.name}
            </Typography.Title>
            <Typography.Text type="secondary">{t('vgroups.details.invitation.sample')}</Typography.Text>
            {[0, 1, 2].map((k) => (
              <div key={k} style={{ height: 32, border: '1px solid #d9d9d9', borderRadius: 6, marginTop: 10, background: '#fff' }} />
            ))}
            <div style={{ marginTop: 14, height: 36, borderRadius: 18, background: '#1677ff', color: '#fff', textAlign: 'center', lineHeight: '36px' }}>{t('vgroups.details.invitation.submit')}</div>
          </div>
        </Phone>
      </Col>
    </Row>
  );
}

function ShareTab({ exhibitionId, group, value }: { exhibitionId: string; group: VisitorGroup; value: Strip<GroupShare> }) {
  const { t } = useTranslation();
  const { form, saving, save } = useGroupForm<Strip<GroupShare>>(exhibitionId, group.id, visitorGroupKeys.share(exhibitionId), (items) => visitorGroupsApi.saveShare(exhibitionId, { items }));
  const live = { ...value, ...Form.useWatch([], form) };
  return (
    <Row gutter={32}>
      <Col span={13}>
        <Form form={form} layout="vertical" name="group-share" initialValues={value} onFinish={save}>
          <Form.Item name="title" label={t('vgroups.details.share.title')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('vgroups.details.share.titleEn')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="summary" label={t('vgroups.details.share.summary')} rules={[{ max: 300 }]}>
            <Input.TextArea rows={3} maxLength={300} />
          </Form.Item>
          <Form.Item name="imageUrl" label={t('vgroups.details.share.imageUrl')} getValueProps={(v: string) => ({ value: v || null })} normalize={(v: string | null) => v ?? ''}>
            <ImageField />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="share-save">
            {t('vgroups.details.save')}
          </Button>
        </Form>
      </Col>
      <Col span={11}>
        <Typography.Title level={5}>{t('vgroups.details.share.sample')}</Typography.Title>
        <Card size="small" style={{ width: PHONE_WIDTH }} data-testid="share-preview">
          <Flex gap={12}>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {live.title || group.name}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {live.summary}
              </Typography.Paragraph>
            </Flex>
            {live.imageUrl ? <img src={live.imageUrl} alt="" width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <div style={{ width: 56, height: 56, background: '#f0f0f0', borderRadius: 4 }} />}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(src));
    img.src = src;
  });
}

/** The poster as a PNG, drawn in the browser from the same parts as the preview (the QR code is the server's SVG). */
async function posterPng(p: Strip<GroupSharePoster>, qr: string, caption: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  if (p.backgroundUrl) g.drawImage(await loadImage(new URL(p.backgroundUrl, window.location.href).href), 0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  g.fillStyle = '#ffffff';
  g.fillRect(p.qrX - 8, p.qrY - 8, p.qrSize + 16, p.qrSize + 16);
  g.drawImage(await loadImage(svgUrl(qr)), p.qrX, p.qrY, p.qrSize, p.qrSize);
  g.fillStyle = p.textColor;
  g.font = '28px sans-serif';
  g.textAlign = 'center';
  g.fillText(caption, p.qrX + p.qrSize / 2, Math.min(p.qrY + p.qrSize + 48, POSTER_HEIGHT - 12));
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'));
}

function PosterTab({ exhibitionId, group, value }: { exhibitionId: string; group: VisitorGroup; value: Strip<GroupSharePoster> }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<'zh' | 'en'>('zh');
  const qr = useGroupQr(exhibitionId, group.id, lang);
  const { form, saving, save } = useGroupForm<Strip<GroupSharePoster>>(exhibitionId, group.id, visitorGroupKeys.poster(exhibitionId), (items) => visitorGroupsApi.savePoster(exhibitionId, { items }));
  const live = { ...value, ...Form.useWatch([], form) };
  const x = Number(live.qrX) || 0;
  const y = Number(live.qrY) || 0;
  const size = Number(live.qrSize) || 0;
  const outside = x + size > POSTER_WIDTH || y + size > POSTER_HEIGHT;
  const caption = t('vgroups.details.poster.caption', { name: lang === 'en' && group.nameEn ? group.nameEn : group.name, lng: lang === 'en' ? 'en' : 'zh-CN' });
  const number = (name: 'qrX' | 'qrY' | 'qrSize', min: number, max: number) => (
    <Col span={8}>
      <Form.Item name={name} label={t(`vgroups.details.poster.${name}`)} rules={[{ type: 'integer', min, max, required: true }]}>
        <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} data-testid={`poster-${name}`} />
      </Form.Item>
    </Col>
  );
  const download = async () => {
    try {
      saveBlob(await posterPng({ ...live, qrX: x, qrY: y, qrSize: size }, qr.data!, caption), `poster-${group.name}-${lang}.png`);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Row gutter={32}>
      <Col span={13}>
        <Form form={form} layout="vertical" name="group-poster" initialValues={value} onFinish={save}>
          <Form.Item name="backgroundUrl" label={t('vgroups.details.poster.backgroundUrl')} getValueProps={(v: string) => ({ value: v || null })} normalize={(v: string | null) => v ?? ''}>
            <ImageField />
          </Form.Item>
          <Row gutter={16}>
            {number('qrX', 0, POSTER_WIDTH)}
            {number('qrY', 0, POSTER_HEIGHT)}
            {number('qrSize', 80, 600)}
          </Row>
          <Form.Item name="textColor" label={t('vgroups.details.poster.textColor')}>
            <HexColor />
          </Form.Item>
          {outside && <Alert type="warning" showIcon title={t('vgroups.details.poster.outside')} style={{ marginBottom: 16 }} />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving} disabled={outside} data-testid="poster-save">
              {t('vgroups.details.save')}
            </Button>
            <Button icon={<DownloadOutlined />} disabled={!qr.data || outside} onClick={() => void download()} data-testid="poster-download">
              {t('vgroups.details.poster.download')}
            </Button>
            <Button icon={<DownloadOutlined />} disabled={!qr.data} onClick={() => saveBlob(new Blob([qr.data!], { type: 'image/svg+xml' }), `qr-${group.name}-${lang}.svg`)}>
              {t('vgroups.details.poster.downloadQr')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col span={11}>
        <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
          <Typography.Text>{t('vgroups.details.poster.lang')}</Typography.Text>
          <Segmented<'zh' | 'en'>
            value={lang}
            onChange={setLang}
            options={[
              { value: 'zh', label: t('vgroups.linkZh') },
              { value: 'en', label: t('vgroups.linkEn') },
            ]}
          />
        </Flex>
        <div
          data-testid="poster-preview"
          style={{ position: 'relative', width: POSTER_WIDTH * POSTER_SCALE, height: POSTER_HEIGHT * POSTER_SCALE, overflow: 'hidden', border: '1px solid #f0f0f0', borderRadius: 8, backgroundColor: '#fff', backgroundImage: live.backgroundUrl ? `url("${live.backgroundUrl}")` : undefined, backgroundSize: '100% 100%' }}
        >
          <div style={{ position: 'absolute', left: x * POSTER_SCALE, top: y * POSTER_SCALE, width: size * POSTER_SCALE, height: size * POSTER_SCALE, background: '#fff' }}>
            {qr.data ? <img src={svgUrl(qr.data)} alt={caption} data-testid="poster-qr" style={{ width: '100%', height: '100%', display: 'block' }} /> : qr.isError ? <Typography.Text type="danger">{t('vgroups.details.poster.qrFailed')}</Typography.Text> : <Skeleton.Node active />}
          </div>
          <div style={{ position: 'absolute', left: 0, right: 0, top: (y + size + 20) * POSTER_SCALE, textAlign: 'center', color: live.textColor, fontSize: 28 * POSTER_SCALE }}>{caption}</div>
        </div>
      </Col>
    </Row>
  );
}

/**
 * /live/index/group/details?id=: one group's invitation page, share card and share poster
 * (docs/visitor-groups.md), each with a live preview; the poster's QR code comes from the server.
 */
export default function GroupDetails() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [search, setSearch] = useSearchParams();
  const groups = useVisitorGroups(exhibitionId);
  const invitations = useGroupInvitations(exhibitionId);
  const shares = useGroupShares(exhibitionId);
  const posters = useGroupPosters(exhibitionId);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('vgroups.noExhibition')} />;
  const list = groups.data?.groups ?? [];
  const id = search.get('id') ?? list[0]?.id;
  const group = list.find((g) => g.id === id);
  const of = <T extends { groupId: string }>(items: T[] | undefined): Omit<T, 'groupId'> | undefined => {
    const found = items?.find((i) => i.groupId === id);
    if (!found) return undefined;
    const { groupId: _groupId, ...rest } = found;
    return rest;
  };
  const invitation = of(invitations.data?.items);
  const share = of(shares.data?.items);
  const poster = of(posters.data?.items);
  const loading = groups.isPending || invitations.isPending || shares.isPending || posters.isPending;
  const failed = groups.error ?? invitations.error ?? shares.error ?? posters.error;

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Link to="/live/index/group/home">
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('vgroups.details.back')} title={t('vgroups.details.back')} />
          </Link>
          {t('vgroups.route.details')}
        </Space>
      }
      extra={
        list.length > 0 && (
          <Select<string> value={group?.id} onChange={(v) => setSearch({ id: v }, { replace: true })} style={{ width: 240 }} aria-label={t('vgroups.details.pick')} data-testid="details-group" options={list.map((g) => ({ value: g.id, label: g.name }))} />
        )
      }
    >
      {failed ? (
        <Alert type="error" showIcon title={failed instanceof ApiError ? failed.description : String(failed)} />
      ) : loading ? (
        <Skeleton active />
      ) : !group || !invitation || !share || !poster ? (
        list.length === 0 ? <Empty description={t('vgroups.empty')} /> : <Alert type="warning" showIcon title={t('vgroups.details.missing')} />
      ) : (
        <Tabs
          key={group.id}
          items={[
            { key: 'invitation', label: t('vgroups.details.tabs.invitation'), children: <InvitationTab exhibitionId={exhibitionId} group={group} value={invitation} /> },
            { key: 'share', label: t('vgroups.details.tabs.share'), children: <ShareTab exhibitionId={exhibitionId} group={group} value={share} /> },
            { key: 'poster', label: t('vgroups.details.tabs.poster'), children: <PosterTab exhibitionId={exhibitionId} group={group} value={poster} /> },
          ]}
        />
      )}
    </Card>
  );
}
