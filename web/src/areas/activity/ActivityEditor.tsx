import { activityKinds, AuditState, type Activity, type ActivityKind } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityApi, activityKeys, useActivity, useActivityCategories, useActivityHalls, type ActivityChange, type ActivityCreate } from '../../api/activities.ts';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { DatePicker } from '../../components/DatePicker.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { ImageField } from '../host/ImageField.tsx';
import { RichTextEditor } from '../host/RichTextEditor.tsx';
import { activityCategoryTree } from './shared.tsx';

/** What the form holds. */
export interface ActivityFormValues {
  title: string;
  titleEn?: string;
  kind: ActivityKind;
  categoryId?: string | null;
  hallId?: string | null;
  venue?: string;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  cover?: string | null;
  introductionZh?: string;
  introductionEn?: string;
  regEnabled: boolean;
  regStartAt?: Dayjs | null;
  regEndAt?: Dayjs | null;
  capacity?: number | null;
  waitlist: boolean;
  isShow: boolean;
  showIndex: number;
}

export function activityFormValues(a: Activity | null): ActivityFormValues {
  const at = (v: string | null | undefined) => (v ? dayjs(v) : null);
  return {
    title: a?.title ?? '',
    titleEn: a?.titleEn ?? '',
    kind: a?.kind ?? 'forum',
    categoryId: a?.categoryId ?? null,
    hallId: a?.hallId ?? null,
    venue: a?.venue ?? '',
    startAt: at(a?.startAt),
    endAt: at(a?.endAt),
    cover: a?.cover ?? null,
    introductionZh: a?.introductionZh ?? '',
    introductionEn: a?.introductionEn ?? '',
    regEnabled: a?.regEnabled ?? false,
    regStartAt: at(a?.regStartAt),
    regEndAt: at(a?.regEndAt),
    capacity: a?.capacity ?? null,
    waitlist: a?.waitlist ?? false,
    isShow: a?.isShow ?? true,
    showIndex: a?.showIndex ?? 0,
  };
}

/** The exhibition's toggles that decide which fields the form asks (fields off are neither shown nor sent). */
export interface EditorToggles {
  category: boolean;
  registration: boolean;
}

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
const iso = (v: Dayjs | null | undefined) => (v ? v.toISOString() : null);

/** The form's values → the change's body (a new activity's takes `exhibitionId`, `exhibitorId` on top). */
export function activityBody(v: ActivityFormValues, toggles: EditorToggles, draft: boolean): ActivityChange & Pick<ActivityCreate, 'title' | 'startAt' | 'endAt'> {
  const registration = toggles.registration
    ? { regEnabled: v.regEnabled, regStartAt: v.regEnabled ? iso(v.regStartAt) : null, regEndAt: v.regEnabled ? iso(v.regEndAt) : null, capacity: v.regEnabled ? (v.capacity ?? null) : null, waitlist: v.regEnabled && v.waitlist }
    : {};
  return {
    title: v.title.trim(),
    titleEn: text(v.titleEn),
    kind: v.kind,
    ...(toggles.category ? { categoryId: v.categoryId ?? null } : {}),
    hallId: v.hallId ?? null,
    venue: text(v.venue),
    startAt: iso(v.startAt)!,
    endAt: iso(v.endAt)!,
    cover: v.cover ?? null,
    introductionZh: v.introductionZh ?? '',
    introductionEn: v.introductionEn ?? '',
    ...registration,
    isShow: v.isShow,
    showIndex: v.showIndex ?? 0,
    draft,
  };
}

/** `end` must come after `start` (both set): the rule of the end field. */
export const endsAfter = (start: Dayjs | null | undefined, end: Dayjs | null | undefined) => !start || !end || end.isAfter(start);

/**
 * The one activity form of every add/edit route. `role` exhibitor: "save draft" beside "submit for review";
 * host: one save, final. `id` none: a new activity, the host's own unless `exhibitorId` names the exhibitor.
 */
export function ActivityEditor({ exhibitionId, id, exhibitorId, role, en = false, onDone }: { exhibitionId: string; id: string | null; exhibitorId?: string | null; role: 'host' | 'exhibitor'; en?: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ActivityFormValues>();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const activity = useActivity(id);
  const settings = useExhibitionSettingsOf(exhibitionId);
  const toggles: EditorToggles = { category: settings.data?.enabledActivityCategory ?? false, registration: settings.data?.enabledActivityReg ?? false };
  const categories = useActivityCategories(exhibitionId, toggles.category);
  const halls = useActivityHalls(exhibitionId);
  const regEnabled = Form.useWatch('regEnabled', form);
  const initial = useMemo(() => (id ? (activity.data ? activityFormValues(activity.data) : undefined) : activityFormValues(null)), [id, activity.data]);

  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);

  const save = async (draft: boolean) => {
    let values: ActivityFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(draft ? 'draft' : 'submit');
    try {
      const body = activityBody(values, toggles, draft);
      const result = id ? await activityApi.update(id, body) : await activityApi.create({ ...body, exhibitionId, ...(exhibitorId ? { exhibitorId } : {}) });
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
      const done: MessageKey = result.auditState === AuditState.Draft ? 'act.done.drafted' : result.auditState === AuditState.Pending ? 'act.done.submitted' : 'act.done.saved';
      feedback.message().success(t(done), MESSAGE_SECONDS);
      onDone();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(null);
    }
  };

  if (activity.isError) return <Alert type="error" showIcon title={t('act.missingId')} />;
  if (!initial || settings.isPending) return <Skeleton active />;

  const label = (key: MessageKey) => t(key);
  const required = (key: MessageKey) => ({ required: true, message: t('form.required', { label: t(key) }) });
  const after = (startField: 'startAt' | 'regStartAt', message: MessageKey) => ({
    validator: async (_: unknown, end: Dayjs | null | undefined) => {
      if (!endsAfter(form.getFieldValue(startField) as Dayjs | null, end)) throw new Error(t(message));
    },
  });
  const picker = (testId: string) => <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid={testId} />;

  return (
    <Card variant="borderless" className="form-card">
      <Form form={form} name="activity" layout="vertical" initialValues={initial} requiredMark disabled={saving !== null}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={label('act.field.title')} rules={[{ ...required('act.field.title'), whitespace: true }, { max: 100 }]}>
              <Input maxLength={100} data-testid="activity-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="titleEn" label={label('act.field.titleEn')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={label('act.field.kind')} rules={[required('act.field.kind')]}>
              <Select options={activityKinds.map((k) => ({ value: k, label: t(`act.kind.${k}`) }))} data-testid="activity-kind" />
            </Form.Item>
          </Col>
          {toggles.category && (
            <Col xs={24} md={12}>
              <Form.Item name="categoryId" label={label('act.field.category')}>
                <TreeSelect allowClear treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} treeData={activityCategoryTree(categories.data ?? [], en)} data-testid="activity-category" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="hallId" label={label('act.field.hall')}>
              <Select allowClear options={(halls.data ?? []).map((h) => ({ value: h.id, label: en && h.nameEn ? h.nameEn : h.name }))} data-testid="activity-hall" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="venue" label={label('act.field.venue')} rules={[{ max: 100 }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="startAt" label={label('act.field.startAt')} rules={[required('act.field.startAt')]}>
              {picker('activity-start')}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="endAt" label={label('act.field.endAt')} dependencies={['startAt']} rules={[required('act.field.endAt'), after('startAt', 'act.endAfterStart')]}>
              {picker('activity-end')}
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cover" label={label('act.field.cover')}>
          <ImageField />
        </Form.Item>
        <Form.Item name="introductionZh" label={label('act.field.introductionZh')}>
          <RichTextEditor testId="activity-intro-zh" label={t('act.field.introductionZh')} />
        </Form.Item>
        <Form.Item name="introductionEn" label={label('act.field.introductionEn')}>
          <RichTextEditor testId="activity-intro-en" label={t('act.field.introductionEn')} />
        </Form.Item>
        {toggles.registration ? (
          <>
            <Form.Item name="regEnabled" label={label('act.field.regEnabled')} valuePropName="checked">
              <Switch data-testid="activity-reg-enabled" />
            </Form.Item>
            {regEnabled && (
              <Row gutter={16} data-testid="activity-reg-fields">
                <Col xs={24} md={12}>
                  <Form.Item name="regStartAt" label={label('act.field.regStartAt')}>
                    {picker('activity-reg-start')}
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="regEndAt" label={label('act.field.regEndAt')} dependencies={['regStartAt']} rules={[after('regStartAt', 'act.regEndAfterStart')]}>
                    {picker('activity-reg-end')}
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="capacity" label={label('act.field.capacity')} extra={t('act.field.capacityHint')} rules={[{ type: 'integer', min: 1, max: 1_000_000 }]}>
                    <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="activity-capacity" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="waitlist" label={label('act.field.waitlist')} valuePropName="checked">
                    <Switch data-testid="activity-waitlist" />
                  </Form.Item>
                </Col>
              </Row>
            )}
          </>
        ) : (
          <Typography.Paragraph type="secondary" data-testid="activity-reg-off">
            {t('act.editorHints.regOff')}
          </Typography.Paragraph>
        )}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="isShow" label={label('act.field.isShow')} valuePropName="checked">
              <Switch data-testid="activity-is-show" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="showIndex" label={label('act.field.showIndex')} extra={t('act.field.showIndexHint')} rules={[{ type: 'integer', min: 0, max: 1_000_000 }]}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap>
          {role === 'exhibitor' ? (
            <>
              <Button type="primary" loading={saving === 'submit'} onClick={() => void save(false)} data-testid="activity-submit">
                {t('act.action.submit')}
              </Button>
              <Button loading={saving === 'draft'} onClick={() => void save(true)} title={t('act.editorHints.draft')} data-testid="activity-draft">
                {t('act.action.draft')}
              </Button>
            </>
          ) : (
            <Button type="primary" loading={saving === 'submit'} onClick={() => void save(false)} data-testid="activity-submit">
              {t('act.action.save')}
            </Button>
          )}
          <Button onClick={onDone} disabled={false}>
            {t('common.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
