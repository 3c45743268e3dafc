import { PlusCircleOutlined, PlaySquareOutlined } from '@ant-design/icons';
import type { LiveLineExhibition } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, InputNumber, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys } from '../../api/live.ts';
import { showFormError } from '../../components/forms.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useLiveAction } from './shared.tsx';

/**
 * The administrator's grant of live lines and minutes to one exhibition (negative takes back): its pool now,
 * then the amounts to add.
 */
export function GrantLinesDialog({ exhibitionId, name, onClose }: { exhibitionId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ lineCount: number; duration: number }>();
  const [busy, setBusy] = useState(false);
  const act = useLiveAction();
  const pool = useQuery({ queryKey: liveKeys.pool(exhibitionId), queryFn: () => liveApi.linePool(exhibitionId) });
  const save = async (v: { lineCount: number; duration: number }) => {
    setBusy(true);
    try {
      await liveApi.grant({ exhibitionId, lineCount: v.lineCount ?? 0, duration: v.duration ?? 0 });
      await act(async () => undefined, 'live.done.granted');
      onClose();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };
  const p = pool.data;
  return (
    <Modal open title={t('live.lines.grantTitle', { name })} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'live-grant-save' }} destroyOnHidden>
      {p && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'lines', label: t('live.lines.lines'), children: p.lineCount },
            { key: 'minutes', label: t('live.lines.minutes'), children: p.duration },
            { key: 'allocLines', label: `${t('live.lines.allocated')} · ${t('live.lines.lines')}`, children: p.allocatedLines },
            { key: 'allocMinutes', label: `${t('live.lines.allocated')} · ${t('live.lines.minutes')}`, children: p.allocatedDuration },
            { key: 'used', label: t('live.lines.used'), children: p.usedDuration },
            { key: 'inUse', label: t('live.lines.inUse'), children: p.linesInUse },
          ]}
        />
      )}
      <Alert type="info" showIcon title={t('live.lines.grantHint')} style={{ marginBottom: 16 }} />
      <Form form={form} name="live-grant" layout="vertical" initialValues={{ lineCount: 1, duration: 600 }} onFinish={save}>
        <Form.Item name="lineCount" label={t('live.lines.lineCount')} rules={[{ required: true, message: t('live.rule.lines') }]}>
          <InputNumber min={-1000} max={1000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="duration" label={t('live.lines.duration')} rules={[{ required: true, message: t('live.rule.duration') }]}>
          <InputNumber min={-10_000_000} max={10_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A row action of the administrator's exhibition list: grant that exhibition lines. */
export function GrantLinesButton({ exhibitionId, name }: { exhibitionId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" icon={<PlusCircleOutlined />} onClick={() => setOpen(true)} data-testid={`live-grant-${exhibitionId}`}>
        {t('live.lines.adminEntry')}
      </Button>
      {open && <GrantLinesDialog exhibitionId={exhibitionId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The administrator's overview of every exhibition's pool (`POST /api/v1/livelineexhibition/page`), in a drawer. */
export function LinePoolsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [granting, setGranting] = useState<LiveLineExhibition | null>(null);
  const resource = useMemo(
    () =>
      defineResource<LiveLineExhibition>({
        name: 'live-pools',
        rowKey: 'exhibitionId',
        queryKey: (params) => liveKeys.pools(params),
        fetch: ({ pageIndex, pageSize, filters }) => liveApi.pools({ pageIndex, pageSize, ...(filters.keyword ? { keyword: filters.keyword } : {}) }),
        fields: [
          { key: 'keyword', label: 'live.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'exhibitionName', label: 'live.lines.exhibition' },
          { key: 'lineCount', label: 'live.lines.lines', type: 'number' },
          { key: 'allocatedLines', label: 'live.lines.allocated', type: 'number' },
          { key: 'linesInUse', label: 'live.lines.linesInUse', type: 'number' },
          { key: 'duration', label: 'live.lines.minutes', type: 'number' },
          { key: 'allocatedDuration', label: 'live.lines.allocated', type: 'number' },
          { key: 'usedDuration', label: 'live.lines.used', type: 'number' },
        ],
      }),
    [],
  );
  return (
    <>
      <Button icon={<PlaySquareOutlined />} onClick={() => setOpen(true)} data-testid="live-pools">
        {t('live.lines.adminTitle')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('live.lines.adminTitle')} size="large" destroyOnHidden>
        {open && (
          <ResourceTable
            resource={resource}
            actions={(row) => (
              <Button type="link" icon={<PlusCircleOutlined />} onClick={() => setGranting(row)}>
                {t('live.action.grant')}
              </Button>
            )}
          />
        )}
      </Drawer>
      {granting && <GrantLinesDialog exhibitionId={granting.exhibitionId} name={granting.exhibitionName} onClose={() => setGranting(null)} />}
    </>
  );
}
