import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Layout, Menu, Segmented, Space, Tag, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { langOfPath, type Lang } from '../i18n/index.ts';
import { menuFor, type MenuEntry } from '../routes/tables.ts';
import { MENU_GROUPS } from '../routes/types.ts';
import type { TFunction } from 'i18next';
import type { Shell } from '../routes/types.ts';
import { mirrorPath } from '../session/guard.ts';
import { logout } from '../session/logout.ts';
import { useSession } from '../session/store.ts';
import { useRoleMenu } from '../session/features.ts';
import { useQuery } from '@tanstack/react-query';
import { menuPowerApi, menuPowerKeys } from '../api/menu.ts';

/** Menu entries as antd items: ungrouped ones first, then each group under its heading (MENU_GROUPS order). */
function menuItems(entries: readonly MenuEntry[], t: TFunction): MenuProps['items'] {
  const item = (entry: MenuEntry) => ({ key: entry.path, icon: <entry.icon />, label: <Link to={entry.path}>{t(entry.label)}</Link> });
  const groups = MENU_GROUPS.filter((group) => entries.some((e) => e.group === group));
  return [
    ...entries.filter((e) => !e.group).map(item),
    ...groups.map((group) => ({ type: 'group' as const, key: `group:${group}`, label: t(`layout.menuGroup.${group}`), children: entries.filter((e) => e.group === group).map(item) })),
  ];
}

/** The signed-in layout: side menu from the route tables, header with exhibition, language, user and logout. */
export function AppShell({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const lang = langOfPath(location.pathname);

  useRoleMenu();
  // Menu power (spec §8): entries the administrator set not to display are hidden; the rest come from the route table.
  const power = useQuery({
    queryKey: menuPowerKeys.list({ shell, exhibitionId: session.exhibitionId }),
    queryFn: () => menuPowerApi.display(shell === 'host' ? { targetType: 'host', exhibitionId: session.exhibitionId ?? undefined } : { targetType: 'exhibition' }),
    enabled: shell !== 'admin' && Boolean(session.token),
  });
  const hidden = new Set((power.data?.items ?? []).filter((p) => !p.isDisplay).map((p) => p.path));
  const entries = menuFor(shell, location.pathname).filter((e) => !hidden.has(e.path));
  const selected = entries.find((e) => location.pathname === e.path || location.pathname.startsWith(`${e.path}/`));
  const exhibition = session.exhibitionInfo;
  const exhibitionName = exhibition ? (lang === 'en' ? exhibition.nameEn || exhibition.name : exhibition.name) : null;
  const mirror = mirrorPath(location.pathname, lang === 'en' ? 'zh-CN' : 'en');
  const displayName = session.user?.name ?? null;
  const userName = session.user?.userName ?? '';

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Layout className="app-shell">
      <Layout.Sider breakpoint="lg" collapsible width={220} className="app-sider">
        <div className="app-brand">
          <span className="app-brand-mark">P</span>
          <span className="app-brand-text">{t(`app.area.${shell}`)}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected.path] : []}
          items={menuItems(entries, t)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <Typography.Text strong className="app-header-title">
            {selected ? t(selected.label) : ''}
          </Typography.Text>
          <Space size="middle" className="app-header-actions">
            {exhibitionName && shell !== 'admin' && (
              <Tag color="blue" data-testid="current-exhibition">
                {t('layout.currentExhibition', { name: exhibitionName })}
              </Tag>
            )}
            {mirror && (
              <Segmented<Lang>
                size="small"
                aria-label={t('layout.switchLanguage')}
                value={lang}
                options={[
                  { value: 'zh-CN', label: t('lang.zh-CN') },
                  { value: 'en', label: t('lang.en') },
                ]}
                onChange={() => navigate(`${mirror}${location.search}`)}
              />
            )}
            <Space size={8} data-testid="user-name">
              <Avatar size="small" icon={<UserOutlined />} />
              {displayName && <Typography.Text>{displayName}</Typography.Text>}
              <Typography.Text type={displayName ? 'secondary' : undefined}>{userName}</Typography.Text>
            </Space>
            <Button icon={<LogoutOutlined />} loading={leaving} onClick={onLogout} data-testid="logout">
              {t('common.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
