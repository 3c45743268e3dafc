import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Drawer, Grid, Layout, Menu, Segmented, Space, Tag, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { langOfPath, type Lang } from '../i18n/index.ts';
import { MenuIconView } from '../routes/menuIcons.tsx';
import { menuFor, type MenuEntry } from '../routes/tables.ts';
import { MENU_GROUPS, type RouteHandle } from '../routes/types.ts';
import type { TFunction } from 'i18next';
import type { Shell } from '../routes/types.ts';
import { mirrorPath } from '../session/guard.ts';
import { logout } from '../session/logout.ts';
import { useSession } from '../session/store.ts';
import { useRoleMenu } from '../session/features.ts';
import { useCurrentExhibition } from '../session/currentExhibition.ts';
import { PageSpinner } from './PageSpinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { menuPowerApi, menuPowerKeys } from '../api/menu.ts';

/** Menu entries as antd items: ungrouped ones first, then each group under its heading (MENU_GROUPS order). */
function menuItems(entries: readonly MenuEntry[], t: TFunction): MenuProps['items'] {
  const item = (entry: MenuEntry) => ({ key: entry.path, icon: <MenuIconView name={entry.icon} />, label: <Link to={entry.path}>{t(entry.label)}</Link> });
  const groups = MENU_GROUPS.filter((group) => entries.some((e) => e.group === group));
  return [
    ...entries.filter((e) => !e.group).map(item),
    ...groups.map((group) => ({ type: 'group' as const, key: `group:${group}`, label: t(`layout.menuGroup.${group}`), children: entries.filter((e) => e.group === group).map(item) })),
  ];
}

/**
 * The signed-in layout: side menu from the route tables, header with the page's title (the h1),
 * exhibition, language, user and logout; a sub-page gets a breadcrumb to its list and highlights
 * the list's menu entry. Below antd's `lg` (992 px) the menu is a drawer behind a menu button and
 * the header keeps only what fits a phone.
 */
export function AppShell({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const compact = Grid.useBreakpoint().lg === false;
  const lang = langOfPath(location.pathname);

  useRoleMenu();
  const choosingExhibition = useCurrentExhibition(shell === 'host');
  // Menu power (spec §8): entries the administrator set not to display are hidden; the rest come from the route table.
  const power = useQuery({
    queryKey: menuPowerKeys.list({ shell, exhibitionId: session.exhibitionId }),
    queryFn: () => menuPowerApi.display(shell === 'host' ? { targetType: 'host', exhibitionId: session.exhibitionId ?? undefined } : { targetType: 'exhibition' }),
    enabled: shell !== 'admin' && Boolean(session.token),
  });
  const hidden = new Set((power.data?.items ?? []).filter((p) => !p.isDisplay).map((p) => p.path));
  const entries = menuFor(shell, location.pathname).filter((e) => !hidden.has(e.path));
  const handle = matches.map((match) => match.handle as RouteHandle | undefined).filter(Boolean).at(-1);
  const parent = handle?.parent;
  const selected =
    entries.find((e) => location.pathname === e.path || location.pathname.startsWith(`${e.path}/`)) ?? (parent ? entries.find((e) => e.path === parent.path) : undefined);
  const title = handle ? t(handle.title) : '';
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

  const brand = (
    <div className="app-brand">
      <span className="app-brand-mark" aria-hidden>
        P
      </span>
      <span className="app-brand-text">{t(`app.area.${shell}`)}</span>
    </div>
  );
  const menu = (
    <Menu theme="dark" mode="inline" selectedKeys={selected ? [selected.path] : []} items={menuItems(entries, t)} onClick={() => setDrawerOpen(false)} />
  );
  const exhibitionTag = exhibitionName && shell !== 'admin' && (
    <Tag color="blue" data-testid="current-exhibition" className="app-exhibition">
      {t('layout.currentExhibition', { name: exhibitionName })}
    </Tag>
  );
  const user = (
    <Space size={8} data-testid="user-name" className="app-user">
      <Avatar size="small" icon={<UserOutlined />} />
      {displayName && <Typography.Text>{displayName}</Typography.Text>}
      <Typography.Text type={displayName ? 'secondary' : undefined}>{userName}</Typography.Text>
    </Space>
  );

  return (
    <Layout className={compact ? 'app-shell app-shell-compact' : 'app-shell'}>
      {compact ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          title={brand}
          className="app-drawer"
          rootClassName="app-drawer-root"
          data-testid="menu-drawer"
        >
          <div className="app-drawer-who">
            {user}
            {exhibitionTag}
          </div>
          <nav aria-label={t('layout.menu')}>{menu}</nav>
        </Drawer>
      ) : (
        <Layout.Sider collapsible width={220} className="app-sider">
          {brand}
          <nav aria-label={t('layout.menu')}>{menu}</nav>
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <Layout.Header className="app-header">
          {compact && (
            <Button type="text" icon={<MenuOutlined />} aria-label={t('layout.openMenu')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} data-testid="menu-button" />
          )}
          <h1 className="app-header-title" data-testid="page-title" data-path={location.pathname}>
            {title}
          </h1>
          <Space size={compact ? 'small' : 'middle'} className="app-header-actions">
            {!compact && exhibitionTag}
            {mirror && (
              <Segmented<Lang>
                size="small"
                aria-label={t('layout.switchLanguage')}
                value={lang}
                options={[
                  { value: 'zh-CN', label: t(compact ? 'lang.short.zh-CN' : 'lang.zh-CN') },
                  { value: 'en', label: t(compact ? 'lang.short.en' : 'lang.en') },
                ]}
                onChange={() => navigate(`${mirror}${location.search}`)}
              />
            )}
            {!compact && user}
            <Button icon={<LogoutOutlined />} loading={leaving} onClick={onLogout} data-testid="logout" aria-label={compact ? t('common.logout') : undefined}>
              {!compact && t('common.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="app-content">
          {parent && (
            <Breadcrumb
              className="app-breadcrumb"
              aria-label={t('layout.breadcrumb')}
              data-testid="breadcrumb"
              items={[{ title: <Link to={parent.path}>{t(parent.title)}</Link> }, { title }]}
            />
          )}
          {choosingExhibition ? <PageSpinner /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
