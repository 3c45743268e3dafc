import { StarOutlined, TagsOutlined } from '@ant-design/icons';
import { AuditState, type OpenTopic } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, List, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productApi, productKeys } from '../../api/products.ts';
import { focusApi, topicApi, zoneKeys } from '../../api/zones.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { Guarded } from '../../components/FeatureGate.tsx';
import { useSession } from '../../session/store.ts';
import { StateTag, useZoneAction } from './shared.tsx';

const day = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD') : '');

/** Apply to a topic, or edit a rejected application and submit it again. */
function ApplyTopic({ topic, onClose }: { topic: OpenTopic; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useZoneAction();
  const [reason, setReason] = useState(topic.application?.reason ?? '');
  const submit = async () => {
    const a = topic.application;
    if (await act(() => (a ? topicApi.reapply(a.id, reason) : topicApi.apply(topic.id, reason)), 'zones.done.applied')) onClose();
  };
  return (
    <Modal open title={t('zones.ex.applyTitle', { name: topic.name })} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ 'data-testid': 'topic-apply-submit' }} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('zones.field.reason')} htmlFor="topic-apply-reason">
          <Input.TextArea id="topic-apply-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="topic-apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The open topics of the exhibitor's exhibition with its applications (on ExJoinInfo). */
function TopicsCard() {
  const { t } = useTranslation();
  const act = useZoneAction();
  const open = useQuery({ queryKey: zoneKeys.open(), queryFn: topicApi.open });
  const [applying, setApplying] = useState<OpenTopic | null>(null);
  return (
    <Card variant="borderless" title={<Space><TagsOutlined />{t('zones.ex.topicsTitle')}</Space>} data-testid="ex-topics">
      <Typography.Paragraph type="secondary">{t('zones.ex.topicsHint')}</Typography.Paragraph>
      <List
        loading={open.isPending}
        locale={{ emptyText: <Empty description={t('zones.ex.noTopics')} /> }}
        dataSource={open.data ?? []}
        renderItem={(x) => {
          const a = x.application;
          return (
            <List.Item
              actions={[
                !a && (
                  <Button key="apply" type="link" onClick={() => setApplying(x)} data-testid={`topic-apply-${x.name}`}>
                    {t('zones.action.apply')}
                  </Button>
                ),
                a?.auditState === AuditState.Rejected && (
                  <Button key="again" type="link" onClick={() => setApplying(x)}>
                    {t('zones.action.reapply')}
                  </Button>
                ),
                a?.auditState === AuditState.Pending && (
                  <Popconfirm key="withdraw" title={t('zones.confirm.withdraw')} onConfirm={() => act(() => topicApi.withdraw(a.id), 'zones.done.withdrawn')}>
                    <Button type="link" danger>
                      {t('zones.action.withdraw')}
                    </Button>
                  </Popconfirm>
                ),
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <span>{x.name}</span>
                    <Typography.Text type="secondary">{t(`zones.kind.${x.kind}`)}</Typography.Text>
                    {a && <StateTag state={a.auditState} reason={a.auditReason} />}
                  </Space>
                }
                description={x.startAt || x.endAt ? `${day(x.startAt)} – ${day(x.endAt)}` : x.description}
              />
            </List.Item>
          );
        }}
      />
      {applying && <ApplyTopic topic={applying} onClose={() => setApplying(null)} />}
    </Card>
  );
}

/** The featured application form: itself or one of its approved products, a window and a reason. */
export function FocusApply({ productId, onClose }: { productId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useZoneAction();
  const { exhibitorId } = useSession();
  const products = useQuery({
    queryKey: productKeys.list({ exhibitorId, approved: true }),
    queryFn: () => productApi.page({ exhibitorId: exhibitorId!, pageSize: 100 }),
    enabled: Boolean(exhibitorId),
  });
  const [form] = Form.useForm<{ productId: string; window: [Dayjs, Dayjs] | null; reason?: string }>();
  const save = async (v: { productId: string; window: [Dayjs, Dayjs] | null; reason?: string }) => {
    if (!v.window) return;
    const body = { productId: v.productId || null, startAt: v.window[0].toISOString(), endAt: v.window[1].toISOString(), reason: v.reason ?? '' };
    if (await act(() => focusApi.apply(body), 'zones.done.applied')) onClose();
  };
  const approved = (products.data?.items ?? []).filter((p) => p.auditState === AuditState.Approved);
  return (
    <Modal open title={t('zones.ex.focusTitle')} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'focus-submit' }} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('zones.ex.focusHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ productId: productId ?? '', window: [dayjs(), dayjs().add(30, 'day')] }} onFinish={(v) => void save(v)}>
        <Form.Item name="productId" label={t('zones.field.target')}>
          <Select options={[{ value: '', label: t('zones.ex.focusSelf') }, ...approved.map((p) => ({ value: p.id, label: p.name }))]} data-testid="focus-target" />
        </Form.Item>
        <Form.Item name="window" label={t('zones.field.window')} rules={[{ required: true, message: t('zones.field.window') }]}>
          <RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('zones.field.reason')}>
          <Input.TextArea rows={3} maxLength={500} data-testid="focus-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The exhibitor's featured applications and the apply button (on ExJoinInfo). */
function FocusCard() {
  const { t } = useTranslation();
  const act = useZoneAction();
  const [applying, setApplying] = useState(false);
  const mine = useQuery({ queryKey: zoneKeys.focus({ mine: true }), queryFn: () => focusApi.page({ pageSize: 100 }) });
  return (
    <Card
      variant="borderless"
      title={<Space><StarOutlined />{t('zones.ex.myFocus')}</Space>}
      extra={
        <Button type="primary" onClick={() => setApplying(true)} data-testid="focus-apply">
          {t('zones.action.applyFocus')}
        </Button>
      }
    >
      <List
        loading={mine.isPending}
        locale={{ emptyText: <Empty description={t('zones.ex.noFocus')} /> }}
        dataSource={mine.data?.items ?? []}
        renderItem={(a) => (
          <List.Item
            actions={
              a.auditState === AuditState.Pending
                ? [
                    <Popconfirm key="w" title={t('zones.confirm.withdraw')} onConfirm={() => act(() => focusApi.remove(a.id), 'zones.done.withdrawn')}>
                      <Button type="link" danger>
                        {t('zones.action.withdraw')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{a.productName ?? t('zones.ex.focusSelf')}</span>
                  <StateTag state={a.auditState} reason={a.auditReason} />
                </Space>
              }
              description={`${day(a.startAt)} – ${day(a.endAt)}${a.reason ? ` · ${a.reason}` : ''}`}
            />
          </List.Item>
        )}
      />
      {applying && <FocusApply onClose={() => setApplying(false)} />}
    </Card>
  );
}

/** ExJoinInfo's topics and featured cards, each shown only under its feature. */
export function ExZoneCards() {
  return (
    <>
      <Guarded feature="topic" hide>
        <TopicsCard />
      </Guarded>
      <Guarded feature="promotion" hide>
        <FocusCard />
      </Guarded>
    </>
  );
}
