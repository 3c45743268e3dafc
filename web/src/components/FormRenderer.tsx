import { checkFormItem, formIssueMessage, itemVisible, TagType, validateFormAnswers, type FormAnswers, type FormItem } from '@pavilion/contract';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, RangePicker } from './DatePicker.tsx';
import { RegionPicker, type RegionValue } from './RegionPicker.tsx';

export interface FormRendererProps {
  items: FormItem[];
  /** The form's language: its messages and the renderer's own words (the preview shows either). */
  lang: 'zh-CN' | 'en';
  /** The English visitor form takes international phone numbers; the others a mainland mobile. */
  international: boolean;
  form?: FormInstance;
  /** The checked answers, hidden items' dropped (the same function the server runs). */
  onSubmit?: (values: FormAnswers) => void;
  submitText?: ReactNode;
  name?: string;
}

const DAY = 'YYYY-MM-DD';

/** A province/city/district (or country) path kept as its names, the answer the host reads. */
function RegionAnswer({ value, onChange, id, placeholder }: { value?: string[]; onChange?: (v: string[] | null) => void; id?: string; placeholder?: string }) {
  const [picked, setPicked] = useState<RegionValue | null>(null);
  const names = value ?? [];
  const current = picked && picked.names.join('/') === names.join('/') ? picked : names.length ? { ids: [], names, code: null } : null;
  return (
    <RegionPicker
      id={id}
      placeholder={placeholder}
      showAreaCode={false}
      value={current}
      onChange={(v) => {
        setPicked(v);
        onChange?.(v ? v.names : null);
      }}
    />
  );
}

/**
 * Turns form items (part 2 §3) into antd controls: the visitor site's registration forms and the
 * designer's preview. Each item is checked by the contract's `checkFormItem` as the visitor types,
 * conditional items show only on their answers, and submitting runs `validateFormAnswers` as the server will.
 */
export function FormRenderer({ items, lang, international, form: given, onSubmit, submitText, name = 'form-renderer' }: FormRendererProps) {
  const { t } = useTranslation();
  const [own] = Form.useForm();
  const form = given ?? own;
  const say = (key: 'select' | 'input' | 'submit' | 'start' | 'end') => t(`formRenderer.${key}`, { lng: lang });
  const sorted = [...items].sort((a, b) => a.showIndex - b.showIndex);

  const control = (item: FormItem): ReactNode => {
    const placeholder = item.attributes.placeholder || undefined;
    const options = item.attributes.options.map((o) => ({ label: o.label, value: o.value }));
    switch (item.tagType) {
      case TagType.Textarea:
        return <Input.TextArea placeholder={placeholder ?? say('input')} autoSize={{ minRows: 2, maxRows: 6 }} />;
      case TagType.Number:
        return <InputNumber placeholder={placeholder ?? say('input')} style={{ width: '100%' }} />;
      case TagType.Select:
        return <Select placeholder={placeholder ?? say('select')} options={options} allowClear />;
      case TagType.Radio:
        return <Radio.Group options={options} />;
      case TagType.Checkbox:
        return <Checkbox.Group options={options} />;
      case TagType.Date:
        return <DatePicker placeholder={placeholder ?? say('select')} style={{ width: '100%' }} />;
      case TagType.DateRange:
        return <RangePicker placeholder={[item.childrens?.[0]?.label ?? say('start'), item.childrens?.[1]?.label ?? say('end')]} style={{ width: '100%' }} />;
      case TagType.Cascade:
        return options.length ? <Select mode="multiple" placeholder={placeholder ?? say('select')} options={options} allowClear /> : <RegionAnswer placeholder={placeholder ?? say('select')} />;
      default:
        // The English visitor form's default asks a password (part 2 §3): masked like any password field.
        return item.name === 'password' ? <Input.Password placeholder={placeholder ?? say('input')} autoComplete="new-password" /> : <Input placeholder={placeholder ?? say('input')} />;
    }
  };

  const dateProps = (item: FormItem) =>
    item.tagType === TagType.Date
      ? { getValueProps: (v: unknown) => ({ value: typeof v === 'string' ? dayjs(v) : null }), normalize: (d: Dayjs | null) => (d ? d.format(DAY) : null) }
      : item.tagType === TagType.DateRange
        ? {
            getValueProps: (v: unknown) => ({ value: Array.isArray(v) ? v.map((s) => dayjs(String(s))) : null }),
            normalize: (d: [Dayjs, Dayjs] | null) => (d ? d.map((x) => x.format(DAY)) : null),
          }
        : {};

  const field = (item: FormItem) => {
    if (item.tagType === TagType.Text)
      return (
        <Typography.Paragraph key={item.name} data-testid={`form-item-${item.name}`}>
          {item.label}
        </Typography.Paragraph>
      );
    return (
      <Form.Item
        key={item.name}
        name={item.name}
        label={item.label}
        required={item.attributes.checkOptions.require}
        data-testid={`form-item-${item.name}`}
        {...dateProps(item)}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const issue = checkFormItem(item, value, { international });
              if (issue) throw new Error(formIssueMessage(issue, item.label, lang));
            },
          },
        ]}
      >
        {control(item)}
      </Form.Item>
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name={name}
      onFinish={(answers: FormAnswers) => onSubmit?.(validateFormAnswers(items, answers, { international }).values)}
    >
      {sorted.map((item) =>
        item.showWhen ? (
          <Form.Item key={item.name} noStyle shouldUpdate>
            {({ getFieldsValue }) => (itemVisible(item, items, getFieldsValue(true) as FormAnswers) ? field(item) : null)}
          </Form.Item>
        ) : (
          field(item)
        ),
      )}
      {onSubmit && (
        <Button type="primary" htmlType="submit" block data-testid={`${name}-submit`}>
          {submitText ?? say('submit')}
        </Button>
      )}
    </Form>
  );
}
