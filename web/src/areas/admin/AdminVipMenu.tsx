import { UnorderedListOutlined } from '@ant-design/icons';
import { createMenuBody, createMenuItemBody, featureKeys, menuArea, updateMenuBody, updateMenuItemBody, type Menu, type MenuItem } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import { menuApi, menuItemApi, menuItemKeys, menuKeys, menuPowerApi, menuPowerKeys } from '../../api/menu.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { showError } from '../../components/feedback.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';

const menuResource = defineResource<Menu>({
  name: 'menu',
  rowKey: 'id',
  queryKey: (p) => menuKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) => menuApi.query({ pageIndex, pageSize, area: menuArea.safeParse(filters.area).data }),
  fields: [
    { key: 'name', label: 'menu.name' },
    { key: 'nameEn', label: 'menu.nameEn' },
    { key: 'area', label: 'menu.area', render: (r) => i18n.t(`menu.areas.${r.area}`), filter: { type: 'select', options: menuArea.options.map((a) => ({ value: a, label: `menu.areas.${a}` as const })) } },
    { key: 'description', label: 'menu.description' },
    { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
  ],
});

const menuFields: readonly FormField[] = [
  { name: 'name', label: 'menu.name' },
  { name: 'nameEn', label: 'menu.nameEn' },
  { name: 'area', label: 'menu.area', type: 'select', options: menuArea.options.map((a) => ({ value: a, label: `menu.areas.${a}` as const })) },
  { name: 'description', label: 'menu.description', type: 'textarea' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
];

const itemFields: readonly FormField[] = [
  { name: 'name', label: 'menu.name' },
  { name: 'nameEn', label: 'menu.nameEn' },
  { name: 'path', label: 'menu.path' },
  { name: 'featureKey', label: 'menu.featureKey', type: 'select', dynamicOptions: featureKeys.map((k) => ({ value: k, text: k })) },
  { name: 'icon', label: 'menu.icon' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
];

/** The entries of one menu set. */
function MenuItems({ menu }: { menu: Menu }) {
  const resource = defineResource<MenuItem>({
    name: 'menuItem',
    rowKey: 'id',
    pageSize: 50,
    queryKey: (p) => menuItemKeys.list({ ...p, menuId: menu.id }),
    fetch: ({ pageIndex, pageSize }) => menuItemApi.query({ pageIndex, pageSize, menuId: menu.id }),
    fields: [
      { key: 'name', label: 'menu.name' },
      { key: 'path', label: 'menu.path' },
      { key: 'featureKey', label: 'menu.featureKey' },
      { key: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
    ],
  });
  return (
    <CrudPage
      crud={{
        resource,
        invalidate: menuItemKeys.all,
        title: 'menu.items',
        fields: itemFields,
        createSchema: createMenuItemBody,
        createHidden: { menuId: menu.id },
        updateSchema: updateMenuItemBody,
        create: (p) => menuItemApi.create(p),
        update: (row, p) => menuItemApi.update(row.id, p),
        remove: (row) => menuItemApi.remove(row.id),
      }}
    />
  );
}

/** Menu power of one host: per entry of the host menus, displayed and permitted. */
function HostMenuPower() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hosts = useQuery({ queryKey: hostKeys.options(), queryFn: () => hostAdminApi.query({ pageIndex: 1, pageSize: 100 }) });
  const [hostId, setHostId] = useState<string | null>(null);
  const target = { targetType: 'host' as const, targetId: hostId ?? '' };
  const entries = useQuery({ queryKey: menuPowerKeys.list(target), queryFn: () => menuPowerApi.display(target), enabled: Boolean(hostId) });
  const set = async (menuItemId: string, patch: { isDisplay?: boolean; isPermitted?: boolean }) => {
    try {
      await menuPowerApi.patch(target, [{ menuItemId, ...patch }]);
      await queryClient.invalidateQueries({ queryKey: menuPowerKeys.all });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card variant="borderless" title={t('menu.power')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          style={{ minWidth: 280 }}
          placeholder={t('menu.pickHost')}
          aria-label={t('menu.pickHost')}
          showSearch={{ optionFilterProp: 'label' }}
          value={hostId}
          onChange={setHostId}
          options={(hosts.data?.items ?? []).map((h) => ({ value: h.id, label: h.name }))}
        />
        {hostId && (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            loading={entries.isFetching}
            dataSource={entries.data?.items ?? []}
            columns={[
              { key: 'name', title: t('menu.name'), dataIndex: 'name' },
              { key: 'path', title: t('menu.path'), dataIndex: 'path' },
              { key: 'featureKey', title: t('menu.featureKey'), dataIndex: 'featureKey' },
              { key: 'isDisplay', title: t('menu.isDisplay'), render: (_, r) => <Switch size="small" checked={r.isDisplay} onChange={(v) => void set(r.id, { isDisplay: v })} /> },
              { key: 'isPermitted', title: t('menu.isPermitted'), render: (_, r) => <Switch size="small" checked={r.isPermitted} onChange={(v) => void set(r.id, { isPermitted: v })} /> },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}

/** /admin/adminVipMenu: menu sets and entries, and menu power per host. */
export default function AdminVipMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Menu | null>(null);
  return (
    <Space orientation="vertical" size="large" className="page">
      <CrudPage
        crud={{
          resource: menuResource,
          invalidate: menuKeys.all,
          title: 'route.adminVipMenu',
          fields: menuFields,
          createSchema: createMenuBody,
          updateSchema: updateMenuBody,
          create: (p) => menuApi.create(p),
          update: (row, p) => menuApi.update(row.id, p),
          remove: (row) => menuApi.remove(row.id),
          actions: (row) => (
            <Button type="link" icon={<UnorderedListOutlined />} onClick={() => setOpen(row)}>
              {t('menu.items')}
            </Button>
          ),
        }}
      />
      <HostMenuPower />
      <Drawer open={open !== null} size={900} title={<Typography.Text>{`${t('menu.items')} · ${open?.name ?? ''}`}</Typography.Text>} onClose={() => setOpen(null)} destroyOnHidden>
        {open && <MenuItems menu={open} />}
      </Drawer>
    </Space>
  );
}
