import type { OperationLog } from '@pavilion/contract';
import { Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationLogApi, operationLogKeys } from '../../api/operationLog.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { roleLabel } from './roleLabel.ts';

function RoleTag({ role }: { role: number | null }) {
  const { t } = useTranslation();
  return role === null ? null : <Tag>{t(roleLabel(role))}</Tag>;
}

function Change({ row }: { row: OperationLog }) {
  const { t } = useTranslation();
  const block = (label: string, value: unknown) => (
    <Col xs={24} md={12}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <pre className="json-block">{value === null || value === undefined ? t('common.empty') : JSON.stringify(value, null, 2)}</pre>
    </Col>
  );
  return (
    <Row gutter={16}>
      {block(t('operationLog.before'), row.before)}
      {block(t('operationLog.after'), row.after)}
    </Row>
  );
}

/** The operation log (POST /api/v3/operationlog/query), newest first, filtered by action and target type. */
export const operationLogResource = defineResource<OperationLog>({
  name: 'operation-log',
  rowKey: 'id',
  queryKey: ({ pageIndex, pageSize, filters }) => operationLogKeys.list({ pageIndex, pageSize, ...filters }),
  fetch: ({ pageIndex, pageSize, filters }) =>
    operationLogApi.query({ pageIndex, pageSize, action: filters.action, targetType: filters.targetType }),
  fields: [
    { key: 'createAt', label: 'operationLog.createAt', type: 'datetime' },
    { key: 'userName', label: 'operationLog.userName' },
    { key: 'role', label: 'operationLog.role', render: (row) => <RoleTag role={row.role} /> },
    { key: 'action', label: 'operationLog.action', filter: { type: 'text' }, render: (row) => <Typography.Text code>{row.action}</Typography.Text> },
    { key: 'targetType', label: 'operationLog.targetType', filter: { type: 'text' } },
    { key: 'targetId', label: 'operationLog.targetId' },
    { key: 'ip', label: 'operationLog.ip' },
  ],
  expand: (row) => <Change row={row} />,
});

/** /host/index/log */
export default function OperationLogPage() {
  return <ResourceTable resource={operationLogResource} />;
}
