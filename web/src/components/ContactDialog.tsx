import { email as emailSchema } from '@pavilion/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, feedback, MESSAGE_SECONDS } from './feedback.tsx';
import { PhoneInput } from './PhoneInput.tsx';
import { phoneRules } from './PhoneInput.numbers.ts';

/**
 * Changes someone else's e-mail or mobile (a visitor's, a customer-service member's): no code is
 * sent, the server checks the value and answers "already exists" for another account's, shown as it words it.
 */
export function ContactDialog({ field, initial, save, onClose, onSaved }: { field: 'email' | 'phoneNumber'; initial: string | null; save: (value: string) => Promise<unknown>; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string }>();
  const [busy, setBusy] = useState(false);
  const isEmail = field === 'email';
  return (
    <Modal open title={t(isEmail ? 'members.contact.emailTitle' : 'members.contact.phoneTitle')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'contact-save' }} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        name="contact-edit"
        initialValues={{ value: initial ?? '' }}
        onFinish={async ({ value }) => {
          setBusy(true);
          try {
            await save(isEmail ? value.trim() : value);
            await onSaved();
            feedback.message().success(t('members.contact.saved'), MESSAGE_SECONDS);
            onClose();
          } catch (error) {
            feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
          } finally {
            setBusy(false);
          }
        }}
      >
        {isEmail ? (
          <Form.Item
            name="value"
            label={t('members.field.email')}
            rules={[
              {
                required: true,
                validator: async (_rule, v: unknown) => {
                  if (!emailSchema.safeParse(String(v ?? '').trim().toLowerCase()).success) throw new Error(t('members.contact.invalidEmail'));
                },
              },
            ]}
          >
            <Input autoFocus data-testid="contact-email" />
          </Form.Item>
        ) : (
          <Form.Item name="value" label={t('members.field.phoneNumber')} rules={phoneRules()}>
            <PhoneInput />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
