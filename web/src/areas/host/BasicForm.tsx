import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { formDefinitionIssues, formIssueMessage, FormType, optionTagTypes, TagType, type FormItem } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Drawer, Dropdown, Flex, Form, Input, Row, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formKeys, formsApi, useForm } from '../../api/forms.ts';
import { useVisitorGroups } from '../../api/visitorGroups.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { FormRenderer } from '../../components/FormRenderer.tsx';
import { useSession } from '../../session/store.ts';

type DesignedType = 1 | 2 | 3 | 4 | 5;
const exhibitionTypes: DesignedType[] = [FormType.VisitorZh, FormType.VisitorEn, FormType.Exhibitor];
const groupTypes: DesignedType[] = [FormType.VisitorZh, FormType.VisitorEn];
const addable = [TagType.Input, TagType.Textarea, TagType.Number, TagType.Select, TagType.Radio, TagType.Checkbox, TagType.Date, TagType.DateRange, TagType.Text];

const blank = (tagType: number, name: string, label: string, extra: Partial<FormItem> = {}): FormItem => ({
  tagType,
  label,
  name,
  showIndex: 0,
  locked: false,
  attributes: { placeholder: '', checkOptions: { require: false, email: false, phone: false, reg: false, other: '' }, options: [], setTime: null, value: null },
  ...extra,
});

/** The edited item in the drawer's form: the checks flattened, the condition split. */
type Draft = { label: string; name: string; placeholder: string; require: boolean; email: boolean; phone: boolean; reg: boolean; other: string; options: { label: string; value: string }[]; whenName?: string; whenValues?: string[] };

/**
 * /live/index/basic/form: the form designer (docs/forms.md). The host picks the exhibition or one of
 * its visitor groups (`?group=`, docs/visitor-groups.md), then a registration form of it.
 */
export default function BasicForm() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [search, setSearch] = useSearchParams();
  const groupsQuery = useVisitorGroups(exhibitionId);
  const groups = groupsQuery.data?.groups ?? [];
  const groupId = search.get('group') ?? '';
  if (!exhibitionId) return <Alert type="info" showIcon title={t('forms.noExhibition')} />;
  if (groupId && groupsQuery.isPending) return <Skeleton active />;
  const group = groups.find((g) => g.id === groupId);
  const target = (
    <Space wrap>
      <Select<string>
        value={groupId}
        onChange={(v) => setSearch(v ? { group: v } : {}, { replace: true })}
        style={{ width: 260 }}
        aria-label={t('vgroups.designer.target')}
        data-testid="form-target"
        options={[{ value: '', label: t('vgroups.designer.exhibition') }, ...groups.map((g) => ({ value: g.id, label: t('vgroups.designer.group', { name: g.name }) }))]}
      />
      {groupId && <Typography.Text type="secondary">{t('vgroups.designer.groupHint')}</Typography.Text>}
    </Space>
  );
  return <FormDesigner key={group?.id ?? 'exhibition'} itemId={group?.id ?? exhibitionId} types={group ? groupTypes : exhibitionTypes} target={target} />;
}

/**
 * The designer of one item's forms (the exhibition, a visitor group, or the survey on basic/question):
 * adds, reorders (up/down: no drag-and-drop library in the tree), edits and deletes items, and
 * previews the form with the visitor site's renderer and checks in either language before saving. `types` are the
 * forms of that item it offers (an activity's: `[FormType.ActivityReg]` with the activity as the item).
 */
export function FormDesigner({ itemId, types, target, intro }: { itemId: string; types: DesignedType[]; target?: ReactNode; intro?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formType, setFormType] = useState<DesignedType>(types[0]!);
  const [previewLang, setPreviewLang] = useState<'zh-CN' | 'en'>(types[0] === FormType.VisitorEn ? 'en' : 'zh-CN');
  const stored = useForm(itemId, formType);
  const [items, setItems] = useState<FormItem[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const [draft] = Form.useForm<Draft>();
  const whenName = Form.useWatch('whenName', draft);

  // A newly loaded or saved form replaces the edited copy (adjusting state while rendering, not in an effect).
  const [loaded, setLoaded] = useState(stored.data);
  if (stored.data !== loaded) {
    setLoaded(stored.data);
    if (stored.data) setItems([...stored.data.formItems].sort((a, b) => a.showIndex - b.showIndex));
    setIssues([]);
  }
  const chooseType = (type: DesignedType) => {
    setFormType(type);
    setPreviewLang(type === FormType.VisitorEn ? 'en' : 'zh-CN');
  };

  const save = useMutation({
    mutationFn: () => formsApi.save({ itemId: itemId, formType, formItems: items.map((item, i) => ({ ...item, showIndex: i + 1 })) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(formKeys.form(itemId, formType), saved);
      feedback.message().success(t('forms.saved'), MESSAGE_SECONDS);
    },
    onError: showError,
  });

  const move = (from: number, to: number) =>
    setItems((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  const add = (tagType: number) => {
    let n = items.length + 1;
    while (items.some((i) => i.name === `field${n}`)) n++;
    const name = `field${n}`;
    const label = t(`forms.tag.t${tagType}` as 'forms.tag.t0');
    const options = optionTagTypes.includes(tagType) ? [1, 2].map((k) => ({ label: `${t('forms.field.optionLabel')} ${k}`, value: `option${k}` })) : [];
    const childrens = tagType === TagType.DateRange ? [blank(TagType.Date, 'start', t('forms.field.start')), blank(TagType.Date, 'end', t('forms.field.end'))] : undefined;
    const item = blank(tagType, name, label, childrens ? { childrens } : {});
    item.attributes.options = options;
    setItems((list) => [...list, item]);
    openEditor(items.length, item);
  };
  const openEditor = (index: number, item = items[index]!) => {
    const c = item.attributes.checkOptions;
    draft.resetFields();
    draft.setFieldsValue({
      label: item.label,
      name: item.name,
      placeholder: item.attributes.placeholder,
      ...c,
      options: item.attributes.options.map((o) => ({ label: o.label, value: o.value })),
      whenName: item.showWhen?.name,
      whenValues: item.showWhen?.values ?? [],
    });
    setEditing(index);
  };
  const applyEdit = (d: Draft) => {
    setItems((list) =>
      list.map((item, i) => {
        if (i !== editing) return item;
        const checks = item.locked ? item.attributes.checkOptions : { require: Boolean(d.require), email: Boolean(d.email), phone: Boolean(d.phone), reg: Boolean(d.reg), other: d.reg ? (d.other ?? '').trim() : '' };
        return {
          ...item,
          label: d.label.trim(),
          name: item.locked ? item.name : d.name.trim(),
          attributes: { ...item.attributes, placeholder: d.placeholder ?? '', checkOptions: checks, options: optionTagTypes.includes(item.tagType) ? (d.options ?? []) : item.attributes.options },
          showWhen: !item.locked && d.whenName && d.whenValues?.length ? { name: d.whenName, values: d.whenValues } : null,
        };
      }),
    );
    setEditing(null);
  };
  const submit = () => {
    const found = formDefinitionIssues(items).map((i) => {
      const index = Number(/^formItems\.(\d+)/.exec(i.path)?.[1] ?? -1);
      return formIssueMessage(i.issue, items[index]?.label ?? i.path, previewLang);
    });
    setIssues(found);
    if (!found.length) save.mutate();
  };

  const current = editing === null ? null : items[editing];
  const triggers = items.filter((i) => i !== current && optionTagTypes.includes(i.tagType));
  const trigger = triggers.find((i) => i.name === whenName);

  return (
    <Card variant="borderless">
      {intro ?? <Typography.Paragraph type="secondary">{t('forms.intro')}</Typography.Paragraph>}
      {target && <div style={{ marginBottom: 12 }}>{target}</div>}
      <Flex wrap gap="small" justify="space-between" style={{ marginBottom: 16 }}>
        {types.length > 1 ? (
          <Select<DesignedType>
            value={formType}
            onChange={chooseType}
            style={{ width: 220 }}
            aria-label={t('forms.route.designer')}
            options={types.map((v) => ({ value: v, label: t(`forms.type.t${v}`) }))}
            data-testid="form-type"
          />
        ) : (
          <Typography.Text strong>{t(`forms.type.t${formType}`)}</Typography.Text>
        )}
        <Space wrap>
          <Dropdown menu={{ items: addable.map((tag) => ({ key: String(tag), label: t(`forms.tag.t${tag}` as 'forms.tag.t0') })), onClick: ({ key }) => add(Number(key)) }} trigger={['click']}>
            <Button icon={<PlusOutlined />} data-testid="form-add">
              {t('forms.add')}
            </Button>
          </Dropdown>
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="form-save">
            {t('forms.save')}
          </Button>
        </Space>
      </Flex>
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('forms.issues')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {issues.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}
      {stored.isPending ? (
        <Skeleton active />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={13}>
            <Flex vertical gap={8}>
              {items.map((item, i) => (
                <Card key={`${item.name}-${i}`} size="small" data-testid={`form-row-${item.name}`}>
                  <Flex wrap gap="small" align="center" justify="space-between">
                    <Space wrap size={4}>
                      <Typography.Text strong>{item.label}</Typography.Text>
                      <Tag>{t(`forms.tag.t${item.tagType}` as 'forms.tag.t0')}</Tag>
                      {item.locked && (
                        <Tag icon={<LockOutlined />} color="gold">
                          {t('forms.locked')}
                        </Tag>
                      )}
                      {item.attributes.checkOptions.require && <Tag color="red">{t('forms.required')}</Tag>}
                      {item.showWhen && <Tag color="blue">{t('forms.conditional')}</Tag>}
                    </Space>
                    <Space size={0}>
                      <Button type="text" icon={<ArrowUpOutlined />} aria-label={t('forms.up')} title={t('forms.up')} disabled={i === 0} onClick={() => move(i, i - 1)} />
                      <Button type="text" icon={<ArrowDownOutlined />} aria-label={t('forms.down')} title={t('forms.down')} disabled={i === items.length - 1} onClick={() => move(i, i + 1)} />
                      <Button type="text" icon={<EditOutlined />} aria-label={t('forms.edit')} title={t('forms.edit')} onClick={() => openEditor(i)} data-testid={`form-edit-${item.name}`} />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('forms.remove')}
                        title={item.locked ? t('forms.lockedHint') : t('forms.remove')}
                        disabled={item.locked}
                        onClick={() => setItems((list) => list.filter((_, k) => k !== i))}
                      />
                    </Space>
                  </Flex>
                </Card>
              ))}
            </Flex>
          </Col>
          <Col xs={24} lg={11}>
            <Card
              size="small"
              title={t('forms.preview')}
              extra={
                <Segmented<'zh-CN' | 'en'>
                  size="small"
                  aria-label={t('forms.previewLang')}
                  value={previewLang}
                  onChange={setPreviewLang}
                  options={[
                    { value: 'zh-CN', label: '中文' },
                    { value: 'en', label: 'English' },
                  ]}
                />
              }
              data-testid="form-preview"
            >
              <FormRenderer
                key={`${formType}-${previewLang}`}
                name="form-preview"
                items={items.map((item, i) => ({ ...item, showIndex: i + 1 }))}
                lang={previewLang}
                international={formType === FormType.VisitorEn}
                submitText={t('forms.trySubmit', { lng: previewLang })}
                onSubmit={() => feedback.message().success(t('forms.tryOk', { lng: previewLang }), MESSAGE_SECONDS)}
              />
            </Card>
          </Col>
        </Row>
      )}
      <Drawer open={current !== null && current !== undefined} onClose={() => setEditing(null)} title={current?.label} size={480} destroyOnHidden={false} forceRender>
        <Form form={draft} layout="vertical" name="form-item" onFinish={applyEdit}>
          {current?.locked && <Alert type="info" showIcon title={t('forms.lockedHint')} style={{ marginBottom: 16 }} />}
          <Form.Item name="label" label={t('forms.field.label')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('forms.field.name')} extra={t('forms.field.nameHelp')} rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/ }]}>
            <Input disabled={current?.locked} />
          </Form.Item>
          {current && current.tagType !== TagType.Text && (
            <Form.Item name="placeholder" label={t('forms.field.placeholder')}>
              <Input />
            </Form.Item>
          )}
          {current && current.tagType !== TagType.Text && (
            <Form.Item label={t('forms.field.checks')}>
              <Space wrap>
                {(['require', 'email', 'phone', 'reg'] as const).map((k) => (
                  <Form.Item key={k} name={k} valuePropName="checked" noStyle>
                    <Checkbox disabled={current.locked} data-testid={`form-check-${k}`}>
                      {t(`forms.field.${k}`)}
                    </Checkbox>
                  </Form.Item>
                ))}
              </Space>
            </Form.Item>
          )}
          <Form.Item noStyle shouldUpdate={(a, b) => a.reg !== b.reg}>
            {({ getFieldValue }) =>
              getFieldValue('reg') ? (
                <Form.Item name="other" label={t('forms.field.pattern')} extra={t('forms.field.patternHelp')} rules={[{ required: true, max: 200 }]}>
                  <Input disabled={current?.locked} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          {current && optionTagTypes.includes(current.tagType) && (
            <Form.Item label={t('forms.field.options')}>
              <Form.List name="options">
                {(fields, { add: addOption, remove }) => (
                  <Flex vertical gap={8}>
                    {fields.map((f) => (
                      <Flex key={f.key} gap={8}>
                        <Form.Item name={[f.name, 'label']} noStyle rules={[{ required: true, whitespace: true }]}>
                          <Input placeholder={t('forms.field.optionLabel')} aria-label={t('forms.field.optionLabel')} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'value']} noStyle rules={[{ required: true, whitespace: true }]}>
                          <Input placeholder={t('forms.field.optionValue')} aria-label={t('forms.field.optionValue')} />
                        </Form.Item>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('forms.remove')} onClick={() => remove(f.name)} />
                      </Flex>
                    ))}
                    <Button icon={<PlusOutlined />} onClick={() => addOption({ label: '', value: `option${fields.length + 1}` })}>
                      {t('forms.field.addOption')}
                    </Button>
                  </Flex>
                )}
              </Form.List>
            </Form.Item>
          )}
          {current && !current.locked && (
            <Form.Item label={t('forms.field.showWhen')}>
              <Flex vertical gap={8}>
                <Form.Item name="whenName" noStyle>
                  <Select
                    allowClear
                    placeholder={t('forms.field.none')}
                    aria-label={t('forms.field.showWhenItem')}
                    data-testid="form-when-item"
                    options={triggers.map((i) => ({ value: i.name, label: `${t('forms.field.showWhenItem')} ${i.label}` }))}
                    onChange={() => draft.setFieldValue('whenValues', [])}
                  />
                </Form.Item>
                {trigger && (
                  <Form.Item name="whenValues" noStyle>
                    <Select
                      mode="multiple"
                      aria-label={t('forms.field.showWhenValues')}
                      placeholder={t('forms.field.showWhenValues')}
                      data-testid="form-when-values"
                      options={trigger.attributes.options.map((o) => ({ value: o.value, label: o.label }))}
                    />
                  </Form.Item>
                )}
              </Flex>
            </Form.Item>
          )}
          <Space>
            <Button type="primary" htmlType="submit" data-testid="form-item-apply">
              {t('forms.apply')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      </Drawer>
    </Card>
  );
}
