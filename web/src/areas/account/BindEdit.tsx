import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { emailBody, phoneBody, smsCode } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Modal, Row, Skeleton, Space, Steps, Typography } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi, accountKeys, useMe, type ContactKind } from '../../api/account.ts';
import { CodeButton } from '../../components/CodeButton.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { contractRules, showFormError } from '../../components/forms.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { formatPhone, phoneRules } from '../../components/PhoneInput.numbers.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { sessionStore } from '../../session/store.ts';
import { IconTitle } from '../../components/IconTitle.tsx';

/** What differs between the phone and the e-mail flow; the screens below are shared. */
const contacts: Record<ContactKind, { field: 'phoneNumber' | 'email'; schema: typeof phoneBody.shape.phoneNumber | typeof emailBody.shape.email; required: MessageKey; invalid: MessageKey; icon: ComponentType; inputMode: 'tel' | 'email' }> = {
  phone: { field: 'phoneNumber', schema: phoneBody.shape.phoneNumber, required: 'validation.phoneRequired', invalid: 'validation.phoneInvalid', icon: MobileOutlined, inputMode: 'tel' },
  email: { field: 'email', schema: emailBody.shape.email, required: 'validation.emailRequired', invalid: 'validation.emailInvalid', icon: MailOutlined, inputMode: 'email' },
};

function CodeField({ send, name = 'code' }: { send: () => Promise<boolean>; name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.code')} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={contractRules(smsCode, { required: 'validation.codeRequired', invalid: 'validation.codeInvalid' })}>
          <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" aria-label={t('login.code')} />
        </Form.Item>
        <CodeButton send={send} />
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Bind (no contact yet): a code to the new contact, then apply. Change: a code to the current
 * contact gives a ticket, then a code to the new contact and apply with the ticket.
 */
function ContactFlow({ kind, current, onDone }: { kind: ContactKind; current: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contact = contacts[kind];
  const [verifyForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ value: string; code: string }>();
  const [ticket, setTicket] = useState<string | null>(null);
  const verifying = Boolean(current) && !ticket;

  const check = useMutation({
    mutationFn: ({ code }: { code: string }) => accountApi.changeOldCheck(kind, code),
    meta: { ownErrors: true },
    onSuccess: (result) => setTicket(result.ticket),
    onError: (error) => showFormError(verifyForm, error),
  });

  const apply = useMutation({
    mutationFn: ({ value, code }: { value: string; code: string }) =>
      current ? accountApi.changeApply(kind, value, code, ticket ?? '') : accountApi.bindApply(kind, value, code),
    meta: { ownErrors: true },
    onSuccess: (user) => {
      if (sessionStore.get().user) sessionStore.set({ user });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      feedback.message().success(t(current ? `contact.${kind}.changed` : `contact.${kind}.bound`), MESSAGE_SECONDS);
      onDone();
    },
    onError: (error) => showFormError(newForm, error),
  });

  const sendNew = async () => {
    const { value } = await newForm.validateFields(['value']);
    return (current ? await accountApi.changeToken(kind, value) : await accountApi.bindSendCode(kind, value)).result;
  };

  const steps = [...(current ? [{ title: t('contact.verifyOld') }] : []), { title: t('contact.enterNew') }, { title: t('contact.done') }];

  return (
    <>
      <Steps size="small" current={verifying ? 0 : current ? 1 : 0} items={steps} className="contact-steps" />
      {verifying ? (
        <Form key="verify" form={verifyForm} layout="vertical" name={`${kind}-verify`} onFinish={(v) => check.mutate(v)}>
          <Typography.Paragraph type="secondary">{t('contact.codeTo', { value: kind === 'phone' ? formatPhone(current) : current })}</Typography.Paragraph>
          <CodeField send={async () => (await accountApi.changeOldToken(kind)).result} />
          <Button type="primary" htmlType="submit" loading={check.isPending}>
            {t('common.next')}
          </Button>
        </Form>
      ) : (
        // Keyed: the new contact's code button must not inherit the first step's countdown.
        <Form key="new" form={newForm} layout="vertical" name={`${kind}-new`} onFinish={(v) => apply.mutate(v)}>
          {kind === 'phone' ? (
            <Form.Item name="value" label={t(`contact.${kind}.label`)} rules={phoneRules()}>
              <PhoneInput />
            </Form.Item>
          ) : (
            <Form.Item name="value" label={t(`contact.${kind}.label`)} rules={contractRules(contact.schema, { required: contact.required, invalid: contact.invalid })}>
              <Input prefix={<contact.icon />} inputMode={contact.inputMode} autoComplete="email" />
            </Form.Item>
          )}
          <CodeField send={sendNew} />
          <Button type="primary" htmlType="submit" loading={apply.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </>
  );
}

function ContactCard({ kind, current }: { kind: ContactKind; current: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Icon = contacts[kind].icon;
  const action = t(current ? `contact.${kind}.change` : `contact.${kind}.bind`);
  return (
    <Card
      variant="borderless"
      title={<IconTitle icon={<Icon />}>{t(`contact.${kind}.title`)}</IconTitle>}
    >
      <Typography.Text type="secondary">{t(`contact.${kind}.current`)}</Typography.Text>
      <Typography.Title level={4} className="contact-value" data-testid={`current-${kind}`}>
        {current ? (kind === 'phone' ? formatPhone(current) : current) : t('account.notBound')}
      </Typography.Title>
      <Button type="primary" ghost onClick={() => setOpen(true)} data-testid={`edit-${kind}`}>
        {action}
      </Button>
      <Modal open={open} title={action} footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <ContactFlow kind={kind} current={current} onDone={() => setOpen(false)} />
      </Modal>
    </Card>
  );
}

/** /host/index/account/bind-edit and /ex/index/account/bind-edit: bind or change phone and e-mail. */
export default function BindEdit() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) return <Skeleton active />;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <ContactCard kind="phone" current={user.phoneNumber} />
      </Col>
      <Col xs={24} lg={12}>
        <ContactCard kind="email" current={user.email} />
      </Col>
    </Row>
  );
}
