import { CopyOutlined, DownloadOutlined, PictureOutlined, QrcodeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { boothPageUrl } from '@pavilion/contract';
import { Alert, Button, Card, Col, Input, QRCode, Row, Skeleton, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard.ts';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { useJoinInfo } from '../../api/exhibitorPages.ts';
import { useExhibition } from '../../api/exhibition.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { useSession } from '../../session/store.ts';
import { boothOf } from './MyExhibitions.tsx';
import { saveUrl } from '../../api/files.ts';
import { posterDataUrl, posterFileName } from './sharePoster.ts';


/** /ex-live/index/share: the booth page link (copy), its QR code (PNG) and a share poster (PNG). */
export default function Share() {
  const { t, i18n } = useTranslation();
  const { exhibitionId, exhibitorId, exhibitionInfo } = useSession();
  const settings = useExhibitionSettingsOf(exhibitionId);
  const join = useJoinInfo(exhibitorId);
  const exhibition = useExhibition(exhibitionId, exhibitionInfo);
  const qrBox = useRef<HTMLDivElement>(null);
  const [poster, setPoster] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const english = i18n.language === 'en';

  if (settings.isPending || join.isPending) return <Skeleton active />;
  const link = exhibitorId && exhibitionId ? boothPageUrl(settings.data?.boothLink, { exhibitorId, exhibitionId }, window.location.origin) : null;
  const company = join.data?.company;
  const companyName = (english && company?.nameEn) || company?.name || '';
  const exhibitionName = (english && exhibition.data?.nameEn) || exhibition.data?.name || '';
  const booth = join.data ? boothOf(join.data.exhibitor) : '';
  const qrCanvas = () => qrBox.current?.querySelector('canvas') ?? null;

  const copy = async () => {
    if (link && (await copyText(link))) feedback.message().success(t('exSvc.share.copied'), MESSAGE_SECONDS);
    else feedback.message().error(t('exSvc.share.copyFailed'), MESSAGE_SECONDS);
  };
  const downloadQr = () => {
    const canvas = qrCanvas();
    if (canvas) saveUrl(canvas.toDataURL('image/png'), posterFileName(companyName, 'qrcode'));
  };
  const makePoster = async () => {
    const qr = qrCanvas();
    if (!qr) return;
    setMaking(true);
    try {
      const url = await posterDataUrl(document.createElement('canvas'), {
        exhibitionName,
        companyName,
        logoUrl: company?.logo ?? null,
        boothLine: booth ? t('exSvc.share.posterBooth', { booth }) : '',
        invite: t('exSvc.share.posterInvite'),
        scan: t('exSvc.share.posterScan'),
      }, qr);
      setPoster(url);
    } catch {
      feedback.message().error(t('exSvc.share.posterFailed'), MESSAGE_SECONDS);
    } finally {
      setMaking(false);
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<ShareAltOutlined />}>{t('exSvc.route.share')}</IconTitle>}>
        <Typography.Paragraph type="secondary">{t('exSvc.share.intro')}</Typography.Paragraph>
        {!link ? (
          <Alert type="warning" showIcon title={t('exSvc.share.noLink')} data-testid="share-no-link" />
        ) : (
          <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
            <Input readOnly value={link} aria-label={t('exSvc.share.link')} data-testid="share-link" onFocus={(e) => e.target.select()} />
            <Button type="primary" icon={<CopyOutlined />} onClick={copy} data-testid="share-copy">
              {t('exSvc.share.copy')}
            </Button>
          </Space.Compact>
        )}
      </Card>
      {link && (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={10}>
            <Card variant="borderless" title={<IconTitle icon={<QrcodeOutlined />}>{t('exSvc.share.qr')}</IconTitle>}>
              <Space orientation="vertical" align="center" style={{ width: '100%' }}>
                <div ref={qrBox} data-testid="share-qr">
                  <QRCode value={link} type="canvas" size={220} aria-label={t('exSvc.share.qr')} bgColor="#ffffff" errorLevel="M" />
                </div>
                <Typography.Text strong>{companyName}</Typography.Text>
                {booth && <Typography.Text type="secondary">{t('exSvc.share.posterBooth', { booth })}</Typography.Text>}
                <Button icon={<DownloadOutlined />} onClick={downloadQr} data-testid="share-qr-download">
                  {t('exSvc.share.downloadQr')}
                </Button>
              </Space>
            </Card>
          </Col>
          <Col xs={24} md={14}>
            <Card
              variant="borderless"
              title={<IconTitle icon={<PictureOutlined />}>{t('exSvc.share.poster')}</IconTitle>}
              extra={
                poster && (
                  <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveUrl(poster, posterFileName(companyName, 'poster'))} data-testid="share-poster-download">
                    {t('exSvc.share.downloadPoster')}
                  </Button>
                )
              }
            >
              <Space orientation="vertical" align="center" style={{ width: '100%' }}>
                {poster && <img src={poster} alt={t('exSvc.share.poster')} width={300} style={{ borderRadius: 8, boxShadow: '0 4px 16px rgba(0, 0, 0, 0.12)' }} data-testid="share-poster" />}
                <Button icon={<PictureOutlined />} loading={making} onClick={makePoster} data-testid="share-poster-make">
                  {t('exSvc.share.makePoster')}
                </Button>
              </Space>
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
