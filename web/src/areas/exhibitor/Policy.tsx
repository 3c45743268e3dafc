import { FileProtectOutlined } from '@ant-design/icons';
import type { ExhibitorPolicy } from '@pavilion/contract';
import { Alert, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../../api/exhibitorServices.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { SafeHtml } from './SafeHtml.tsx';

/** The text for the page's language: English when written, else the Chinese one (flagged). */
export function policyText(policy: Pick<ExhibitorPolicy, 'content' | 'contentEn'>, lang: 'zh-CN' | 'en'): { html: string; fallback: boolean } {
  if (lang === 'en' && policy.contentEn) return { html: policy.contentEn, fallback: false };
  return { html: policy.content, fallback: lang === 'en' && Boolean(policy.content) };
}

/** /ex-live/index/policy: the exhibition's participation policy (参展须知), as the host wrote it in ex-set. */
export default function Policy() {
  const { t, i18n } = useTranslation();
  const { exhibitionId } = useSession();
  const policy = usePolicy(exhibitionId);
  const text = policy.data ? policyText(policy.data, i18n.language === 'en' ? 'en' : 'zh-CN') : null;

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<FileProtectOutlined />}>{t('exSvc.route.policy')}</IconTitle>}>
        {policy.isPending ? (
          <Skeleton active />
        ) : !text?.html ? (
          <Empty description={t('exSvc.policy.empty')} />
        ) : (
          <>
            {text.fallback && <Alert type="info" showIcon title={t('exSvc.policy.englishMissing')} style={{ marginBottom: 16 }} />}
            <SafeHtml html={text.html} testId="policy-content" />
            {policy.data?.updateAt && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
                {t('exSvc.policy.updateAt', { time: formatDateTime(policy.data.updateAt) })}
              </Typography.Paragraph>
            )}
          </>
        )}
      </Card>
    </Space>
  );
}
