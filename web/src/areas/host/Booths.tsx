import { DisconnectOutlined, LockOutlined, UnlockOutlined, UserAddOutlined } from '@ant-design/icons';
import { boothSpaceTypes, boothStates, type Booth } from '@pavilion/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Modal, Popconfirm, Select, Skeleton, Space, Tabs, Tag, Typography, type ButtonProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boothApi, boothKeys } from '../../api/booth.ts';
import { hostExhibitorApi } from '../../api/host-exhibitors.ts';
import { PlanLegend, PlanSvg, STATE_TAGS } from '../../components/booth/PlanSvg.tsx';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';

/** Search-form values → the booth query of the current exhibition. */
export function boothQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>) {
  return {
    exhibitionId,
    hallId: filters.hallName || undefined,
    state: (boothStates as readonly string[]).includes(filters.state ?? '') ? (filters.state as Booth['state']) : undefined,
    type: (boothSpaceTypes as readonly string[]).includes(filters.type ?? '') ? (filters.type as Booth['type']) : undefined,
    keyword: filters.companyName || undefined,
    hasExhibitor: filters.exhibitorId === 'true' ? true : filters.exhibitorId === 'false' ? false : undefined,
  };
}

/** Pick an exhibitor of the exhibition by searching company names (POST /api/v1/exhibitor/query). */
function AssignDialog({ booth, exhibitionId, onClose }: { booth: Booth; exhibitionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const search = { exhibitionId, companyName: term || undefined, pageIndex: 1, pageSize: 20 };
  const list = useQuery({ queryKey: boothKeys.exhibitorPicker(search), queryFn: () => hostExhibitorApi.query(search), placeholderData: keepPreviousData });
  const assign = async () => {
    if (!picked) return;
    setSaving(true);
    try {
      await boothApi.assign([booth.id], picked.id);
      await queryClient.invalidateQueries({ queryKey: boothKeys.all });
      feedback.message().success(t('booth.host.assigned', { code: booth.code, name: picked.name }), MESSAGE_SECONDS);
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('booth.host.assignTitle', { code: booth.code })} onCancel={onClose} onOk={assign} confirmLoading={saving} okButtonProps={{ disabled: !picked, 'data-testid': 'assign-ok' } as ButtonProps} destroyOnHidden>
      <Select
        showSearch={{ filterOption: false, onSearch: setTerm }}
        style={{ width: '100%' }}
        placeholder={t('booth.host.pickExhibitor')}
        loading={list.isFetching}
        value={picked?.id}
        options={(list.data?.items ?? []).map((e) => ({ value: e.id, label: e.company.name }))}
        onChange={(id: string, option) => setPicked({ id, name: String((option as { label: string }).label) })}
        notFoundContent={list.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        data-testid="exhibitor-picker"
        autoFocus
      />
    </Modal>
  );
}

/** A hall's plan, read-only: booths coloured by state and labelled with the holder's company. */
function PlanView({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const halls = useQuery({ queryKey: boothKeys.halls(exhibitionId), queryFn: () => boothApi.halls(exhibitionId) });
  const [hallId, setHallId] = useState<string | null>(null);
  const current = hallId ?? halls.data?.[0]?.id ?? null;
  const plan = useQuery({ queryKey: boothKeys.plan(current ?? ''), queryFn: () => boothApi.plan(current!), enabled: Boolean(current) });
  const booths = useQuery({ queryKey: boothKeys.list({ hallId: current }), queryFn: () => boothApi.query({ hallId: current!, pageSize: 1000 }), enabled: Boolean(current) });
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(900);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.max(300, el.clientWidth - 2)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [plan.data]);

  if (halls.isPending) return <Skeleton active />;
  if (!halls.data?.length) return <Alert type="info" showIcon title={t('booth.host.noHall')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <span>{t('booth.field.hall')}</span>
        <Select value={current ?? undefined} style={{ width: 200 }} options={halls.data.map((h) => ({ value: h.id, label: h.name }))} onChange={(id: string) => setHallId(id)} data-testid="plan-hall" />
      </Space>
      {plan.isPending ? (
        <Skeleton active />
      ) : !plan.data ? (
        <Alert type="info" showIcon title={t('booth.host.noPlan')} />
      ) : (
        <div ref={frame} style={{ overflow: 'auto', maxHeight: '70vh', border: '1px solid #f0f0f0' }}>
          <PlanSvg
            testId="plan-view"
            plan={plan.data}
            pixelWidth={width}
            booths={(booths.data?.items ?? []).map((b) => ({ key: b.id, code: b.code, x: b.x, y: b.y, w: b.w, h: b.h, state: b.state, label: b.companyName ?? (b.state === 'free' ? t('booth.host.empty') : null) }))}
          />
        </div>
      )}
      <PlanLegend />
    </Space>
  );
}

/** /live/index/admin/booth: the current exhibition's booths, filters, assignment to exhibitors, and the plan. */
export default function Booths() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const exhibitionId = session.exhibitionId;
  const [assigning, setAssigning] = useState<Booth | null>(null);
  const halls = useQuery({ queryKey: boothKeys.halls(exhibitionId ?? ''), queryFn: () => boothApi.halls(exhibitionId!), enabled: Boolean(exhibitionId) });

  const resource = useMemo(
    () =>
      defineResource<Booth>({
        name: 'booth',
        rowKey: 'id',
        queryKey: (params) => boothKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => boothApi.query({ pageIndex, pageSize, ...boothQueryOf(exhibitionId!, filters) }),
        fields: [
          { key: 'hallName', label: 'booth.field.hall', filter: { type: 'choices', choices: (halls.data ?? []).map((h) => ({ value: h.id, text: h.name })) } },
          { key: 'code', label: 'booth.field.code', render: (row) => <Typography.Text strong>{row.code}</Typography.Text> },
          {
            key: 'type',
            label: 'booth.field.type',
            render: (row) => t(`booth.type.${row.type}`),
            filter: { type: 'select', options: boothSpaceTypes.map((v) => ({ value: v, label: `booth.type.${v}` as const })) },
          },
          { key: 'area', label: 'booth.field.area', type: 'number' },
          {
            key: 'state',
            label: 'booth.field.state',
            render: (row) => <Tag color={STATE_TAGS[row.state]}>{t(`booth.state.${row.state}`)}</Tag>,
            filter: { type: 'select', options: boothStates.map((v) => ({ value: v, label: `booth.state.${v}` as const })) },
          },
          { key: 'companyName', label: 'booth.field.keyword', column: false, filter: { type: 'text' } },
          {
            key: 'exhibitorId',
            label: 'booth.field.exhibitor',
            render: (row) => row.companyName ?? t('common.empty'),
            filter: { type: 'select', options: [
              { value: 'true', label: 'booth.host.withExhibitor' },
              { value: 'false', label: 'booth.host.withoutExhibitor' },
            ] },
          },
        ],
      }),
    [exhibitionId, halls.data, t],
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('booth.host.noExhibition')} />;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: boothKeys.all });
      feedback.message().success(done, MESSAGE_SECONDS);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card variant="borderless">
      <Tabs
        items={[
          {
            key: 'list',
            label: t('booth.host.list'),
            children: (
              <ResourceTable
                resource={resource}
                actions={(row) => (
                  <>
                    <Button type="link" icon={<UserAddOutlined />} onClick={() => setAssigning(row)} data-testid={`assign-${row.code}`}>
                      {row.exhibitorId ? t('booth.host.reassign') : t('booth.host.assign')}
                    </Button>
                    {row.exhibitorId && (
                      <Popconfirm title={t('booth.host.confirmUnassign', { code: row.code })} onConfirm={() => run(() => boothApi.assign([row.id], null), t('booth.host.unassigned', { code: row.code }))}>
                        <Button type="link" danger icon={<DisconnectOutlined />} data-testid={`unassign-${row.code}`}>
                          {t('booth.host.unassign')}
                        </Button>
                      </Popconfirm>
                    )}
                    {!row.exhibitorId && row.state !== 'sold' && (
                      <Button
                        type="link"
                        icon={row.state === 'reserved' ? <UnlockOutlined /> : <LockOutlined />}
                        onClick={() => run(() => boothApi.patch(row.id, { state: row.state === 'reserved' ? 'free' : 'reserved' }), t('booth.host.stateChanged'))}
                        data-testid={`reserve-${row.code}`}
                      >
                        {row.state === 'reserved' ? t('booth.host.release') : t('booth.host.reserve')}
                      </Button>
                    )}
                  </>
                )}
              />
            ),
          },
          { key: 'plan', label: t('booth.host.plan'), children: <PlanView exhibitionId={exhibitionId} /> },
        ]}
      />
      {assigning && <AssignDialog booth={assigning} exhibitionId={exhibitionId} onClose={() => setAssigning(null)} />}
    </Card>
  );
}
