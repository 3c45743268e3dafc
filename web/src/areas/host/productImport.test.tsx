import type { BackgroundJob } from '@pavilion/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { JobProgress, jobSummary, RowErrorsButton } from './jobs.tsx';

const t = i18n.t.bind(i18n) as Parameters<typeof jobSummary>[1];

const job = (over: Partial<BackgroundJob>): BackgroundJob => ({
  id: '00000000-0000-4000-a000-0000000000p1',
  type: 'product.import',
  state: 'failed',
  progress: 5,
  processed: 0,
  total: 5,
  params: {},
  result: null,
  error: '有 2 行数据有误，未导入任何数据，请下载错误报告修改后重新导入',
  errorCode: 4031,
  exhibitionId: null,
  hostId: null,
  createdBy: null,
  attempts: 1,
  files: {},
  createAt: '2026-01-01T00:00:00.000Z',
  updateAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('product import jobs', () => {
  it('summarise what a product import did, a dry run and a failure', () => {
    expect(jobSummary(job({ state: 'succeeded', result: { rows: 1000, created: 1000, exhibitors: 200 } }), t)).toBe('共 1000 行：为 200 个展商新增 1000 个产品');
    expect(jobSummary(job({ state: 'succeeded', result: { dryRun: true, rows: 10, created: 10, errorCount: 0 } }), t)).toBe('校验 10 行：错误 0');
    expect(jobSummary(job({}), t)).toContain('未导入任何数据');
  });

  it('show no counts on a failed bar: where checking stopped is not a result', () => {
    const { container } = render(<JobProgress job={job({})} />);
    expect(container).toHaveTextContent('失败');
    expect(container).not.toHaveTextContent('0 / 5');
  });

  it('list the row errors the job carries in a dialog, and say when the report holds more', async () => {
    const errors = [
      { row: 3, column: '产品名称', message: '产品名称不能为空' },
      { row: 5, column: '产品图片', message: '最多上传5张图片' },
    ];
    const failed = job({ result: { rows: 5, errorCount: 150, errors } });
    const { container } = render(<RowErrorsButton job={failed} />);
    fireEvent.click(within(container).getByTestId(`view-report-${failed.id}`));
    const table = await screen.findByTestId(`report-table-${failed.id}`);
    expect(table).toHaveTextContent('产品名称不能为空');
    expect(table).toHaveTextContent('最多上传5张图片');
    expect(screen.getByText('显示前 2 条，共 150 条错误；错误报告文件中列出全部。')).toBeInTheDocument();
  });

  it('offer no dialog when the job carries no row errors', () => {
    const { container } = render(<RowErrorsButton job={job({ result: { rows: 5 } })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
