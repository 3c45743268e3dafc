import { SwapOutlined, TrophyOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { useMyJoins, type JoinOfManager } from '../../api/exhibitorServices.ts';
import { queryClient } from '../../api/queryClient.ts';
import { ExhibitionPeriod, ExhibitionStatusTag } from '../../components/ExhibitionStatus.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { exhibitorLogin } from '../../session/guard.ts';
import { currentPath, go } from '../../session/navigation.ts';
import { sessionStore, useSession } from '../../session/store.ts';
import { AuditTag } from './AuditStatus.tsx';

/** The booth of a join as one line: booth number(s) and area. */
export const boothOf = (join: Pick<JoinOfManager, 'boothInfo' | 'boothArea'>) => [join.boothInfo, join.boothArea].filter((s) => s && s.trim()).join(' · ');

/** The current exhibition first, then the newest start first (unscheduled last). */
export function sortJoins<T extends { exhibitionId: string; exhibition: { startAt: string | null } }>(joins: readonly T[], currentId: string | null): T[] {
  const at = (j: T) => (j.exhibition.startAt ? Date.parse(j.exhibition.startAt) : -Infinity);
  return [...joins].sort((a, b) => Number(b.exhibitionId === currentId) - Number(a.exhibitionId === currentId) || at(b) - at(a));
}

/**
 * A sign-in belongs to one exhibition (the server resolves the exhibitor from the session's exhibition),
 * so switching is: end this sign-in, then the exhibitor login of the chosen exhibition (`login/ex?id=`).
 */
export async function signInTo(exhibitionId: string) {
  const target = exhibitorLogin(currentPath(), exhibitionId);
  await accountApi.logout().catch(() => undefined);
  await go(target, { replace: true });
  void queryClient.cancelQueries();
  sessionStore.clear();
}

/** /ex-live/index/my-ex: every exhibition the company takes part in (its joins), and switching the current one. */
export default function MyExhibitions() {
  const { t, i18n } = useTranslation();
  const { exhibitionId } = useSession();
  const joins = useMyJoins();
  const { modal } = App.useApp();
  const english = i18n.language === 'en';
  const nameOf = (j: JoinOfManager) => (english && j.exhibition.nameEn ? j.exhibition.nameEn : j.exhibition.name);

  const confirmSwitch = (j: JoinOfManager) =>
    modal.confirm({
      title: t('exSvc.myEx.switchTitle'),
      content: t('exSvc.myEx.switchConfirm', { name: nameOf(j) }),
      okText: t('exSvc.myEx.switchOk'),
      cancelText: t('common.cancel'),
      onOk: () => signInTo(j.exhibitionId),
    });

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<IconTitle icon={<TrophyOutlined />}>{t('exSvc.route.myEx')}</IconTitle>}>
        <Typography.Paragraph type="secondary">{t('exSvc.myEx.intro')}</Typography.Paragraph>
        <Table<JoinOfManager>
          rowKey="id"
          data-testid="myex-table"
          loading={joins.isPending}
          dataSource={sortJoins(joins.data?.items ?? [], exhibitionId)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('exSvc.myEx.empty') }}
          columns={[
            {
              key: 'name',
              title: t('exSvc.myEx.exhibition'),
              render: (_, j) => (
                <Space>
                  <span data-testid={`myex-name-${j.exhibitionId}`}>{nameOf(j)}</span>
                  {j.exhibitionId === exhibitionId && <Tag color="blue">{t('exSvc.myEx.current')}</Tag>}
                </Space>
              ),
            },
            { key: 'period', title: t('exSvc.myEx.period'), render: (_, j) => <ExhibitionPeriod exhibition={j.exhibition} /> },
            { key: 'status', title: t('exSvc.myEx.status'), render: (_, j) => <ExhibitionStatusTag exhibition={j.exhibition} /> },
            { key: 'booth', title: t('exSvc.myEx.booth'), render: (_, j) => boothOf(j) || t('common.empty') },
            { key: 'audit', title: t('exSvc.myEx.audit'), render: (_, j) => <AuditTag state={j.auditState} /> },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, j) =>
                j.exhibitionId === exhibitionId ? null : (
                  <Button type="link" icon={<SwapOutlined />} onClick={() => confirmSwitch(j)} data-testid={`myex-switch-${j.exhibitionId}`}>
                    {t('exSvc.myEx.switch')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
