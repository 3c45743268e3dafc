import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The head of an exhibitor's limited collection (albums, videos, certificates): what it is for, "n / max",
 * the add button (closed at the limit or while loading) and, at the limit, why it is closed.
 * Test ids: `{testId}-quota`, `{testId}-add`.
 */
export function QuotaCard({ intro, count, addLabel, full, busy, onAdd, limitReached, testId }: { intro?: ReactNode; count: ReactNode; addLabel: ReactNode; full: boolean; busy: boolean; onAdd: () => void; limitReached?: ReactNode; testId: string }) {
  return (
    <Card variant="borderless">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {intro && <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{intro}</Typography.Paragraph>}
        <Space wrap size="large" align="center">
          <Typography.Text strong data-testid={`${testId}-quota`}>{count}</Typography.Text>
          <Button type="primary" icon={<PlusOutlined />} disabled={full || busy} onClick={onAdd} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </Space>
        {full && limitReached && <Alert type="warning" showIcon title={limitReached} />}
      </Space>
    </Card>
  );
}
