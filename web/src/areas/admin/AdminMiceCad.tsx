import { PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import type { HallPlan } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Skeleton, Space, Upload, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, IMAGE_TYPES } from '../../components/ImageUpload.tsx';
import { boothApi, boothKeys } from '../../api/booth.ts';
import { companyProfileApi } from '../../api/companyProfile.ts';
import { exhibitionApi, exhibitionKeys } from '../../api/exhibition.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { BoothEditor } from './BoothEditor.tsx';


/** The natural size of an uploaded image, for a new plan's default extent (one unit = one pixel). */
const naturalSize = (url: string) =>
  new Promise<{ width: number; height: number }>((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth || 1000, height: img.naturalHeight || 700 });
    img.onerror = () => resolve({ width: 1000, height: 700 });
    img.src = url;
  });

/** Exhibition search-and-pick (any host's: the administrator's screen). */
function ExhibitionPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const query = { pageIndex: 1, pageSize: 20, name: name || undefined };
  const list = useQuery({ queryKey: exhibitionKeys.list(query), queryFn: () => exhibitionApi.query(query), placeholderData: keepPreviousData });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setName }}
      allowClear
      value={value ?? undefined}
      placeholder={t('booth.editor.pickExhibition')}
      aria-label={t('booth.editor.pickExhibition')}
      style={{ width: 320 }}
      loading={list.isFetching}
      options={(list.data?.items ?? []).map((e) => ({ value: e.id, label: e.name }))}
      onChange={(id?: string) => onChange(id ?? null)}
      data-testid="pick-exhibition"
    />
  );
}

/** Image upload plus extent and scale of a hall's plan (PUT /api/v3/hallplan). */
function PlanSettings({ hallId, plan }: { hallId: string; plan: HallPlan | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ width: number; height: number; scale: number | null }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (plan) form.setFieldsValue({ width: plan.width, height: plan.height, scale: plan.scale });
  }, [form, plan]);

  const save = async (body: { imageUrl: string; width: number; height: number; scale: number | null }) => {
    const saved = await boothApi.savePlan(hallId, body);
    queryClient.setQueryData(boothKeys.plan(hallId), saved);
    await queryClient.invalidateQueries({ queryKey: boothKeys.all });
    feedback.message().success(t('booth.editor.planSaved'), MESSAGE_SECONDS);
  };

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const [uploaded] = await companyProfileApi.uploadImages([file]);
      if (!uploaded) return;
      const size = plan ? { width: plan.width, height: plan.height } : await naturalSize(uploaded.url);
      await save({ imageUrl: uploaded.url, ...size, scale: plan?.scale ?? null });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const check = (file: File) => checkImage(file, t);

  return (
    <Card size="small" title={t('booth.editor.planTitle')} style={{ marginBottom: 16 }}>
      <Space wrap align="start">
        <Upload accept={IMAGE_TYPES.join(',')} maxCount={1} showUploadList={false} beforeUpload={check} customRequest={({ file, onSuccess }) => void upload(file as File).then(() => onSuccess?.(null))}>
          <Button icon={<UploadOutlined />} loading={busy} type={plan ? 'default' : 'primary'} data-testid="plan-upload">
            {busy ? t('booth.editor.uploading') : plan ? t('booth.editor.replacePlan') : t('booth.editor.uploadPlan')}
          </Button>
        </Upload>
        {plan && (
          <Form
            form={form}
            layout="inline"
            name="plan-settings"
            onFinish={async (v) => {
              try {
                await save({ imageUrl: plan.imageUrl, width: v.width, height: v.height, scale: v.scale ?? null });
              } catch (error) {
                showError(error);
              }
            }}
          >
            <Form.Item name="width" label={t('booth.editor.planWidth')} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="height" label={t('booth.editor.planHeight')} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="scale" label={t('booth.editor.planScale')} tooltip={t('booth.editor.planScaleHint')}>
              <InputNumber min={0.0001} step={0.01} style={{ width: 110 }} data-testid="plan-scale" />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" icon={<SaveOutlined />} data-testid="plan-save">
                {t('booth.editor.savePlan')}
              </Button>
            </Form.Item>
          </Form>
        )}
      </Space>
    </Card>
  );
}

/** /admin/adminMiceCad: pick an exhibition and a hall, upload its plan, draw and save the booths. */
export default function AdminMiceCad() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exhibitionId, setExhibitionId] = useState<string | null>(null);
  const [pickedHall, setHallId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [hallName, setHallName] = useState('');

  const halls = useQuery({ queryKey: boothKeys.halls(exhibitionId ?? ''), queryFn: () => boothApi.halls(exhibitionId!), enabled: Boolean(exhibitionId) });
  // The first hall until another is picked.
  const hallId = halls.data?.some((h) => h.id === pickedHall) ? pickedHall : (halls.data?.[0]?.id ?? null);
  const plan = useQuery({ queryKey: boothKeys.plan(hallId ?? ''), queryFn: () => boothApi.plan(hallId!), enabled: Boolean(hallId) });
  const booths = useQuery({
    queryKey: boothKeys.list({ hallId }),
    queryFn: () => boothApi.query({ hallId: hallId!, pageSize: 1000 }),
    enabled: Boolean(hallId),
  });

  const addHall = async () => {
    if (!exhibitionId || !hallName.trim()) return;
    try {
      const hall = await boothApi.createHall(exhibitionId, hallName.trim());
      await queryClient.invalidateQueries({ queryKey: boothKeys.halls(exhibitionId) });
      setHallId(hall.id);
      setAdding(false);
      setHallName('');
      feedback.message().success(t('booth.editor.hallCreated'), MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" variant="borderless">
        <Space wrap>
          <span>{t('booth.editor.exhibition')}</span>
          <ExhibitionPicker
            value={exhibitionId}
            onChange={(id) => {
              setExhibitionId(id);
              setHallId(null);
            }}
          />
          <span>{t('booth.editor.hall')}</span>
          <Select
            value={hallId ?? undefined}
            // A disabled antd select is not disabled to axe, and its placeholder cannot reach contrast there: none until usable.
            placeholder={exhibitionId ? t('booth.editor.pickHall') : undefined}
            aria-label={t('booth.editor.pickHall')}
            disabled={!exhibitionId}
            style={{ width: 200 }}
            options={(halls.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
            onChange={(id: string) => setHallId(id)}
            data-testid="pick-hall"
          />
          <Button icon={<PlusOutlined />} disabled={!exhibitionId} onClick={() => setAdding(true)} data-testid="add-hall">
            {t('booth.editor.addHall')}
          </Button>
        </Space>
      </Card>
      {!exhibitionId || (!hallId && !halls.data) ? (
        <Alert type="info" showIcon title={t('booth.editor.pickFirst')} />
      ) : halls.data && halls.data.length === 0 ? (
        <Alert type="info" showIcon title={t('booth.editor.noHall')} />
      ) : hallId && plan.isPending ? (
        <Skeleton active />
      ) : hallId ? (
        <>
          <PlanSettings hallId={hallId} plan={plan.data ?? null} />
          {!plan.data ? (
            <Alert type="info" showIcon title={t('booth.editor.noPlan')} />
          ) : booths.data ? (
            <BoothEditor key={hallId} plan={plan.data} booths={booths.data.items} />
          ) : (
            <Skeleton active />
          )}
        </>
      ) : null}
      <Modal open={adding} title={t('booth.editor.addHall')} onCancel={() => setAdding(false)} onOk={addHall} okButtonProps={{ disabled: !hallName.trim(), 'data-testid': 'add-hall-ok' } as ButtonProps} destroyOnHidden>
        <Input value={hallName} maxLength={200} placeholder={t('booth.editor.hallName')} onChange={(e) => setHallName(e.target.value)} onPressEnter={addHall} data-testid="hall-name" autoFocus />
      </Modal>
    </Space>
  );
}
