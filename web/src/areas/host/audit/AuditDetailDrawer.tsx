import { FileOutlined } from '@ant-design/icons';
import { AuditState, type AuditDetail, type AuditDetailField, type AuditType } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Flex, Grid, Image, Space, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditApi, hostAuditKeys } from '../../../api/host-exhibitors.ts';
import { errorMessage } from '../../../components/feedback.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { safeHref } from '../../../components/safeUrl.ts';
import { i18n, type MessageKey } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { AuditStateTag } from '../exhibitorShared.tsx';
import { AuditToolbar, type AuditDecide } from './AuditToolbar.tsx';

/** Fields whose stored values are codes with labels elsewhere. */
const VALUE_LABELS: Partial<Record<AuditType, Record<string, string>>> = {
  card: { type: 'cards.type' },
  invoiceDown: { type: 'hostSvc.invoice.types' },
  place: { boothType: 'place.boothType' },
};

const fieldLabel = (type: AuditType, key: string): string => {
  const own = `audit.typeField.${type}.${key}`;
  return i18n.exists(own) ? i18n.t(own as MessageKey) : i18n.t(`audit.field.${key}` as MessageKey);
};

function FileLink({ url, name }: { url: string; name?: string }) {
  const { t } = useTranslation();
  const href = safeHref(url);
  if (!href) return <Typography.Text>{name ?? url}</Typography.Text>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      <FileOutlined /> {name || t('audit.openFile')}
    </Typography.Link>
  );
}

function Picture({ url }: { url: unknown }) {
  const src = safeHref(url);
  if (!src) return <Typography.Text>{String(url)}</Typography.Text>;
  return <Image src={src} width={120} style={{ maxHeight: 160, objectFit: 'contain' }} />;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

/** One value of a field, as its kind says. */
function FieldValue({ type, field, value }: { type: AuditType; field: AuditDetailField; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return <Typography.Text type="secondary">{t('audit.noValue')}</Typography.Text>;
  switch (field.kind) {
    case 'image':
      return <Picture url={value} />;
    case 'images':
      return (
        <Image.PreviewGroup>
          <Space wrap>
            {asList(value).map((url, i) => (
              <Picture key={i} url={url} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    case 'file':
    case 'files':
      return (
        <Space orientation="vertical" size={2}>
          {asList(value).map((f, i) => {
            const file = typeof f === 'string' ? { url: f } : (f as { url: string; name?: string });
            return /\.(png|jpe?g|gif|webp)$/i.test(file.url) ? <Picture key={i} url={file.url} /> : <FileLink key={i} url={file.url} name={file.name} />;
          })}
        </Space>
      );
    case 'url': {
      const href = safeHref(value);
      return href ? (
        <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
          {href}
        </Typography.Link>
      ) : (
        <Typography.Text>{String(value)}</Typography.Text>
      );
    }
    case 'list':
      return (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          {asList(value).map((item, i) => (
            <Typography.Text key={i}>
              <Typography.Text type="secondary">{t('audit.labelled', { label: t('audit.item', { index: i + 1 }) })}</Typography.Text>
              {(field.items ?? Object.keys(item as object))
                .map((k) => [k, (item as Record<string, unknown>)[k]] as const)
                .filter(([, v]) => v !== undefined && v !== null && v !== '')
                .map(([k, v]) => `${fieldLabel(type, k)} ${typeof v === 'boolean' ? t(v ? 'audit.yes' : 'audit.no') : String(v)}`)
                .join(' · ')}
            </Typography.Text>
          ))}
        </Space>
      );
    default: {
      const prefix = VALUE_LABELS[type]?.[field.key];
      const text = typeof value === 'boolean' ? t(value ? 'audit.yes' : 'audit.no') : prefix && i18n.exists(`${prefix}.${String(value)}`) ? i18n.t(`${prefix}.${String(value)}` as MessageKey) : String(value);
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{text}</Typography.Paragraph>;
    }
  }
}

export interface AuditDetailDrawerProps {
  /** The target to show (`id`: the target's id); null: closed. */
  target: { type: AuditType; id: string } | null;
  onClose: () => void;
  /** Decides the shown target through its screen's call (the ids the screen's call takes). */
  decide: AuditDecide;
  /** The ids `decide` takes for the shown target (default: the target's id; the audit centre's call takes the queue record's). */
  idsOf?: (detail: AuditDetail) => string[];
}

/** What an exhibitor submitted, with what changed since the last approved version, and the decision. */
export function AuditDetailDrawer({ target, onClose, decide, idsOf }: AuditDetailDrawerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const detail = useQuery({
    queryKey: hostAuditKeys.detail(target?.type ?? 'exhibitor', target?.id ?? ''),
    queryFn: () => hostAuditApi.detail(target!.type, target!.id),
    enabled: target !== null,
    retry: false,
  });
  const data = detail.data;
  const changes = data?.fields.filter((f) => f.changed).length ?? 0;
  const ownBefore = data && !data.baseline && data.fields.some((f) => f.changed);
  let body: ReactNode = <PageSpinner />;
  if (detail.isError) body = <Alert type="error" showIcon title={t('audit.loadFailed')} description={errorMessage(detail.error)} />;
  else if (data && target) {
    const r = data.record;
    body = (
      <Flex vertical gap={12} data-testid="audit-detail">
        <Space wrap size={[8, 4]}>
          <Tag color="blue">{t(`hostEx.auditType.${r.type}`)}</Tag>
          <AuditStateTag state={r.state} />
          <Typography.Text strong>{r.title}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">
          {t('audit.submission', { by: r.submittedByName ?? t('common.empty'), at: formatDateTime(r.submitAt) })}
          {r.decidedAt && t('audit.decision', { at: formatDateTime(r.decidedAt), by: r.decidedByName ?? '' })}
        </Typography.Text>
        {r.state === AuditState.Rejected && r.reason && <Alert type="error" showIcon title={`${t('audit.labelled', { label: t('audit.reason') })}${r.reason}`} />}
        <Alert
          type={changes ? 'warning' : 'info'}
          showIcon
          data-testid="audit-detail-compare"
          title={data.baseline ? t('audit.comparedWith', { at: data.baseline.decidedAt ? formatDateTime(data.baseline.decidedAt) : t('common.empty'), count: changes }) : ownBefore ? t('audit.ownBefore', { count: changes }) : t('audit.firstSubmission')}
        />
        {data.fields.length === 0 ? (
          <Typography.Text type="secondary">{t('audit.noFields')}</Typography.Text>
        ) : (
          <Descriptions size="small" bordered column={1} layout={screens.sm ? 'horizontal' : 'vertical'}>
            {data.fields.map((f) => (
              <Descriptions.Item
                key={f.key}
                label={
                  <Space size={4} wrap>
                    {fieldLabel(r.type, f.key)}
                    {f.changed && <Tag color="orange">{t('audit.changed')}</Tag>}
                  </Space>
                }
                styles={f.changed ? { content: { background: token.colorWarningBg } } : undefined}
              >
                <div data-testid={`audit-field-${f.key}`} data-changed={f.changed}>
                  <FieldValue type={r.type} field={f} value={f.value} />
                  {f.changed && (
                    <div data-testid={`audit-previous-${f.key}`} style={{ marginTop: 6 }}>
                      <Typography.Text type="secondary">{t('audit.labelled', { label: t('audit.previous') })}</Typography.Text>
                      <div style={{ textDecoration: 'line-through', opacity: 0.75 }}>
                        <FieldValue type={r.type} field={f} value={f.previous} />
                      </div>
                    </div>
                  )}
                </div>
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Flex>
    );
  }
  const pending = data?.record.state === AuditState.Pending;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      size={screens.md ? 640 : '100%'}
      title={t('audit.detailTitle')}
      data-testid="audit-drawer"
      footer={
        pending && target && data ? (
          <AuditToolbar
            variant="panel"
            ids={idsOf ? idsOf(data) : [target.id]}
            decide={async (ids, approve, reason) => {
              const done = await decide(ids, approve, reason);
              if (done) onClose();
              return done;
            }}
            testIds={{ approve: 'drawer-approve', reject: 'drawer-reject' }}
          />
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
