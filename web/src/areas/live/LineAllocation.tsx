import { PlusOutlined, SlidersOutlined } from '@ant-design/icons';
import type { LiveLineExhibitor } from '@pavilion/contract';
import { Button, Form, InputNumber, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys } from '../../api/live.ts';
import { useSave } from '../activity-details/itemWrites.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useExhibitorOptions } from '../host/exhibitorShared.tsx';

interface Allocation {
  exhibitorId: string;
  lineCount: number;
  duration: number;
}

/** Sets one exhibitor's lines and minutes (within the pool); without `row`, the exhibitor is chosen first. */
function AllocateDialog({ exhibitionId, row, onClose }: { exhibitionId: string; row: LiveLineExhibitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Allocation>();
  const { saving: busy, save: write } = useSave(form, 'live.done.allocated', liveKeys.all, onClose);
  const exhibitors = useExhibitorOptions(exhibitionId, !row);
  const save = (values: Allocation) =>
    write(() => liveApi.allocate({ exhibitionId, exhibitorId: row?.exhibitorId ?? values.exhibitorId, lineCount: values.lineCount, duration: values.duration }));
  return (
    <Modal
      open
      title={row ? t('live.lines.allocateTitle', { name: row.companyName }) : t('live.action.allocateNew')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'live-allocate-save' }}
      destroyOnHidden
    >
      <Form form={form} name="live-allocate" layout="vertical" initialValues={{ lineCount: row?.lineCount ?? 1, duration: row?.duration ?? 60 }} onFinish={save}>
        {!row && (
          <Form.Item name="exhibitorId" label={t('live.lines.exhibitor')} rules={[{ required: true, message: t('live.rule.exhibitor') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={exhibitors.isPending} options={(exhibitors.data?.items ?? []).map((e) => ({ value: e.id, label: e.company.name }))} />
          </Form.Item>
        )}
        <Form.Item name="lineCount" label={t('live.lines.lineCount')} rules={[{ required: true, message: t('live.rule.lines') }]}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="duration" label={t('live.lines.duration')} rules={[{ required: true, message: t('live.rule.duration') }]}>
          <InputNumber min={0} max={10_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The exhibitors' allocations of the exhibition's pool, each with what it used, and the allocate dialog. */
export function LineAllocation({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LiveLineExhibitor | 'new' | null>(null);
  const resource = useMemo(
    () =>
      defineResource<LiveLineExhibitor>({
        name: 'live-lines',
        rowKey: 'exhibitorId',
        queryKey: (params) => liveKeys.exhibitorLines({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => liveApi.exhibitorLines({ pageIndex, pageSize, exhibitionId, ...(filters.keyword ? { keyword: filters.keyword } : {}) }),
        fields: [
          { key: 'keyword', label: 'live.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'companyName', label: 'live.lines.exhibitor' },
          { key: 'lineCount', label: 'live.lines.lineCount', type: 'number' },
          { key: 'linesInUse', label: 'live.lines.linesInUse', type: 'number' },
          { key: 'duration', label: 'live.lines.duration', type: 'number' },
          { key: 'usedDuration', label: 'live.lines.usedDuration', type: 'number' },
          { key: 'updateAt', label: 'live.console.time', type: 'datetime' },
        ],
      }),
    [exhibitionId],
  );
  return (
    <>
      <ResourceTable
        resource={resource}
        actions={(row) => (
          <Button type="link" icon={<SlidersOutlined />} onClick={() => setEditing(row)} data-testid={`live-allocate-${row.exhibitorId}`}>
            {t('live.action.allocate')}
          </Button>
        )}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="live-allocate-new">
            {t('live.action.allocateNew')}
          </Button>
        }
      />
      {editing && <AllocateDialog exhibitionId={exhibitionId} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
