import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Exhibitor } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Card, Form, Select, Skeleton, Space, Typography } from 'antd';
import { RangePicker } from '../../components/DatePicker.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { hostBrandApi, hostServiceKeys } from '../../api/hostServices.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';

/** Brand-topic display types (pTopicType): 0 standard, 1 featured (shown first, highlighted). */
export const BRAND_TYPES: readonly { value: number; label: MessageKey }[] = [
  { value: 0, label: 'hostSvc.brand.types.standard' },
  { value: 1, label: 'hostSvc.brand.types.featured' },
];

type Window = [Dayjs | null, Dayjs | null] | null;
interface Values {
  exhibitorId?: string;
  pTopic: string;
  window?: Window;
  pTopicType?: number;
}

/** The form's values → `PUT /api/join/SetBrandTopic`'s body. */
export const brandTopicBody = (id: string, v: Values) => ({
  id,
  pTopic: v.pTopic.trim(),
  pTopicStart: v.window?.[0]?.toISOString() ?? null,
  pTopicEnd: v.window?.[1]?.toISOString() ?? null,
  pTopicType: v.pTopicType ?? 0,
});

/** The brand topics in use in the current exhibition (for the filter and the topic input). */
export function useBrandTopics(exhibitionId: string | null) {
  return useQuery({ queryKey: hostServiceKeys.brandTopics(exhibitionId ?? ''), queryFn: () => hostBrandApi.topics(exhibitionId!), enabled: Boolean(exhibitionId) });
}

/** Searches the current exhibition's exhibitors by company name, for choosing one. */
function ExhibitorPicker({ exhibitionId, value, onChange }: { exhibitionId: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: hostExhibitorKeys.list({ exhibitionId, companyName: keyword, picker: true }),
    queryFn: () => hostExhibitorApi.query({ exhibitionId, pageIndex: 1, pageSize: 20, companyName: keyword || undefined }),
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      loading={found.isFetching}
      data-testid="brand-exhibitor"
      options={(found.data?.items ?? []).map((e) => ({ value: e.id, label: e.boothInfo ? t('hostSvc.brand.withBooth', { name: e.company.name, booth: e.boothInfo }) : e.company.name }))}
    />
  );
}

/**
 * Place an exhibitor in a brand topic: the topic (one in use or a new name), its time window and
 * display type. Without `exhibitor` it asks which exhibitor first. Used by brand/edit and the
 * task-not list's one-click placing.
 */
export function BrandTopicForm({ exhibitor, onSaved, onCancel }: { exhibitor: Exhibitor | null; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId!;
  const queryClient = useQueryClient();
  const topics = useBrandTopics(exhibitionId);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const mostUsed = [...(topics.data ?? [])].sort((a, b) => b.count - a.count)[0]?.pTopic;
  const save = async (v: Values) => {
    setSaving(true);
    try {
      await hostExhibitorApi.setBrandTopic(brandTopicBody(exhibitor?.id ?? v.exhibitorId!, v));
      await Promise.all([queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all }), queryClient.invalidateQueries({ queryKey: hostServiceKeys.brandTopicsAll })]);
      feedback.message().success(t('hostSvc.brand.saved'), MESSAGE_SECONDS);
      onSaved();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  if (topics.isPending) return <Skeleton active />;
  return (
    <Form
      form={form}
      name="brand-topic"
      layout="vertical"
      onFinish={save}
      initialValues={{
        pTopic: exhibitor?.pTopic ?? mostUsed ?? '',
        window: exhibitor && (exhibitor.pTopicStart || exhibitor.pTopicEnd) ? [exhibitor.pTopicStart ? dayjs(exhibitor.pTopicStart) : null, exhibitor.pTopicEnd ? dayjs(exhibitor.pTopicEnd) : null] : null,
        pTopicType: exhibitor?.pTopicType ?? 0,
      }}
    >
      {!exhibitor && (
        <Form.Item name="exhibitorId" label={t('hostSvc.brand.exhibitor')} rules={[{ required: true, message: t('hostSvc.brand.exhibitorRequired') }]}>
          <ExhibitorPicker exhibitionId={exhibitionId} />
        </Form.Item>
      )}
      <Form.Item name="pTopic" label={t('hostSvc.brand.pTopic')} rules={[{ required: true, whitespace: true, message: t('hostSvc.brand.topicRequired') }, { max: 100 }]}>
        <AutoComplete options={(topics.data ?? []).map((x) => ({ value: x.pTopic, label: t('hostSvc.brand.count', { topic: x.pTopic, count: x.count }) }))} data-testid="brand-topic-input" />
      </Form.Item>
      <Form.Item
        name="window"
        label={t('hostSvc.brand.window')}
        rules={[{ validator: async (_r, v: Window) => { if (v?.[0] && v[1] && !v[1].isAfter(v[0])) throw new Error(t('hostSvc.brand.windowInvalid')); } }]}
      >
        <RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="pTopicType" label={t('hostSvc.brand.pTopicType')}>
        <Select options={BRAND_TYPES.map((o) => ({ value: o.value, label: t(o.label) }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="brand-topic-submit">
          {t('common.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </Space>
    </Form>
  );
}

/** /live/index/admin/brand/edit[?id=exhibitorId]: place an exhibitor in a brand topic, or change its placing. */
export default function BrandEdit() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const exhibitionId = useSession().exhibitionId;
  const id = search.get('id');
  const exhibitor = useQuery({ queryKey: hostExhibitorKeys.detail(id ?? ''), queryFn: () => hostExhibitorApi.details(id!), enabled: Boolean(id) });
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  const back = () => void navigate('/live/index/admin/brand');
  return (
    <Card
      variant="borderless"
      title={exhibitor.data ? t('hostSvc.brand.editTitle', { name: exhibitor.data.company.name }) : t('hostSvc.route.brandEdit')}
      extra={
        <Link to="/live/index/admin/brand">
          <Button icon={<ArrowLeftOutlined />}>{t('hostSvc.back')}</Button>
        </Link>
      }
      style={{ maxWidth: 720 }}
    >
      {id && exhibitor.isPending ? (
        <Skeleton active />
      ) : id && !exhibitor.data ? (
        <Alert type="warning" showIcon title={t('hostSvc.notFound')} />
      ) : (
        <>
          {exhibitor.data?.boothInfo && <Typography.Paragraph type="secondary">{t('hostSvc.brand.boothLine', { booth: exhibitor.data.boothInfo })}</Typography.Paragraph>}
          <BrandTopicForm exhibitor={exhibitor.data ?? null} onSaved={back} onCancel={back} />
        </>
      )}
    </Card>
  );
}
