import type { AuditItem, BackgroundJob } from '@pavilion/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { decidable } from './AuditHome.tsx';
import { exhibitorQueryOf } from './Exhibitors.tsx';
import { exhibitorFormSchema, toCreateBody, toUpdateBody } from './exhibitorForm.tsx';
import { fileNameOf } from '../../api/host-exhibitors.ts';
import { isActive, JobProgress, jobSummary } from './jobs.tsx';

const t = i18n.t.bind(i18n) as Parameters<typeof jobSummary>[1];

const job = (over: Partial<BackgroundJob>): BackgroundJob => ({
  id: '00000000-0000-4000-a000-0000000000j1',
  type: 'exhibitor.import',
  state: 'running',
  progress: 40,
  processed: 400,
  total: 1000,
  params: {},
  result: null,
  error: null,
  errorCode: null,
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

describe('job progress', () => {
  it('shows a running job moving with its counts, a finished one full', () => {
    const { rerender } = render(<JobProgress job={job({})} />);
    const bar = screen.getByTestId(`job-progress-${job({}).id}`);
    expect(bar).toHaveAttribute('data-state', 'running');
    expect(bar).toHaveTextContent('40%');
    expect(bar).toHaveTextContent('进行中 · 400 / 1,000');
    rerender(<JobProgress job={job({ state: 'succeeded', progress: 99, processed: 1000 })} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId(`job-progress-${job({}).id}`)).toHaveTextContent('已完成 · 1,000 / 1,000');
  });

  it('polls only while a job is queued or running', () => {
    expect(['queued', 'running', 'succeeded', 'failed', 'cancelled'].filter((s) => isActive(s as BackgroundJob['state']))).toEqual(['queued', 'running']);
  });

  it('summarises what a job did, or why it failed', () => {
    expect(jobSummary(job({ state: 'succeeded', result: { rows: 1000, created: 998, updated: 2, errorCount: 0 } }), t)).toBe('共 1000 行：新增 998，更新 2，错误 0');
    expect(jobSummary(job({ state: 'succeeded', result: { dryRun: true, rows: 10, errorCount: 3 } }), t)).toBe('校验 10 行：错误 3');
    expect(jobSummary(job({ type: 'exhibitor.copy', state: 'succeeded', result: { copied: 2, skipped: 1 } }), t)).toBe('复制 2，跳过 1');
    expect(jobSummary(job({ state: 'failed', error: '第 3 行：公司名称必填' }), t)).toBe('第 3 行：公司名称必填');
    expect(jobSummary(job({}), t)).toBe('');
  });
});

describe('audit bulk selection', () => {
  const item = (id: string, state: AuditItem['state']) => ({ id, state }) as AuditItem;
  it('keeps only pending items of the selection', () => {
    const rows = [item('a', 0), item('b', 1), item('c', 0), item('d', 2)];
    expect(decidable(rows, ['a', 'b', 'c', 'd', 'gone'])).toEqual(['a', 'c']);
    expect(decidable(rows, [])).toEqual([]);
  });
});

describe('exhibitor list and form mapping', () => {
  it('turns the search form into the contract query', () => {
    expect(exhibitorQueryOf('x', { company: '云展', categoryIds: 'c1', auditState: '0', isShow: 'false' })).toEqual({ exhibitionId: 'x', companyName: '云展', categoryId: 'c1', auditState: 0, isShow: false });
    expect(exhibitorQueryOf('x', {})).toEqual({ exhibitionId: 'x', companyName: undefined, categoryId: undefined, auditState: undefined, isShow: undefined });
  });

  it('nests the flat form as create and update bodies; the login only when a user name is given', () => {
    // Through the form's schema, as ResourceForm hands it over: the region picker's value survives the parse.
    const values = exhibitorFormSchema.parse({ name: '公司', regionValue: { ids: [], names: ['浙江省', '杭州市'], code: null }, boothInfo: 'A1', categoryIds: ['11111111-1111-4111-8111-111111111111'] });
    expect(toCreateBody('e', values)).toEqual({ exhibitionId: 'e', company: { name: '公司', nameEn: null, region: '浙江省/杭州市', address: null }, boothInfo: 'A1', boothArea: null, categoryIds: ['11111111-1111-4111-8111-111111111111'] });
    expect(toCreateBody('e', { ...values, userName: 'ex1', password: 'secret-123' }).account).toEqual({ userName: 'ex1', password: 'secret-123' });
    expect(toUpdateBody({ name: '公司' })).toEqual({ company: { name: '公司', nameEn: null, region: null, address: null }, boothInfo: null, boothArea: null, categoryIds: [] });
  });

  it('reads the download name from content-disposition', () => {
    expect(fileNameOf(`attachment; filename="_____.xlsx"; filename*=UTF-8''${encodeURIComponent('展商导入模板.xlsx')}`, 'x')).toBe('展商导入模板.xlsx');
    expect(fileNameOf('attachment; filename="export.xlsx"', 'x')).toBe('export.xlsx');
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
