import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { featureHasScreens } from '@pavilion/contract';
import { useTranslation } from 'react-i18next';
import { menuPowerApi, menuPowerKeys } from '../../api/menu.ts';
import { useSession } from '../../session/store.ts';

/** /live/index/basic/auth: the host's menu power for its exhibition (read-only), from GET /api/v3/menupower/display. */
export default function BasicAuth() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const query = { targetType: 'host' as const, exhibitionId: session.exhibitionId ?? undefined };
  const entries = useQuery({ queryKey: menuPowerKeys.list(query), queryFn: () => menuPowerApi.display(query) });
  const yes = (v: boolean) => (v ? <Tag color="success">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>);
  return (
    <Card variant="borderless" title={<span data-testid="auth-title">{t('route.basicAuth')}</span>}>
      <Typography.Paragraph type="secondary">{t('basicAuth.intro')}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="middle"
        pagination={false}
        loading={entries.isFetching}
        dataSource={entries.data?.items ?? []}
        columns={[
          { key: 'name', title: t('menu.name'), render: (_, r) => (i18n.language === 'en' ? r.nameEn || r.name : r.name) },
          { key: 'path', title: t('menu.path'), render: (_, r) => <Typography.Text code>{r.path}</Typography.Text> },
          { key: 'isDisplay', title: t('menu.isDisplay'), render: (_, r) => yes(r.isDisplay) },
          { key: 'isPermitted', title: t('menu.isPermitted'), render: (_, r) => yes(r.isPermitted) },
          {
            key: 'featureEnabled',
            title: t('menu.featureEnabled'),
            render: (_, r) => (r.featureKey && !featureHasScreens(r.featureKey) ? <Tag data-testid={`na-${r.path}`}>{t('permission.notAvailable')}</Tag> : yes(r.featureEnabled)),
          },
        ]}
      />
    </Card>
  );
}
