import { EditOutlined } from '@ant-design/icons';
import type { ExhibitorPlace } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditKeys } from '../../api/host-exhibitors.ts';
import { placeApi, placeKeys } from '../../api/place.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { PlaceDetails } from '../../components/place/PlaceDetails.tsx';
import { PlaceForm } from '../../components/place/PlaceForm.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { placeFields, placeQueryOf } from './placeList.tsx';

/** The drawer of one exhibitor: its booth and data as submitted, and the host's edit (final at once). */
function PlaceDrawer({ item, onClose }: { item: ExhibitorPlace; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(item);
  return (
    <Drawer open size={760} title={t('place.drawerTitle', { name: current.companyName })} onClose={onClose} destroyOnHidden data-testid="place-drawer">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <PlaceDetails item={current} />
        <Alert type="info" showIcon title={t('place.hostEditHint')} />
        <PlaceForm
          initial={current.place}
          submitText={t('place.saveHost')}
          onSave={async (body) => {
            const saved = await placeApi.save(body, { exhibitorId: current.exhibitorId, isHost: true });
            setCurrent(saved);
            await Promise.all([queryClient.invalidateQueries({ queryKey: placeKeys.all }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all })]);
            feedback.message().success(t('place.saved'), MESSAGE_SECONDS);
          }}
        />
      </Space>
    </Drawer>
  );
}

/** `/live/index/place/info`: every exhibitor of the exhibition with its booth and build-up data or "not submitted". */
export default function PlaceInfo() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const [open, setOpen] = useState<ExhibitorPlace | null>(null);
  const resource = useMemo(
    () =>
      defineResource<ExhibitorPlace>({
        name: 'place',
        rowKey: 'exhibitorId',
        queryKey: (params) => placeKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => placeApi.query({ pageIndex, pageSize, ...placeQueryOf(exhibitionId!, filters) }),
        fields: placeFields({ audit: false }),
      }),
    [exhibitionId],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary" data-testid="place-hint">{t('place.hostBoothHint')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(row) => (
          <Button type="link" icon={<EditOutlined />} onClick={() => setOpen(row)} data-testid={`place-view-${row.exhibitorId}`}>
            {t('place.view')}
          </Button>
        )}
      />
      {open && <PlaceDrawer item={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
