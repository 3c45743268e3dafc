import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { applyExhibitorBody, AuditState, type SettledForm } from '@pavilion/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Image, Input, Result, Segmented, Skeleton, TreeSelect, Typography, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { getConfig } from '../../api/config.ts';
import { settledApi, settledKeys, type SettledApplication } from '../../api/settled.ts';
import { contractRules, showFormError } from '../../components/forms.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { phoneRules } from '../../components/PhoneInput.numbers.ts';
import { RegionPicker, regionToText, type RegionValue } from '../../components/RegionPicker.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { langOfPath, type Lang } from '../../i18n/index.ts';
import { mirrorPath } from '../../session/guard.ts';
import './Settled.css';


interface Values {
  company: string;
  companyEn?: string;
  name: string;
  mobile: string;
  email?: string;
  region?: RegionValue | null;
  categoryIds: string[];
  licenceUrl?: string | null;
  message?: string;
}

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** The host's categories as a tree for the picker, in the page's language. */
export function categoryTree(categories: SettledForm['categories'], lang: Lang): TreeNode[] {
  const nodes = new Map(categories.map((c) => [c.id, { value: c.id, title: (lang === 'en' ? c.nameEn : null) || c.name, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const c of categories) {
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(c.id)!);
  }
  return roots;
}

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

/** What the form sends: blanks left out, the region as its path text. */
export function applicationOf(exhibitionId: string, v: Values): SettledApplication {
  return {
    exhibitionId,
    company: v.company.trim(),
    companyEn: blank(v.companyEn),
    name: v.name.trim(),
    mobile: v.mobile,
    email: blank(v.email),
    region: regionToText(v.region) ?? undefined,
    categoryIds: v.categoryIds,
    licenceUrl: v.licenceUrl ?? undefined,
    message: blank(v.message),
  };
}

/** The business licence: upload with the settled token, preview, replace, remove. */
function LicenceField({ value, onChange }: { value?: string | null; onChange?: (url: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <ImageUpload
      value={value}
      onChange={onChange}
      testId="licence-upload"
      upload={async (file) => (await settledApi().uploadLicence(file)).url}
      labels={{ upload: 'settled.licenceUpload', replace: 'settled.licenceReplace', remove: 'settled.licenceRemove' }}
      hint={t('settled.licenceHint')}
      preview={() => value && <Image src={value} width={96} height={96} className="settled-licence" alt={t('settled.licence')} />}
    />
  );
}

function ApplicationForm({ exhibitionId, data, lang, onDone }: { exhibitionId: string; data: SettledForm; lang: Lang; onDone: (done: Done) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tree = useMemo(() => categoryTree(data.categories, lang), [data.categories, lang]);
  const max = data.categoryLimit;
  const submit = useMutation({
    mutationFn: (values: Values) => settledApi().apply(applicationOf(exhibitionId, values)),
    onSuccess: (receipt, values) => onDone({ approved: receipt.auditState === AuditState.Approved, mobile: values.mobile, email: blank(values.email) ?? null }),
    onError: (error) => showFormError(form, error),
  });
  const lengthRule = (n: number): FormRule => ({ max: n, message: t('settled.tooLong', { max: n }) });
  const categoryRules: FormRule[] = [
    { required: true, type: 'array', min: 1, message: t('settled.categoriesRequired') },
    { type: 'array', max, message: t('settled.categoriesTooMany', { max }) },
  ];

  return (
    <Form form={form} layout="vertical" requiredMark onFinish={(v) => submit.mutate(v)} scrollToFirstError data-testid="settled-form">
      <Form.Item name="company" label={t('settled.company')} rules={[...contractRules(applyExhibitorBody.shape.company, { required: 'settled.companyRequired' }), lengthRule(200)]}>
        <Input id="company" placeholder={t('settled.companyPlaceholder')} />
      </Form.Item>
      <Form.Item name="companyEn" label={t('settled.companyEn')} rules={[lengthRule(200)]}>
        <Input id="companyEn" />
      </Form.Item>
      <Form.Item name="name" label={t('settled.contact')} rules={[...contractRules(applyExhibitorBody.shape.name, { required: 'settled.contactRequired' }), lengthRule(100)]}>
        <Input id="name" prefix={<UserOutlined />} />
      </Form.Item>
      <Form.Item name="mobile" label={t('settled.mobile')} rules={phoneRules()}>
        <PhoneInput id="mobile" />
      </Form.Item>
      <Form.Item name="email" label={t('settled.email')} rules={[{ type: 'email', message: t('settled.emailInvalid') }]}>
        <Input id="email" prefix={<MailOutlined />} />
      </Form.Item>
      <Form.Item name="region" label={t('settled.region')}>
        <RegionPicker id="region" />
      </Form.Item>
      <Form.Item name="categoryIds" label={t('settled.categories')} extra={t('settled.categoriesHint', { max })} rules={categoryRules}>
        <TreeSelect
          id="categoryIds"
          multiple
          treeData={tree}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          notFoundContent={t('settled.noCategories')}
          data-testid="settled-categories"
        />
      </Form.Item>
      <Form.Item name="licenceUrl" label={t('settled.licence')}>
        <LicenceField />
      </Form.Item>
      <Form.Item name="message" label={t('settled.message')} rules={[lengthRule(1000)]}>
        <Input.TextArea id="message" rows={3} placeholder={t('settled.messagePlaceholder')} showCount maxLength={1000} />
      </Form.Item>
      <Form.Item className="login-submit">
        <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending} data-testid="settled-submit">
          {t('settled.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

interface Done {
  approved: boolean;
  mobile: string;
  email: string | null;
}

/**
 * /ex-live/settled and /ex-live-en/settled: a company applies to exhibit (入驻申请) without an
 * account. The exhibition is `?exhibitionId=` (or `?id=`, as the login links), else the configured
 * default; the host's approval sends the login by SMS and e-mail.
 */
export default function Settled() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = langOfPath(location.pathname);
  const exhibitionId = params.get('exhibitionId') || params.get('id') || getConfig().exhibitionId;
  const [done, setDone] = useState<Done | null>(null);
  const form = useQuery({ queryKey: settledKeys.form(exhibitionId), queryFn: () => settledApi().form(exhibitionId!), enabled: Boolean(exhibitionId), retry: false });
  const mirror = mirrorPath(location.pathname, lang === 'en' ? 'zh-CN' : 'en');
  const exhibition = form.data?.exhibition;
  const loginPath = `${lang === 'en' ? '/ex-live-en' : '/ex-live'}/login/ex?id=${exhibitionId ?? ''}`;
  const contacts = done && { mobile: done.mobile, email: done.email ? t('settled.doneEmail', { email: done.email }) : '' };

  let body;
  if (!exhibitionId) body = <Alert type="warning" showIcon title={t('settled.noExhibition')} data-testid="settled-missing" />;
  else if (form.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (form.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('settled.loadFailed')}
        description={form.error instanceof Error ? form.error.message : undefined}
        action={<Button onClick={() => void form.refetch()}>{t('settled.retry')}</Button>}
      />
    );
  else if (done)
    body = (
      <Result
        status="success"
        title={t(done.approved ? 'settled.approvedTitle' : 'settled.doneTitle')}
        subTitle={t(done.approved ? 'settled.approvedText' : 'settled.doneText', contacts!)}
        data-testid="settled-done"
        extra={[
          <Link key="login" to={loginPath}>
            <Button type="primary">{t('settled.goLogin')}</Button>
          </Link>,
          <Button key="again" onClick={() => setDone(null)}>
            {t('settled.again')}
          </Button>,
        ]}
      />
    );
  else body = <ApplicationForm exhibitionId={exhibitionId} data={form.data} lang={lang} onDone={setDone} />;

  return (
    <div className="login-page">
      <div className="login-panel settled-panel">
        <div className="login-brand">
          <span className="app-brand-mark">P</span>
          <div>
            <Typography.Title level={3} className="login-brand-name">
              {lang === 'en' ? t('app.exhibitorTitle') : t('app.name')}
            </Typography.Title>
            {exhibition && (
              <Typography.Text type="secondary" data-testid="settled-exhibition">
                {t('settled.exhibition', { name: (lang === 'en' ? exhibition.nameEn : null) || exhibition.name })}
              </Typography.Text>
            )}
          </div>
        </div>
        <Card className="login-card" variant="borderless">
          <div className="login-card-head">
            <Typography.Title level={4}>{t('settled.title')}</Typography.Title>
            {mirror && (
              <Segmented<Lang>
                size="small"
                value={lang}
                options={[
                  { value: 'zh-CN', label: t('lang.zh-CN') },
                  { value: 'en', label: t('lang.en') },
                ]}
                onChange={() => navigate(`${mirror}${location.search}`, { replace: true })}
              />
            )}
          </div>
          {!done && exhibitionId && !form.isError && <Typography.Paragraph type="secondary">{t('settled.intro')}</Typography.Paragraph>}
          {body}
        </Card>
      </div>
    </div>
  );
}
