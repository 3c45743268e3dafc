import { CheckCircleOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  createExhibitionBody,
  createExhibitionHallBody,
  createExhibitionScheduleBody,
  updateExhibitionBody,
  updateExhibitionHallBody,
  updateExhibitionScheduleBody,
  type Exhibition,
  type ExhibitionHall,
  type ExhibitionSchedule,
} from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asPage } from '../../api/crud.ts';
import { exhibitionApi, exhibitionKeys } from '../../api/exhibition.ts';
import { hostExhibitionApi, hostExhibitionKeys } from '../../api/host-exhibition.ts';
import { CrudPage, type Crud } from '../../components/CrudPage.tsx';
import { ExhibitionPeriod, ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { sessionStore, useSession } from '../../session/store.ts';
import { ImageField } from './ImageField.tsx';
import { useSearchParams } from 'react-router';

const basicFields: readonly FormField[] = [
  { name: 'name', label: 'exhibition.name' },
  { name: 'nameEn', label: 'exhibition.nameEn' },
  { name: 'startAt', label: 'exhibition.startAt', type: 'datetime' },
  { name: 'endAt', label: 'exhibition.endAt', type: 'datetime' },
  { name: 'logo', label: 'hostExh.manage.field.logo', input: <ImageField /> },
  { name: 'banner', label: 'hostExh.manage.field.banner', input: <ImageField wide /> },
  { name: 'city', label: 'exhibition.city' },
  { name: 'address', label: 'exhibition.address' },
  { name: 'addressEn', label: 'hostExh.manage.field.addressEn' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
  { name: 'description', label: 'exhibition.description', type: 'textarea' },
  { name: 'descriptionEn', label: 'hostExh.manage.field.descriptionEn', type: 'textarea' },
];

const scheduleFields: readonly FormField[] = [
  { name: 'title', label: 'hostExh.manage.schedule.title' },
  { name: 'titleEn', label: 'hostExh.manage.schedule.titleEn' },
  { name: 'startAt', label: 'hostExh.manage.schedule.startAt', type: 'datetime' },
  { name: 'endAt', label: 'hostExh.manage.schedule.endAt', type: 'datetime' },
  { name: 'location', label: 'hostExh.manage.schedule.location' },
  { name: 'description', label: 'hostExh.manage.schedule.description', type: 'textarea' },
  { name: 'showIndex', label: 'hostExh.manage.schedule.showIndex', type: 'number' },
];

const hallFields: readonly FormField[] = [
  { name: 'name', label: 'hostExh.manage.hall.name' },
  { name: 'nameEn', label: 'hostExh.manage.hall.nameEn' },
  { name: 'code', label: 'hostExh.manage.hall.code' },
  { name: 'floor', label: 'hostExh.manage.hall.floor' },
  { name: 'area', label: 'hostExh.manage.hall.area', type: 'number' },
  { name: 'mapUrl', label: 'hostExh.manage.hall.mapUrl', input: <ImageField wide /> },
  { name: 'description', label: 'hostExh.manage.hall.description', type: 'textarea' },
  { name: 'showIndex', label: 'hostExh.manage.hall.showIndex', type: 'number' },
];

function SchedulesTab({ exhibitionId }: { exhibitionId: string }) {
  const crud = useMemo<Crud<ExhibitionSchedule, typeof createExhibitionScheduleBody, typeof updateExhibitionScheduleBody>>(
    () => ({
      resource: defineResource<ExhibitionSchedule>({
        name: 'schedule',
        rowKey: 'id',
        queryKey: ({ pageIndex, pageSize }) => [...hostExhibitionKeys.schedules(exhibitionId), pageIndex, pageSize],
        fetch: ({ pageIndex, pageSize }) => hostExhibitionApi.schedules({ exhibitionId, pageIndex, pageSize }),
        fields: [
          { key: 'title', label: 'hostExh.manage.schedule.title' },
          { key: 'titleEn', label: 'hostExh.manage.schedule.titleEn' },
          { key: 'startAt', label: 'hostExh.manage.schedule.startAt', type: 'datetime' },
          { key: 'endAt', label: 'hostExh.manage.schedule.endAt', type: 'datetime' },
          { key: 'location', label: 'hostExh.manage.schedule.location' },
        ],
      }),
      invalidate: hostExhibitionKeys.schedules(exhibitionId),
      title: 'hostExh.manage.schedule.entity',
      fields: scheduleFields,
      createSchema: createExhibitionScheduleBody,
      createHidden: { exhibitionId },
      updateSchema: updateExhibitionScheduleBody,
      create: (payload) => hostExhibitionApi.createSchedule(payload),
      update: (row, payload) => hostExhibitionApi.updateSchedule(row.id, payload),
      remove: (row) => hostExhibitionApi.removeSchedule(row.id),
    }),
    [exhibitionId],
  );
  return <CrudPage crud={crud} />;
}

/** The hall form asks for the fields; the id the update sends is the row's. */
const hallChange = updateExhibitionHallBody.omit({ id: true });

function HallsTab({ exhibitionId }: { exhibitionId: string }) {
  const crud = useMemo<Crud<ExhibitionHall, typeof createExhibitionHallBody, typeof hallChange>>(
    () => ({
      resource: defineResource<ExhibitionHall>({
        name: 'hall',
        rowKey: 'id',
        queryKey: () => hostExhibitionKeys.halls(exhibitionId),
        fetch: async () => asPage(await hostExhibitionApi.halls(exhibitionId)),
        fields: [
          { key: 'name', label: 'hostExh.manage.hall.name' },
          { key: 'nameEn', label: 'hostExh.manage.hall.nameEn' },
          { key: 'code', label: 'hostExh.manage.hall.code' },
          { key: 'floor', label: 'hostExh.manage.hall.floor' },
          { key: 'area', label: 'hostExh.manage.hall.area', type: 'number' },
          { key: 'showIndex', label: 'hostExh.manage.hall.showIndex', type: 'number' },
        ],
      }),
      invalidate: hostExhibitionKeys.halls(exhibitionId),
      title: 'hostExh.manage.hall.entity',
      fields: hallFields,
      createSchema: createExhibitionHallBody,
      createHidden: { exhibitionId },
      updateSchema: hallChange,
      create: (payload) => hostExhibitionApi.createHall(payload),
      update: (row, payload) => hostExhibitionApi.updateHall(row.id, payload),
      remove: (row) => hostExhibitionApi.removeHall(row.id),
    }),
    [exhibitionId],
  );
  return <CrudPage crud={crud} />;
}

/** The drawer of one exhibition (or a new one): basic information, then its schedule and halls once it exists. */
function ExhibitionDrawer({ editing, onClose, onSaved }: { editing: Exhibition | 'new' | null; onClose: () => void; onSaved: (saved: Exhibition) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('basic');
  const row = editing && editing !== 'new' ? editing : null;

  const save = async (saving: Promise<Exhibition>) => {
    const saved = await saving;
    await queryClient.invalidateQueries({ queryKey: exhibitionKeys.all });
    if (saved.id === sessionStore.get().exhibitionId) sessionStore.set({ exhibitionInfo: saved });
    feedback.message().success(t(row ? 'common.saved' : 'hostExh.manage.created'), MESSAGE_SECONDS);
    onSaved(saved);
  };

  return (
    <Drawer
      open={editing !== null}
      onClose={onClose}
      destroyOnHidden
      size={760}
      title={row ? t('hostExh.manage.editTitle', { name: row.name }) : t('hostExh.manage.createTitle')}
      afterOpenChange={(open) => !open && setTab('basic')}
    >
      {editing !== null && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'basic',
              label: t('hostExh.manage.tabBasic'),
              children: (
                row ? (
                  <ResourceForm
                    key={row.id}
                    name="exhibition-basic"
                    fields={basicFields}
                    schema={updateExhibitionBody}
                    initialValues={row}
                    onSubmit={(payload) => save(hostExhibitionApi.update(row.id, payload))}
                    onCancel={onClose}
                  />
                ) : (
                  <ResourceForm
                    key="new"
                    name="exhibition-basic"
                    fields={basicFields}
                    schema={createExhibitionBody}
                    hidden={{ hostId: session.hostId ?? undefined }}
                    onSubmit={(payload) => save(hostExhibitionApi.create(payload))}
                    onCancel={onClose}
                  />
                )
              ),
            },
            {
              key: 'schedules',
              label: t('hostExh.manage.tabSchedules'),
              children: row ? <SchedulesTab exhibitionId={row.id} /> : <Alert type="info" showIcon title={t('hostExh.manage.saveFirst')} />,
            },
            {
              key: 'halls',
              label: t('hostExh.manage.tabHalls'),
              children: row ? <HallsTab exhibitionId={row.id} /> : <Alert type="info" showIcon title={t('hostExh.manage.saveFirst')} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}

const statusOptions = [
  { value: '0', label: 'exhibition.state.upcoming' },
  { value: '1', label: 'exhibition.state.ongoing' },
  { value: '2', label: 'exhibition.state.ended' },
] as const;

/** /live/index/manage/ex: the host's exhibitions, their basic information, schedule and halls; switch the current one. */
export default function ManageEx() {
  const { t } = useTranslation();
  const session = useSession();
  // `?create=1` (the host home's "create an exhibition" when there is none) opens the create form at once.
  const [search] = useSearchParams();
  const [editing, setEditing] = useState<Exhibition | 'new' | null>(search.get('create') === '1' ? 'new' : null);

  const resource = useMemo(
    () =>
      defineResource<Exhibition>({
        name: 'host-exhibition',
        rowKey: 'id',
        queryKey: ({ pageIndex, pageSize, filters }) => exhibitionKeys.list({ pageIndex, pageSize, ...filters }),
        fetch: ({ pageIndex, pageSize, filters }) =>
          exhibitionApi.query({ pageIndex, pageSize, name: filters.name, status: filters.status ? (Number(filters.status) as 0 | 1 | 2) : undefined }),
        fields: [
          {
            key: 'name',
            label: 'exhibition.name',
            filter: { type: 'text' },
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.id === session.exhibitionId && (
                    <Tag color="blue" icon={<CheckCircleOutlined />} data-testid="current-exhibition-tag">
                      {t('hostExh.manage.current')}
                    </Tag>
                  )}
                </Space>
                {row.nameEn && <Typography.Text type="secondary">{row.nameEn}</Typography.Text>}
              </Space>
            ),
          },
          { key: '$period', label: 'exhibition.period', render: (row) => <ExhibitionPeriod exhibition={row} /> },
          { key: 'status', label: 'hostExh.manage.statusFilter', column: false, filter: { type: 'select', options: statusOptions } },
          { key: '$status', label: 'exhibition.status', render: (row) => <ExhibitionStatusTag exhibition={row} /> },
          { key: 'city', label: 'exhibition.city' },
          { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
        ],
      }),
    [session.exhibitionId, t],
  );

  const makeCurrent = (row: Exhibition) => {
    sessionStore.set({ exhibitionId: row.id, exhibitionInfo: row });
    feedback.message().success(t('hostExh.manage.switched', { name: row.name }), MESSAGE_SECONDS);
  };

  return (
    <Space orientation="vertical" size="middle" className="page">
      <ResourceTable
        resource={resource}
        extra={
          <Space>
            <Typography.Text type="secondary">{t('hostExh.manage.noDelete')}</Typography.Text>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="exhibition-create">
              {t('hostExh.manage.create')}
            </Button>
          </Space>
        }
        actions={(row) => (
          <>
            <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`exhibition-edit-${row.id}`}>
              {t('hostExh.manage.edit')}
            </Button>
            {row.id !== session.exhibitionId && (
              <Button type="link" icon={<SwapOutlined />} onClick={() => makeCurrent(row)} data-testid={`exhibition-current-${row.id}`}>
                {t('hostExh.manage.setCurrent')}
              </Button>
            )}
          </>
        )}
      />
      <ExhibitionDrawer editing={editing} onClose={() => setEditing(null)} onSaved={(saved) => setEditing(saved)} />
    </Space>
  );
}
