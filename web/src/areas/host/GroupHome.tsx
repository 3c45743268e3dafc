import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, FormOutlined, LayoutOutlined, PlusOutlined } from '@ant-design/icons';
import { groupRegisterPath, VISITOR_GROUP_MAX, type ExhibitionSettings, type VisitorGroup, type VisitorGroupInput } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, Modal, Popconfirm, Row, Skeleton, Space, Switch, Table, Tag, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { hostExhibitionApi, hostExhibitionKeys, useExhibitionSettings } from '../../api/host-exhibition.ts';
import { useVisitorGroups, visitorGroupKeys, visitorGroupsApi } from '../../api/visitorGroups.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { useSession } from '../../session/store.ts';

/** A server error on fields named under `prefix` goes onto this form's fields; anything else as showFormError does. */
function showErrorOn(form: FormInstance, error: unknown, prefix: RegExp) {
  if (error instanceof ApiError && !error.handled) {
    const fields = error.errors.filter((e) => prefix.test(e.field)).map((e) => ({ name: e.field.replace(prefix, ''), errors: [e.message || error.description] }));
    if (fields.length) return form.setFields(fields);
  }
  showFormError(form, error);
}

type GroupDraft = Pick<VisitorGroup, 'name' | 'nameEn' | 'summary' | 'needAudit' | 'isOpen'>;
type RegValues = ExhibitionSettings['visitorReg'];

/** The full link of a group's registration page on the visitor site, in Chinese or English. */
export const registerLink = (exhibitionId: string, groupId: string, lang: 'zh' | 'en') => `${window.location.origin}${groupRegisterPath(exhibitionId, groupId, lang)}`;

/**
 * /live/index/group/home: the exhibition's visitor groups (docs/visitor-groups.md). Every change
 * (add, edit, reorder, delete) saves the whole list at once; the server keeps the ids.
 */
export default function GroupHome() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const query = useVisitorGroups(exhibitionId);
  const groups = query.data?.groups ?? [];
  const [editing, setEditing] = useState<VisitorGroup | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [draft] = Form.useForm<GroupDraft>();

  if (!exhibitionId) return <Alert type="info" showIcon title={t('vgroups.noExhibition')} />;

  const save = async (list: VisitorGroupInput[]) => {
    setSaving(true);
    try {
      const saved = await visitorGroupsApi.saveGroups(exhibitionId, { groups: list });
      queryClient.setQueryData(visitorGroupKeys.groups(exhibitionId), saved);
      await queryClient.invalidateQueries({ queryKey: visitorGroupKeys.all(exhibitionId), predicate: (q) => q.queryKey[2] !== 'groups' });
      feedback.message().success(t('vgroups.saved'), MESSAGE_SECONDS);
      return true;
    } finally {
      setSaving(false);
    }
  };
  const run = (list: VisitorGroupInput[]) => save(list).catch(showError);
  const move = (from: number, to: number) => {
    const next = [...groups];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    void run(next);
  };
  const open = (group: VisitorGroup | 'new') => {
    draft.resetFields();
    draft.setFieldsValue(group === 'new' ? { name: '', nameEn: '', summary: '', needAudit: false, isOpen: true } : group);
    setEditing(group);
  };
  const submit = async (values: GroupDraft) => {
    const list: VisitorGroupInput[] = editing === 'new' ? [...groups, values] : groups.map((g) => (editing && g.id === editing.id ? { ...g, ...values } : g));
    const index = editing === 'new' ? groups.length : groups.findIndex((g) => editing && g.id === editing.id);
    try {
      await save(list);
      setEditing(null);
    } catch (error) {
      // The server names the field as groups.<index>.<key>: put it on this form's field.
      showErrorOn(draft, error, new RegExp(`^groups\\.${index}\\.`));
    }
  };

  const linkCell = (group: VisitorGroup, lang: 'zh' | 'en') => {
    const link = registerLink(exhibitionId, group.id, lang);
    return (
      <Typography.Text copyable={{ text: link }} style={{ fontSize: 12, wordBreak: 'break-all' }} data-testid={`group-link-${lang}-${group.id}`}>
        <Tag style={{ marginInlineEnd: 4 }}>{t(lang === 'zh' ? 'vgroups.linkZh' : 'vgroups.linkEn')}</Tag>
        <a href={link} target="_blank" rel="noreferrer">
          {groupRegisterPath(exhibitionId, group.id, lang)}
        </a>
      </Typography.Text>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={t('vgroups.route.home')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} disabled={groups.length >= VISITOR_GROUP_MAX} title={groups.length >= VISITOR_GROUP_MAX ? t('vgroups.limit', { max: VISITOR_GROUP_MAX }) : undefined} data-testid="group-add">
            {t('vgroups.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('vgroups.intro')}</Typography.Paragraph>
        {query.isPending ? (
          <Skeleton active />
        ) : (
          <Table<VisitorGroup>
            rowKey="id"
            size="middle"
            pagination={false}
            loading={saving}
            dataSource={groups}
            locale={{ emptyText: <Empty description={t('vgroups.empty')} /> }}
            columns={[
              {
                title: t('vgroups.col.name'),
                key: 'name',
                width: 220,
                render: (_, g) => (
                  <Flex vertical>
                    <Typography.Text strong data-testid={`group-name-${g.showIndex}`}>
                      {g.name}
                    </Typography.Text>
                    {g.nameEn && <Typography.Text type="secondary">{g.nameEn}</Typography.Text>}
                    {g.summary && (
                      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>
                        {g.summary}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              { title: t('vgroups.col.audit'), key: 'audit', width: 110, render: (_, g) => (g.needAudit ? <Tag color="orange">{t('vgroups.needAudit')}</Tag> : <Tag>{t('vgroups.noAudit')}</Tag>) },
              { title: t('vgroups.col.open'), key: 'open', width: 90, render: (_, g) => (g.isOpen ? <Tag color="green">{t('vgroups.open')}</Tag> : <Tag color="default">{t('vgroups.closed')}</Tag>) },
              {
                title: t('vgroups.col.links'),
                key: 'links',
                render: (_, g) => (
                  <Flex vertical gap={4}>
                    {linkCell(g, 'zh')}
                    {linkCell(g, 'en')}
                  </Flex>
                ),
              },
              {
                title: t('vgroups.col.actions'),
                key: 'actions',
                width: 300,
                render: (_, g, i) => (
                  <Space size={0} wrap>
                    <Button type="text" icon={<ArrowUpOutlined />} aria-label={t('vgroups.up')} title={t('vgroups.up')} disabled={i === 0 || saving} onClick={() => move(i, i - 1)} />
                    <Button type="text" icon={<ArrowDownOutlined />} aria-label={t('vgroups.down')} title={t('vgroups.down')} disabled={i === groups.length - 1 || saving} onClick={() => move(i, i + 1)} />
                    <Button type="text" icon={<EditOutlined />} aria-label={t('vgroups.edit')} title={t('vgroups.edit')} onClick={() => open(g)} data-testid={`group-edit-${g.id}`} />
                    <Link to={`/live/index/group/details?id=${g.id}`} data-testid={`group-pages-${g.id}`}>
                      <Button type="link" size="small" icon={<LayoutOutlined />}>
                        {t('vgroups.designPages')}
                      </Button>
                    </Link>
                    <Link to={`/live/index/basic/form?group=${g.id}`} data-testid={`group-form-${g.id}`}>
                      <Button type="link" size="small" icon={<FormOutlined />}>
                        {t('vgroups.designForm')}
                      </Button>
                    </Link>
                    <Popconfirm title={t('vgroups.removeConfirm', { name: g.name })} onConfirm={() => run(groups.filter((x) => x.id !== g.id))}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('vgroups.remove')} title={t('vgroups.remove')} data-testid={`group-remove-${g.id}`} />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RegistrationSettings exhibitionId={exhibitionId} />
      <Modal open={editing !== null} title={t(editing === 'new' ? 'vgroups.modal.add' : 'vgroups.modal.edit')} onCancel={() => setEditing(null)} onOk={() => draft.submit()} confirmLoading={saving} forceRender destroyOnHidden={false}>
        <Form form={draft} layout="vertical" name="visitor-group" onFinish={submit}>
          <Form.Item name="name" label={t('vgroups.field.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('vgroups.field.nameEn')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="summary" label={t('vgroups.field.summary')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="needAudit" label={t('vgroups.field.needAudit')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="isOpen" label={t('vgroups.field.isOpen')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Flex>
  );
}

/** The exhibition's visitorReg settings (notices, external link, default approval), saved through the configuration patch. */
function RegistrationSettings({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useExhibitionSettings(exhibitionId);
  const [form] = Form.useForm<RegValues>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: RegValues) => {
    setSaving(true);
    try {
      const saved = await hostExhibitionApi.patchSettings(exhibitionId, { visitorReg: { ...values, regLink: values.regLink?.trim() ?? '' } });
      queryClient.setQueryData(hostExhibitionKeys.settings(exhibitionId), saved);
      feedback.message().success(t('vgroups.saved'), MESSAGE_SECONDS);
    } catch (error) {
      showErrorOn(form, error, /^visitorReg\./);
    } finally {
      setSaving(false);
    }
  };
  const text = (name: keyof RegValues) => (
    <Form.Item name={name} label={t(`vgroups.reg.${name}`)} rules={[{ max: 5000 }]}>
      <Input.TextArea rows={3} maxLength={5000} />
    </Form.Item>
  );
  return (
    <Card variant="borderless" title={t('vgroups.reg.title')}>
      <Typography.Paragraph type="secondary">{t('vgroups.reg.hint')}</Typography.Paragraph>
      {settings.isPending || !settings.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="visitor-reg" initialValues={settings.data.visitorReg} onFinish={submit}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              {text('notice')}
            </Col>
            <Col xs={24} lg={12}>
              {text('noticeEn')}
            </Col>
            <Col xs={24} lg={12}>
              {text('regSuccessedNotice')}
            </Col>
            <Col xs={24} lg={12}>
              {text('regSuccessedNoticeEn')}
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="regLink" label={t('vgroups.reg.regLink')} extra={t('vgroups.reg.regLinkHelp')} rules={[{ type: 'url', max: 2000 }]}>
                <Input placeholder="https://" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="needAudit" label={t('vgroups.reg.needAudit')} valuePropName="checked">
                <Switch data-testid="reg-need-audit" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="reg-save">
            {t('vgroups.reg.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
