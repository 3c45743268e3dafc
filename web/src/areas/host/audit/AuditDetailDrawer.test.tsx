import { Role, type AuditDetail } from '@pavilion/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/queryClient.ts';
import { signIn } from '../../../test/screen.tsx';
import { EXHIBITION_ID, ok } from '../../../test/fixtures.ts';
import { AuditDetailDrawer } from './AuditDetailDrawer.tsx';

const ID = '00000000-0000-4000-a000-0000000003a1';
const detail: AuditDetail = {
  record: {
    id: '00000000-0000-4000-a000-0000000003b1',
    type: 'place',
    targetId: ID,
    exhibitionId: EXHIBITION_ID,
    hostId: '00000000-0000-4000-a000-0000000000a1',
    exhibitorId: '00000000-0000-4000-a000-0000000000e1',
    state: 0,
    reason: null,
    title: '杭州云展科技',
    submittedBy: null,
    submittedByName: 'exhibitor',
    submitAt: '2026-03-01T02:00:00.000Z',
    decidedBy: null,
    decidedByName: null,
    decidedAt: null,
    auto: false,
  },
  baseline: { recordId: '00000000-0000-4000-a000-0000000003b0', decidedAt: '2026-02-01T02:00:00.000Z' },
  fields: [
    { key: 'boothType', kind: 'text', value: 'raw', previous: 'standard', changed: true },
    { key: 'contractorName', kind: 'text', value: '杭州博览搭建', previous: '杭州博览搭建', changed: false },
    { key: 'drawings', kind: 'files', value: [{ url: '/uploads/plan.pdf', name: '展台效果图.pdf' }, { url: 'javascript:alert(1)', name: '坏链接.pdf' }], previous: null, changed: true },
  ],
};

beforeEach(() => {
  queryClient.clear();
  signIn({ role: Role.Host, exhibitionId: EXHIBITION_ID });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).startsWith(`/api/Audit/GetAuditDetail?type=place&id=${ID}`)) return ok(detail);
      throw new Error(`unexpected call ${String(input)}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AuditDetailDrawer', () => {
  it('shows each field with what changed, links only safe files, and rejects only with a reason', async () => {
    const decide = vi.fn(async () => true);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <AuditDetailDrawer target={{ type: 'place', id: ID }} onClose={onClose} decide={decide} />
        </App>
      </QueryClientProvider>,
    );
    await screen.findByTestId('audit-detail');
    expect(screen.getByTestId('audit-detail-compare')).toHaveTextContent('2 处修改');
    // Codes shown by their labels, the approved value under the new one.
    expect(screen.getByTestId('audit-field-boothType')).toHaveTextContent('光地（特装）');
    expect(screen.getByTestId('audit-previous-boothType')).toHaveTextContent('标准展位');
    expect(screen.getByTestId('audit-field-contractorName').dataset.changed).toBe('false');
    const drawings = screen.getByTestId('audit-field-drawings');
    expect(within(drawings).getByText('展台效果图.pdf').closest('a')).toHaveAttribute('href', '/uploads/plan.pdf');
    expect(within(drawings).getByText('坏链接.pdf').closest('a')).toBeNull();

    await userEvent.click(screen.getByTestId('drawer-reject'));
    await userEvent.click(await screen.findByTestId('reject-confirm'));
    expect(await screen.findByText('请输入驳回原因')).toBeInTheDocument();
    expect(decide).not.toHaveBeenCalled();
    await userEvent.type(document.querySelector('#reject_reason')!, '图纸缺少电路图');
    await userEvent.click(screen.getByTestId('reject-confirm'));
    await vi.waitFor(() => expect(decide).toHaveBeenCalledWith([ID], false, '图纸缺少电路图'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
