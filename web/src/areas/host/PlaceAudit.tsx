import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ExhibitorPlace } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditKeys } from '../../api/host-exhibitors.ts';
import { placeApi, placeKeys } from '../../api/place.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { PlaceDetails } from '../../components/place/PlaceDetails.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { RejectDialog } from './AuditHome.tsx';
import { placeFields, placeQueryOf } from './placeList.tsx';

/** The place record ids of the chosen rows that can still be decided (pending). */
export const pendingPlaceIds = (rows: readonly ExhibitorPlace[], keys: readonly Key[]): string[] => {
  const chosen = new Set(keys.map(String));
  return rows.filter((r) => chosen.has(r.exhibitorId) && r.place?.auditState === 0).map((r) => r.place!.id);
};

/** `/live/index/place/audit`: pending build-up data (other states on request); view data and drawings, approve or reject, in bulk too. */
export default function PlaceAudit() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ExhibitorPlace[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);

  const resource = useMemo(
    () =>
      defineResource<ExhibitorPlace>({
        name: 'place-audit',
        rowKey: 'exhibitorId',
        queryKey: (params) => placeKeys.list({ audit: true, exhibitionId, ...params }),
        fetch: async ({ pageIndex, pageSize, filters }) => {
          const page = await placeApi.query({ pageIndex, pageSize, ...placeQueryOf(exhibitionId!, filters, true) });
          setRows(page.items);
          return page;
        },
        fields: placeFields({ audit: true }),
        expand: (row) => <PlaceDetails item={row} />,
      }),
    [exhibitionId],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;

  const decide = async (ids: string[], approve: boolean, reason?: string) => {
    try {
      const { decided } = await placeApi.decide({ ids, approve, reason });
      setSelected([]);
      setRejecting(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: placeKeys.all }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all })]);
      feedback.message().success(t('hostEx.audit.decided', { count: decided }), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const chosen = pendingPlaceIds(rows, selected);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {t('place.audit.intro')} {t('place.audit.pendingDefault')}
      </Typography.Text>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (row) => ({ disabled: row.place?.auditState !== 0 }) }}
        extra={
          <Space>
            <Button type="primary" icon={<CheckOutlined />} disabled={chosen.length === 0} onClick={() => decide(chosen, true)} data-testid="place-bulk-approve">
              {t('hostEx.audit.bulkApprove', { count: chosen.length })}
            </Button>
            <Button danger icon={<CloseOutlined />} disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="place-bulk-reject">
              {t('hostEx.audit.bulkReject', { count: chosen.length })}
            </Button>
          </Space>
        }
        actions={(row) =>
          row.place?.auditState === 0 ? (
            <>
              <Button type="link" icon={<CheckOutlined />} onClick={() => decide([row.place!.id], true)} data-testid={`place-approve-${row.exhibitorId}`}>
                {t('hostEx.audit.approve')}
              </Button>
              <Button type="link" danger icon={<CloseOutlined />} onClick={() => setRejecting([row.place!.id])} data-testid={`place-reject-${row.exhibitorId}`}>
                {t('hostEx.audit.reject')}
              </Button>
            </>
          ) : null
        }
      />
      {rejecting && <RejectDialog count={rejecting.length} onCancel={() => setRejecting(null)} onReject={(reason) => decide(rejecting, false, reason)} />}
    </Space>
  );
}
