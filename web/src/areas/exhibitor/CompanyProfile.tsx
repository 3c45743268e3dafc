import { BankOutlined, LoadingOutlined } from '@ant-design/icons';
import { companyPhone, updateCompanyProfileBody, type CompanyProfile as Profile } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Form, Input, Result, Row, Skeleton, Space, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { companyKeys } from '../../api/company.ts';
import { companyProfileApi, companyProfileKeys, useCompanyProfile, type CompanyProfileChange, type CompanyProfileView } from '../../api/companyProfile.ts';
import { ApiError } from '../../api/errors.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { contractRules, showFormError } from '../../components/forms.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { isValidPhone } from '../../components/PhoneInput.numbers.ts';
import { RegionPicker, regionFromText, regionToText, type RegionValue } from '../../components/RegionPicker.tsx';
import { i18n } from '../../i18n/index.ts';
import { sessionStore, useSession } from '../../session/store.ts';
import './CompanyProfile.css';
import { IconTitle } from '../../components/IconTitle.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';

interface Values {
  name: string;
  nameEn: string;
  logo: string | null;
  region: RegionValue | null;
  address: string;
  phone: string;
}

const fields = updateCompanyProfileBody.shape;

/** The longest text the contract lets a field hold (`z.string().max(n)` under optional/nullable). */
function maxLengthOf(schema: z.ZodType): number | null {
  let inner: unknown = schema;
  while (inner && typeof (inner as { unwrap?: unknown }).unwrap === 'function') inner = (inner as { unwrap: () => unknown }).unwrap();
  return (inner as { maxLength?: number | null }).maxLength ?? null;
}

/** An optional text field: only the contract's length limit, said in the UI language. */
const optionalText = (schema: z.ZodType): FormRule[] => {
  const max = maxLengthOf(schema);
  return max ? [{ max, message: i18n.t('companyProfile.tooLong', { max }) }] : [];
};

const toValues = (c: CompanyProfileView): Values => ({
  name: c.name,
  nameEn: c.nameEn ?? '',
  logo: c.logo,
  region: regionFromText(c.region),
  address: c.address ?? '',
  phone: c.phone ?? '',
});

const blankToNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/**
 * The server names the field by its key as sent ("address 含有敏感词“…”"); shown under the field's
 * own label, the key is left out.
 */
function underLabels(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.handled || error.errors.length === 0) return error;
  const { status, code, description, field, oauthError, network } = error;
  const errors = error.errors.map((e) => ({ field: e.field, message: e.message.startsWith(`${e.field} `) ? e.message.slice(e.field.length + 1) : e.message }));
  return new ApiError({ status, code, description, field, errors, oauthError, network });
}

/** Only what changed: a PUT changes the fields it sends, and the operation log shows just those. */
function changes(before: Values, after: Values, phoneKnown: boolean): CompanyProfileChange {
  const body: CompanyProfileChange = {};
  if (after.name.trim() !== before.name.trim()) body.name = after.name.trim();
  if (blankToNull(after.nameEn) !== blankToNull(before.nameEn)) body.nameEn = blankToNull(after.nameEn);
  if ((after.logo ?? null) !== (before.logo ?? null)) body.logo = after.logo ?? null;
  if (regionToText(after.region) !== regionToText(before.region)) body.region = regionToText(after.region);
  if (blankToNull(after.address) !== blankToNull(before.address)) body.address = blankToNull(after.address);
  // A phone the read did not answer is unknown, not empty: leave it alone unless one was typed.
  if (blankToNull(after.phone) !== blankToNull(before.phone) && (phoneKnown || blankToNull(after.phone))) body.phone = blankToNull(after.phone);
  return body;
}

/** A mobile number the phone input checks, or a landline as the company prints it: what the server accepts. */
export const companyPhoneRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (typeof value !== 'string' || !(isValidPhone(value) || companyPhone.safeParse(value).success)) throw new Error(i18n.t('phone.invalid'));
    },
  },
];

/** The logo: a square preview with upload, replace and remove; the value is the uploaded image's URL. */
function LogoField({ value, onChange, fallback }: { value?: string | null; onChange?: (url: string | null) => void; fallback: string }) {
  return (
    <div className="logo-field">
      <ImageUpload
        value={value}
        onChange={onChange}
        testId="logo-upload"
        labels={{ upload: 'companyProfile.upload', replace: 'companyProfile.replace', remove: 'companyProfile.remove' }}
        preview={(busy) => (
          <Avatar shape="square" size={112} src={value || undefined} className="company-logo" data-testid="company-logo">
            {busy ? <LoadingOutlined /> : fallback}
          </Avatar>
        )}
      />
    </div>
  );
}

function ProfileForm({ company }: { company: CompanyProfileView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const initial = toValues(company);
  const phoneKnown = company.phone !== undefined;

  const save = useMutation({
    mutationFn: (body: CompanyProfileChange) => companyProfileApi.update(body),
    meta: { ownErrors: true },
    onSuccess: (profile: Profile) => {
      // The answer is the whole profile as stored (words masked, text trimmed): the form and the
      // base of the next diff both become it. The form stays mounted, so each control keeps its
      // own state (the country a number was typed under, for one).
      queryClient.setQueryData(companyProfileKeys.detail(profile.id), profile);
      form.setFieldsValue(toValues(profile));
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      const { id, name, nameEn, logo, region, address } = profile;
      if (sessionStore.get().companyId === id) sessionStore.set({ companyInfo: { id, name, nameEn, logo, region, address } });
      feedback.message().success(t('companyProfile.saved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, underLabels(error)),
  });

  const submit = (values: Values) => {
    const body = changes(initial, values, phoneKnown);
    if (Object.keys(body).length === 0) feedback.message().info(t('companyProfile.unchanged'), MESSAGE_SECONDS);
    else save.mutate(body);
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} name="company-profile" className="company-profile-form">
      <Row gutter={[40, 8]}>
        <Col xs={24} md={8} lg={6}>
          <Form.Item name="logo" label={t('companyProfile.logo')}>
            <LogoField fallback={company.name.slice(0, 1)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16} lg={14}>
          <Form.Item name="name" label={t('companyProfile.name')} rules={contractRules(fields.name, { required: 'companyProfile.nameRequired' })}>
            <Input maxLength={maxLengthOf(fields.name) ?? undefined} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('companyProfile.nameEn')} rules={optionalText(fields.nameEn)}>
            <Input />
          </Form.Item>
          <Form.Item name="region" label={t('companyProfile.region')}>
            <RegionPicker />
          </Form.Item>
          <Form.Item name="address" label={t('companyProfile.address')} rules={optionalText(fields.address)}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('companyProfile.phone')} rules={companyPhoneRules}>
            <PhoneInput />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
              {t('common.save')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

/** /ex-live/index/set/my/home and /ex-live-en/…: the exhibitor's company profile (name, logo, region, address, phone). */
export default function CompanyProfile() {
  const { t } = useTranslation();
  const session = useSession();
  const company = useCompanyProfile(session.companyId);

  return (
    <Card
      variant="borderless"
      title={<IconTitle icon={<BankOutlined />}>{t('companyProfile.title')}</IconTitle>}
      extra={<Typography.Text type="secondary">{t('companyProfile.subtitle')}</Typography.Text>}
    >
      {!session.companyId ? (
        <Result status="info" title={t('exhibitorHome.noExhibition')} />
      ) : !company.data ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : (
        <ProfileForm key={company.data.id} company={company.data} />
      )}
    </Card>
  );
}
