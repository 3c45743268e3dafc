import { CopyOutlined, DownloadOutlined, LinkOutlined, QrcodeOutlined, SettingOutlined } from '@ant-design/icons';
import type { Exhibitor } from '@pavilion/contract';
import { Alert, Button, Card, Col, Modal, QRCode, Row, Space, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyNames } from './exhibitorShared.tsx';
import { copyText } from '../../components/clipboard.ts';
import { Link } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { useExhibitionSettings } from '../../api/host-exhibition.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { boothLinkExample, boothLinkFor, exhibitorLoginLink, qrFileName } from './exhibitorLinks.ts';


function CopyButton({ text, testId, label }: { text: string; testId?: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) feedback.message().success(t('hostExh.links.copied'), MESSAGE_SECONDS);
    else feedback.message().error(t('hostExh.links.copyFailed'), MESSAGE_SECONDS);
  };
  return (
    <Tooltip title={label ? undefined : t('hostExh.links.copy')}>
      <Button size="small" type={label ? 'default' : 'text'} icon={<CopyOutlined />} onClick={copy} data-testid={testId} aria-label={label ?? t('hostExh.links.copy')}>
        {label}
      </Button>
    </Tooltip>
  );
}

/** A QR code in a dialog, downloadable as PNG (antd's canvas QR code). */
function QrButton({ link, name, kind, testId }: { link: string; name: string; kind: string; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = qrFileName(name, kind);
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <>
      {/* Closed while the dialog is open: the mouse still rests on the button under the mask, and a tooltip sits above modals. */}
      <Tooltip title={t('hostExh.links.qr')} open={open ? false : undefined}>
        <Button size="small" type="text" icon={<QrcodeOutlined />} onClick={() => setOpen(true)} data-testid={testId} aria-label={t('hostExh.links.qr')} />
      </Tooltip>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        title={t('hostExh.links.qrTitle', { name })}
        footer={
          <Button type="primary" icon={<DownloadOutlined />} onClick={download} data-testid="qr-download">
            {t('hostExh.links.download')}
          </Button>
        }
        width={360}
        destroyOnHidden
      >
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <div ref={box} data-testid="qr-code">
            <QRCode value={link} type="canvas" size={240} aria-label={t('hostExh.links.qrTitle', { name })} bgColor="#ffffff" />
          </div>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all', fontSize: 12 }}>
            {link}
          </Typography.Text>
        </Space>
      </Modal>
    </>
  );
}

function LinkCell({ link, name, kind, testId, width = 300 }: { link: string | null; name: string; kind: string; testId: string; width?: number }) {
  const { t } = useTranslation();
  if (!link) return <Typography.Text type="secondary">{t('hostExh.links.unavailable')}</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Link href={link} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: width }} data-testid={`${testId}-text`}>
        {link}
      </Typography.Link>
      <CopyButton text={link} testId={`${testId}-copy`} />
      <QrButton link={link} name={name} kind={kind} testId={`${testId}-qr`} />
    </Space>
  );
}

/** /live/index/admin/exhibitor-link: every exhibitor's booth page link and the exhibitor login, to copy or print as QR codes. */
export default function ExhibitorLinks() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const settings = useExhibitionSettings(exhibitionId);
  const origin = window.location.origin;
  const boothTemplate = settings.data?.boothLink ?? '';
  const loginZh = exhibitionId ? exhibitorLoginLink(origin, exhibitionId, 'zh-CN') : '';
  const loginEn = exhibitionId ? exhibitorLoginLink(origin, exhibitionId, 'en') : '';

  const resource = useMemo(
    () =>
      defineResource<Exhibitor>({
        name: 'exhibitor-link',
        rowKey: 'id',
        queryKey: ({ pageIndex, pageSize, filters }) => hostExhibitorKeys.list({ links: true, exhibitionId, pageIndex, pageSize, ...filters }),
        fetch: ({ pageIndex, pageSize, filters }) => hostExhibitorApi.query({ exhibitionId: exhibitionId!, pageIndex, pageSize, companyName: filters.company || undefined }),
        fields: [
          {
            key: 'company',
            label: 'hostExh.links.company',
            filter: { type: 'text' },
            render: (row) => <CompanyNames company={row.company} />,
          },
          { key: 'boothInfo', label: 'hostExh.links.boothInfo' },
          {
            key: '$booth',
            label: 'hostExh.links.boothLink',
            render: (row) => <LinkCell link={boothLinkFor(boothTemplate, { exhibitorId: row.id, exhibitionId: row.exhibitionId }, origin)} name={row.company.name} kind="booth" testId={`booth-${row.id}`} width={260} />,
          },
          { key: '$login', label: 'hostExh.links.loginLink', render: (row) => <LinkCell link={loginZh} name={row.company.name} kind="login" testId={`login-${row.id}`} width={160} /> },
        ],
      }),
    [exhibitionId, boothTemplate, origin, loginZh],
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostExh.noExhibition')} />;
  const example = boothLinkExample(boothTemplate, exhibitionId, origin);
  const shareOf = (row: Exhibitor) =>
    t('hostExh.links.shareText', {
      company: row.company.name,
      booth: boothLinkFor(boothTemplate, { exhibitorId: row.id, exhibitionId }, origin) ?? t('hostExh.links.unavailable'),
      login: loginZh,
    });

  return (
    <Space orientation="vertical" size="middle" className="page">
      <Card variant="borderless" title={<IconTitle icon={<LinkOutlined />}>{t('hostExh.route.links')}</IconTitle>}>
        <Typography.Paragraph type="secondary">{t('hostExh.links.intro')}</Typography.Paragraph>
        {settings.data && !example ? (
          <Alert
            type="warning"
            showIcon
            title={t('hostExh.links.noBoothLink')}
            action={
              <Link to="/live/index/manage/ex-display">
                <Button size="small" icon={<SettingOutlined />}>
                  {t('hostExh.links.configure')}
                </Button>
              </Link>
            }
            data-testid="no-booth-link"
          />
        ) : (
          example && <Typography.Paragraph data-testid="booth-rule">{t('hostExh.links.rule', { rule: example })}</Typography.Paragraph>
        )}
        <Row gutter={[16, 8]} style={{ marginTop: 12 }}>
          {[
            { key: 'zh', label: t('hostExh.links.loginZh'), link: loginZh },
            { key: 'en', label: t('hostExh.links.loginEn'), link: loginEn },
          ].map((l) => (
            <Col xs={24} lg={12} key={l.key}>
              <Space size="small" wrap>
                <Typography.Text type="secondary">{l.label}</Typography.Text>
                <LinkCell link={l.link} name={l.label} kind={`login-${l.key}`} testId={`exhibition-login-${l.key}`} />
              </Space>
            </Col>
          ))}
        </Row>
      </Card>
      <ResourceTable resource={resource} actions={(row) => <CopyButton text={shareOf(row)} label={t('hostExh.links.copyBoth')} testId={`share-${row.id}`} />} />
    </Space>
  );
}
