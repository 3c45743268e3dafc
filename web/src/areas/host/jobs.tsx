import { DownloadOutlined, FileExcelOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { JobType, type BackgroundJob, type JobState } from '@pavilion/contract';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Modal, Progress, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, hostExhibitorKeys, hostJobApi, hostJobKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/** How often the list is re-read while a job of it is queued or running. */
export const POLL_MS = 1500;

export const isActive = (state: JobState) => state === 'queued' || state === 'running';

const stateColors: Record<JobState, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning' };

/** The bar of one job: moving while it runs, green when done, red when it failed. */
export function JobProgress({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation();
  const percent = job.state === 'succeeded' ? 100 : Math.max(0, Math.min(100, job.progress));
  const status = job.state === 'failed' || job.state === 'cancelled' ? 'exception' : job.state === 'succeeded' ? 'success' : 'active';
  return (
    <div style={{ minWidth: 220 }} data-testid={`job-progress-${job.id}`} data-state={job.state}>
      <Progress percent={percent} status={status} size="small" aria-label={t(`hostEx.job.${job.state}`)} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`hostEx.job.${job.state}`)}
        {/* A failed job's counts are where it stopped checking, not a result: its summary says what went wrong. */}
        {job.total > 0 && job.state !== 'failed' && ` · ${job.processed.toLocaleString()} / ${job.total.toLocaleString()}`}
      </Typography.Text>
    </div>
  );
}

type Result = Record<string, number | boolean | undefined>;

/** One line about what the job did (import counts, exported rows, copied exhibitors), or why it failed. */
export function jobSummary(job: BackgroundJob, t: (key: MessageKey, o?: Record<string, unknown>) => string): string {
  const r = (job.result ?? {}) as Result;
  if (job.state === 'failed') return job.error ?? t('hostEx.job.failed');
  if (job.state !== 'succeeded') return '';
  if (job.type === 'exhibitor.import') return r.dryRun ? t('hostEx.job.dryRunResult', { rows: r.rows ?? 0, errorCount: r.errorCount ?? 0 }) : t('hostEx.job.importResult', { rows: r.rows ?? 0, created: r.created ?? 0, updated: r.updated ?? 0, errorCount: r.errorCount ?? 0 });
  if (job.type === JobType.ProductImport) return r.dryRun ? t('hostEx.job.dryRunResult', { rows: r.rows ?? 0, errorCount: r.errorCount ?? 0 }) : t('products.import.result', { rows: r.rows ?? 0, created: r.created ?? 0, exhibitors: r.exhibitors ?? 0 });
  if (job.type === 'exhibitor.export') return t('hostEx.job.exportResult', { rows: r.rows ?? 0 });
  if (job.type === JobType.MemberExport) return t('members.export.done', { rows: r.rows ?? 0 });
  if (job.type === JobType.ActivityRegExport) return t('actDetail.regs.exportDone', { rows: r.rows ?? 0 });
  if (job.type === JobType.ActivityLiveViewerExport) return t('actDetail.live.viewersDone', { rows: r.rows ?? 0 });
  if (job.type === JobType.EnquiryExport) return t('enquiry.exportDone', { rows: r.rows ?? 0 });
  if (job.type === JobType.SupplyDemandExport) return t('hostEx.job.exportResult', { rows: r.rows ?? 0 });
  if (job.type === JobType.ConsultExport) return t('hostEx.job.exportResult', { rows: r.rows ?? 0 });
  if (job.type === JobType.AppointmentExport) return t('appointment.export.done', { rows: r.rows ?? 0 });
  if (job.type === 'exhibitor.copy') return t('hostEx.job.copyResult', { copied: r.copied ?? 0, skipped: r.skipped ?? 0 });
  return '';
}

const typeLabels: Record<string, MessageKey> = {
  'exhibitor.import': 'hostEx.job.exhibitionImport',
  'exhibitor.export': 'hostEx.job.exhibitionExport',
  'exhibitor.copy': 'hostEx.job.exhibitorCopy',
  'exhibition.copy': 'hostEx.job.exhibitionCopy',
  [JobType.ProductImport]: 'products.import.jobType',
  [JobType.MemberExport]: 'members.export.jobType',
  [JobType.ActivityRegExport]: 'actDetail.jobs.regs',
  [JobType.ActivityLiveViewerExport]: 'actDetail.jobs.viewers',
  [JobType.EnquiryExport]: 'enquiry.jobType',
  [JobType.SupplyDemandExport]: 'sd.route.export',
  [JobType.ConsultExport]: 'consult.export',
  [JobType.AppointmentExport]: 'appointment.export.jobType',
};

type RowErrorItem = { row: number; column: string; message: string };
const rowErrorsOf = (job: BackgroundJob): RowErrorItem[] => {
  const errors = (job.result as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as RowErrorItem[]) : [];
};

/** The first row errors of a failed import, read from the job itself; the full list is the report file. */
export function RowErrorsButton({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const errors = rowErrorsOf(job);
  if (!errors.length) return null;
  const errorCount = Number((job.result as Result).errorCount ?? errors.length);
  return (
    <>
      <Button type="link" danger icon={<UnorderedListOutlined />} onClick={() => setOpen(true)} data-testid={`view-report-${job.id}`}>
        {t('hostEx.job.viewReport')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={760} title={t('hostEx.job.report')} destroyOnHidden>
        {errorCount > errors.length && <Typography.Paragraph type="secondary">{t('hostEx.job.reportFirst', { shown: errors.length, total: errorCount })}</Typography.Paragraph>}
        <Table<RowErrorItem>
          size="small"
          rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
          dataSource={errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          data-testid={`report-table-${job.id}`}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('hostEx.job.reportRow'), width: 72 },
            { key: 'column', dataIndex: 'column', title: t('hostEx.job.reportColumn'), width: 140 },
            { key: 'message', dataIndex: 'message', title: t('hostEx.job.reportMessage') },
          ]}
        />
      </Modal>
    </>
  );
}

/** Saves one of a job's files, saying so (or why not) in a message. */
export async function saveJobFile(job: BackgroundJob, file: 'output' | 'report' | 'input', fallback: string, t: (key: MessageKey, o?: Record<string, unknown>) => string) {
  try {
    const name = await downloadFile('/api/v3/backgroundjob/download', { id: job.id, file }, fallback);
    feedback.message().success(t('hostEx.job.downloaded', { name }), MESSAGE_SECONDS);
  } catch (error) {
    feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
  }
}

function FileButtons({ job }: { job: BackgroundJob }) {
  const { t } = useTranslation();
  const save = (file: 'output' | 'report' | 'input', fallback: string) => saveJobFile(job, file, fallback, t);
  return (
    <Space size={0} wrap>
      {job.files.output && (
        <Button type="link" icon={<DownloadOutlined />} onClick={() => save('output', job.files.output!.name)} data-testid={`download-output-${job.id}`}>
          {t('hostEx.job.output')}
        </Button>
      )}
      <RowErrorsButton job={job} />
      {job.files.report && (
        <Button type="link" danger icon={<DownloadOutlined />} onClick={() => save('report', job.files.report!.name)} data-testid={`download-report-${job.id}`}>
          {t('hostEx.job.report')}
        </Button>
      )}
      {job.files.input && (
        <Tooltip title={job.files.input.name}>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => save('input', job.files.input!.name)}>
            {t('hostEx.job.input')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}

/** The jobs of one type in the current exhibition, newest first; re-read every 1.5 s while one is queued or running. */
export function JobList({ exhibitionId, type, extra }: { exhibitionId: string; type: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: hostJobKeys.all }), POLL_MS);
    return () => clearInterval(timer);
  }, [active, queryClient]);

  const resource = useMemo(
    () =>
      defineResource<BackgroundJob>({
        name: `job-${type}`,
        rowKey: 'id',
        queryKey: (params) => hostJobKeys.list({ exhibitionId, type, ...params }),
        fetch: async ({ pageIndex, pageSize }) => {
          const page = await hostJobApi.query({ pageIndex, pageSize, exhibitionId, type });
          setActive(page.items.some((job) => isActive(job.state)));
          return page;
        },
        fields: [
          { key: 'type', label: 'hostEx.job.type', render: (job) => t(typeLabels[job.type] ?? 'hostEx.job.type') },
          { key: 'state', label: 'hostEx.job.state', render: (job) => <Tag color={stateColors[job.state]}>{t(`hostEx.job.${job.state}`)}</Tag> },
          { key: 'progress', label: 'hostEx.job.progress', render: (job) => <JobProgress job={job} /> },
          { key: '$result', label: 'hostEx.job.result', render: (job) => <span data-testid={`job-result-${job.id}`}>{jobSummary(job, t) || t('common.empty')}</span> },
          { key: 'createAt', label: 'hostEx.job.createAt', type: 'datetime' },
          { key: 'finishedAt', label: 'hostEx.job.finishedAt', type: 'datetime' },
          { key: '$files', label: 'hostEx.job.files', render: (job) => <FileButtons job={job} /> },
        ],
      }),
    [exhibitionId, type, t],
  );
  return <ResourceTable resource={resource} extra={extra} />;
}

/** A spreadsheet import the host screens offer: its template and its upload call. */
export type SheetImport = {
  templatePath: string;
  templateName: string;
  upload: (file: File, exhibitionId: string, dryRun: boolean) => Promise<BackgroundJob>;
  /** Lists that change when the import writes. */
  invalidates: QueryKey[];
};

export const exhibitorImport: SheetImport = {
  templatePath: '/api/v3/exhibitor/import/template',
  templateName: 'exhibitor-import-template.xlsx',
  upload: (file, exhibitionId, dryRun) => hostJobApi.importFile(file, exhibitionId, dryRun),
  invalidates: [hostExhibitorKeys.all],
};

/**
 * An import's two actions, shared by exhibitor-task, pro-task and the import centre (basic/import):
 * the template download and the upload of one .xlsx as a job (a dry run only checks).
 */
export function useSheetImport(kind: SheetImport, exhibitionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<'dryRun' | 'run' | null>(null);

  const template = async () => {
    try {
      await downloadFile(kind.templatePath, { exhibitionId }, kind.templateName);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const upload = async (file: File, dryRun: boolean) => {
    setUploading(dryRun ? 'dryRun' : 'run');
    try {
      const job = await kind.upload(file, exhibitionId, dryRun);
      feedback.message().success(t('hostEx.job.started'), MESSAGE_SECONDS);
      await Promise.all([hostJobKeys.all, ...kind.invalidates].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return job;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return null;
    } finally {
      setUploading(null);
    }
  };

  return { template, upload, uploading };
}

export const useExhibitorImport = (exhibitionId: string) => useSheetImport(exhibitorImport, exhibitionId);


/**
 * The import card of a sheet import screen: the current exhibition, what the import does (`intro`,
 * and `extra` such as the limits that apply), the template, the upload and "validate only".
 */
export function SheetImportCard({ kind, exhibitionId, exhibitionName, intro, extra }: { kind: SheetImport; exhibitionId: string; exhibitionName: string; intro: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [dryRun, setDryRun] = useState(false);
  const { template, upload, uploading } = useSheetImport(kind, exhibitionId);
  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t('hostEx.list.current', { name: exhibitionName })}</Typography.Paragraph>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      {extra}
      <Space wrap>
        <Button icon={<FileExcelOutlined />} onClick={template} data-testid="import-template">
          {t('hostEx.job.template')}
        </Button>
        <XlsxPicker onFile={(file) => void upload(file, dryRun)}>
          <Button type="primary" icon={<UploadOutlined />} loading={uploading !== null} data-testid="import-upload">
            {t('hostEx.job.upload')}
          </Button>
        </XlsxPicker>
        <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} data-testid="import-dry-run">
          {t('hostEx.job.dryRun')}
        </Checkbox>
      </Space>
    </Card>
  );
}

/** Picks one .xlsx and hands it to `onFile` (nothing is uploaded by antd itself). */
export function XlsxPicker({ onFile, children }: { onFile: (file: File) => void; children: ReactNode }) {
  return (
    <Upload
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      {children}
    </Upload>
  );
}

/**
 * An export just started on this screen: its bar, re-read every 1.5 s until it ends, then its file. Test ids:
 * `{testId}-current`, `{testId}-done`, `{testId}-download`.
 */
export function CurrentJob(props: { id: string; title: MessageKey; done: MessageKey; download: MessageKey; fallbackName: string; testId: string }) {
  const { id, title, done, download, fallbackName, testId } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: job } = useQuery({
    queryKey: hostJobKeys.detail(id),
    queryFn: async () => {
      const row = await hostJobApi.get(id);
      // The lists only: invalidating every job key would refetch this very query, for ever.
      if (!isActive(row.state)) void queryClient.invalidateQueries({ queryKey: hostJobKeys.lists });
      return row;
    },
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data.state) ? false : POLL_MS),
  });
  if (!job) return null;
  const rows = Number((job.result as { rows?: number } | null)?.rows ?? 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${testId}-current`}>
      <Typography.Text strong>{t(title)}</Typography.Text>
      <JobProgress job={job} />
      {job.state === 'failed' && <Alert type="error" showIcon title={job.error ?? t('hostEx.job.failed')} />}
      {job.state === 'succeeded' && (
        <Space wrap>
          <Typography.Text type="success" data-testid={`${testId}-done`}>
            {t(done, { rows })}
          </Typography.Text>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void saveJobFile(job, 'output', job.files.output?.name ?? fallbackName, t)} data-testid={`${testId}-download`}>
            {t(download)}
          </Button>
        </Space>
      )}
    </Space>
  );
}
