import { EyeOutlined } from '@ant-design/icons';
import { AuditState, type ExhibitorPlace } from '@pavilion/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { placeApi, placeKeys } from '../../api/place.ts';
import { PlaceDetails } from '../../components/place/PlaceDetails.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { AuditToolbar, useAuditDecide } from './audit/AuditToolbar.tsx';
import { placeFields, placeQueryOf } from './placeList.tsx';

/** The place record ids of the chosen rows that can still be decided (pending). */
export const pendingPlaceIds = (rows: readonly ExhibitorPlace[], keys: readonly Key[]): string[] => {
  const chosen = new Set(keys.map(String));
  return rows.filter((r) => chosen.has(r.exhibitorId) && r.place?.auditState === AuditState.Pending).map((r) => r.place!.id);
};

/** `/live/index/place/audit`: pending build-up data (other states on request); view data and drawings, approve or reject, in bulk too. */
export default function PlaceAudit() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const [rows, setRows] = useState<ExhibitorPlace[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const decide = useAuditDecide(placeApi.decide, [placeKeys.all], () => setSelected([]));

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

  const chosen = pendingPlaceIds(rows, selected);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {t('place.audit.intro')} {t('place.audit.pendingDefault')}
      </Typography.Text>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (row) => ({ disabled: row.place?.auditState !== 0 }) }}
        extra={<AuditToolbar variant="bulk" ids={chosen} decide={decide} testIds={{ approve: 'place-bulk-approve', reject: 'place-bulk-reject' }} />}
        actions={(row) => (
          <>
            {/* Only what an exhibitor submitted has a submission to show; the host's own edits do not. */}
            {row.place?.submitAt && (
              <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row.place!.id)} data-testid={`place-view-${row.exhibitorId}`}>
                {t('audit.view')}
              </Button>
            )}
            {row.place?.auditState === AuditState.Pending && <AuditToolbar ids={[row.place.id]} decide={decide} testIds={{ approve: `place-approve-${row.exhibitorId}`, reject: `place-reject-${row.exhibitorId}` }} />}
          </>
        )}
      />
      <AuditDetailDrawer target={viewing ? { type: 'place', id: viewing } : null} onClose={() => setViewing(null)} decide={decide} />
    </Space>
  );
}
