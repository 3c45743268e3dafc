import { Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, type FormRule } from 'antd';
import { DatePicker } from './DatePicker.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MessageKey } from '../i18n/index.ts';
import { PhoneInput } from './PhoneInput.tsx';
import { showError } from './feedback.tsx';
import { showFormError } from './forms.ts';

/** One input of a form: the contract schema's field `name`, shown with `label`. */
export interface FormField {
  name: string;
  label: MessageKey;
  type?: 'text' | 'textarea' | 'password' | 'number' | 'select' | 'switch' | 'phone' | 'datetime' | 'tags';
  options?: readonly { value: string | number | boolean; label: MessageKey }[];
  /** Options from data (e.g. hosts), labelled by their own text. */
  dynamicOptions?: readonly { value: string; text: string }[];
  /** Overrides what the schema says (e.g. optional in the schema, asked for on this screen). */
  required?: boolean;
  placeholder?: MessageKey;
  /** Shown but not editable (e.g. an immutable key on edit). */
  readOnly?: boolean;
  /** A control of its own (e.g. RegionPicker, a tree select) instead of one from `type`. */
  input?: ReactNode;
  /** Rules added to the schema's. */
  rules?: FormRule[];
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): Shape => ('shape' in schema ? (schema as unknown as { shape: Shape }).shape : {});

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether the schema refuses a missing value. */
export const isRequired = (schema: z.ZodType | undefined) => Boolean(schema) && !schema!.safeParse(undefined).success;

/**
 * What the form holds → what the contract expects: trimmed text, empty → null where the schema takes
 * null (clears the field), else left out; dates as ISO strings.
 */
export function toPayload(values: Record<string, unknown>, schema: z.ZodType, fields: readonly FormField[]): Record<string, unknown> {
  const shape = shapeOf(schema);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    let value = values[field.name];
    if (typeof value === 'string') value = value.trim();
    if (dayjs.isDayjs(value)) value = (value as Dayjs).toISOString();
    if (isEmpty(value)) {
      if (shape[field.name]?.safeParse(null).success) out[field.name] = null;
      continue;
    }
    out[field.name] = value;
  }
  return out;
}

/** antd rules for one field, from its contract schema. */
export function fieldRules(field: FormField, schema: z.ZodType | undefined, label: string, t: (key: MessageKey, o?: Record<string, unknown>) => string): FormRule[] {
  const required = field.required ?? isRequired(schema);
  return [
    { required, message: t('form.required', { label }) },
    {
      validator: async (_rule, value: unknown) => {
        if (isEmpty(value) || !schema) return;
        const v = dayjs.isDayjs(value) ? (value as Dayjs).toISOString() : typeof value === 'string' ? value.trim() : value;
        if (!schema.safeParse(v).success) throw new Error(t('form.invalid', { label }));
      },
    },
  ];
}

function control(field: FormField, t: (key: MessageKey) => string): ReactNode {
  if (field.input) return field.input;
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={4} placeholder={placeholder} disabled={field.readOnly} />;
    case 'password':
      return <Input.Password autoComplete="new-password" placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} disabled={field.readOnly} />;
    case 'select':
      return (
        <Select
          allowClear
          placeholder={placeholder}
          disabled={field.readOnly}
          showSearch={{ optionFilterProp: 'label' }}
          options={field.dynamicOptions ? field.dynamicOptions.map((o) => ({ value: o.value, label: o.text })) : (field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'tags':
      return <Select mode="tags" tokenSeparators={[',', '，', '\n']} placeholder={placeholder} open={false} suffixIcon={null} />;
    case 'switch':
      return <Switch disabled={field.readOnly} />;
    case 'phone':
      return <PhoneInput />;
    case 'datetime':
      return <DatePicker showTime style={{ width: '100%' }} disabled={field.readOnly} />;
    default:
      return <Input placeholder={placeholder} disabled={field.readOnly} />;
  }
}

export interface ResourceFormProps<S extends z.ZodType> {
  /** Form name: ids of the inputs are `${name}_${field}`. */
  name: string;
  fields: readonly FormField[];
  /** The contract's request body schema; rules and the payload follow it. */
  schema: S;
  /** Values the screen sends with the inputs without asking for them (e.g. the exhibition a schedule belongs to). */
  hidden?: Partial<z.input<S>>;
  initialValues?: Record<string, unknown>;
  /** The payload as the contract schema parsed it, so it is the request body's type. */
  onSubmit: (payload: z.output<S>) => Promise<unknown>;
  submitLabel?: MessageKey;
  onCancel?: () => void;
}

/** A create/edit form described by fields and validated by the contract schema; server field errors land on their fields. */
export function ResourceForm<S extends z.ZodType>({ name, fields, schema, hidden, initialValues, onSubmit, submitLabel = 'common.save', onCancel }: ResourceFormProps<S>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const shape = shapeOf(schema);
  const initial = Object.fromEntries(
    Object.entries(initialValues ?? {}).map(([k, v]) => [k, fields.find((f) => f.name === k)?.type === 'datetime' && typeof v === 'string' ? dayjs(v) : v]),
  );

  useEffect(() => {
    form.resetFields();
  }, [form, initialValues]);

  const finish = async (values: Record<string, unknown>) => {
    // The inputs are checked one by one above; the whole body (rules across fields, the hidden values) here.
    const parsed = schema.safeParse({ ...toPayload(values, schema, fields), ...hidden });
    if (!parsed.success) {
      const wrong = fields.filter((f) => parsed.error.issues.some((issue) => issue.path[0] === f.name));
      if (wrong.length === 0) return showError(parsed.error);
      form.setFields(wrong.map((f) => ({ name: f.name, errors: [t('form.invalid', { label: t(f.label) })] })));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initial} onFinish={finish} requiredMark>
      {fields.map((field) => {
        const label = t(field.label);
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={label}
            valuePropName={field.type === 'switch' ? 'checked' : 'value'}
            rules={field.readOnly ? [] : [...fieldRules(field, shape[field.name], label, t), ...(field.rules ?? [])]}
          >
            {control(field, t)}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid={`${name}-submit`}>
            {t(submitLabel)}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** ResourceForm in a drawer, for create/edit from a list. */
export function FormDrawer<S extends z.ZodType>({ open, title, onClose, ...form }: ResourceFormProps<S> & { open: boolean; title: string; onClose: () => void }) {
  return (
    <Drawer open={open} title={title} onClose={onClose} destroyOnHidden size={520}>
      {open && <ResourceForm<S> {...form} onCancel={onClose} />}
    </Drawer>
  );
}
