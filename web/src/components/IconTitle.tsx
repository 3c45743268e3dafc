import { Space } from 'antd';
import type { ReactNode } from 'react';

/** A card or section title with its icon, as every screen shows them. */
export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Space>
      {icon}
      {children}
    </Space>
  );
}
