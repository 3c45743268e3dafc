import { CloudUploadOutlined, ExperimentOutlined, FileExcelOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { JobType } from '@pavilion/contract';
import { Alert, Button, Card, Col, Row, Segmented, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTitle } from '../../components/IconTitle.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { JobList, useExhibitorImport, XlsxPicker } from './jobs.tsx';

/**
 * What can be imported. Only exhibitors have an importer today (docs/host-exhibition.md): a kind is
 * added here when the server gets its template and import job.
 */
const importKinds = [{ key: 'exhibitor', label: 'hostExh.import.kinds.exhibitor', jobType: JobType.ExhibitorImport }] as const satisfies readonly { key: string; label: MessageKey; jobType: string }[];
type ImportKind = (typeof importKinds)[number]['key'];

function ExhibitorSteps({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const { template, upload, uploading } = useExhibitorImport(exhibitionId);
  const [step, setStep] = useState(0);
  const steps = [
    {
      title: t('hostExh.import.step1'),
      description: t('hostExh.import.step1Desc'),
      action: (
        <Button
          icon={<FileExcelOutlined />}
          onClick={async () => {
            await template();
            setStep((s) => Math.max(s, 1));
          }}
          data-testid="import-centre-template"
        >
          {t('hostEx.job.template')}
        </Button>
      ),
    },
    {
      title: t('hostExh.import.step2'),
      description: t('hostExh.import.step2Desc'),
      action: (
        <XlsxPicker
          onFile={async (file) => {
            if (await upload(file, true)) setStep((s) => Math.max(s, 2));
          }}
        >
          <Button icon={<ExperimentOutlined />} loading={uploading === 'dryRun'} disabled={uploading === 'run'} data-testid="import-centre-dry-run">
            {t('hostExh.import.dryRun')}
          </Button>
        </XlsxPicker>
      ),
    },
    {
      title: t('hostExh.import.step3'),
      description: t('hostExh.import.step3Desc'),
      action: (
        <XlsxPicker
          onFile={async (file) => {
            if (await upload(file, false)) setStep(3);
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={uploading === 'run'} disabled={uploading === 'dryRun'} data-testid="import-centre-run">
            {t('hostExh.import.run')}
          </Button>
        </XlsxPicker>
      ),
    },
  ];
  return (
    <>
      <Steps current={step} items={steps.map(({ title, description }) => ({ title, description }))} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        {steps.map((s) => (
          <Col xs={24} md={8} key={s.title}>
            {s.action}
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('hostExh.import.limits')}
      </Typography.Paragraph>
    </>
  );
}

/** /live/index/basic/import: one place to import into the current exhibition: template, dry run, import, progress, error reports, history. */
export default function ImportCentre() {
  const { t } = useTranslation();
  const session = useSession();
  const [kind, setKind] = useState<ImportKind>('exhibitor');
  const exhibitionId = session.exhibitionId;
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostExh.noExhibition')} />;
  const current = importKinds.find((k) => k.key === kind) ?? importKinds[0];

  return (
    <Space orientation="vertical" size="middle" className="page">
      <Card variant="borderless" title={<IconTitle icon={<CloudUploadOutlined />}>{t('hostExh.route.importCentre')}</IconTitle>}>
        <Typography.Paragraph type="secondary">{t('hostEx.list.current', { name: session.exhibitionInfo?.name ?? '' })}</Typography.Paragraph>
        <Typography.Paragraph>{t('hostExh.import.intro')}</Typography.Paragraph>
        <Space style={{ marginBottom: 24 }}>
          <Typography.Text strong>{t('hostExh.import.kind')}</Typography.Text>
          <Segmented<ImportKind> value={kind} onChange={setKind} options={importKinds.map((k) => ({ value: k.key, label: t(k.label) }))} data-testid="import-kind" />
        </Space>
        {current.key === 'exhibitor' && <ExhibitorSteps exhibitionId={exhibitionId} />}
      </Card>
      <Card variant="borderless" title={<IconTitle icon={<HistoryOutlined />}>{t('hostExh.import.history')}</IconTitle>} styles={{ body: { padding: 0 } }}>
        <JobList exhibitionId={exhibitionId} type={current.jobType} />
      </Card>
    </Space>
  );
}
