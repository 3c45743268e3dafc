import { BookOutlined } from '@ant-design/icons';
import { email as emailSchema } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorPagesApi, exhibitorPagesKeys, useJournal, type JournalSave } from '../../api/exhibitorPages.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { useSession } from '../../session/store.ts';
import { AuditStatus } from './AuditStatus.tsx';

const FIELDS = ['compName', 'compNameEn', 'introduction', 'introductionEn', 'exhibits', 'exhibitsEn', 'contact', 'phone', 'email', 'website', 'address', 'addressEn'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const LONG = new Set(['introduction', 'introductionEn', 'exhibits', 'exhibitsEn']);

/** `ExJournal`: the exhibitor's catalogue entry, edited and submitted for the host's audit. */
export default function ExJournal() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitorId = session.exhibitorId;
  const journal = useJournal(exhibitorId);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (journal.isSuccess) {
      const j = journal.data;
      form.setFieldsValue(Object.fromEntries(FIELDS.map((k) => [k, j ? (j[k] ?? '') : k === 'compName' ? (session.companyInfo?.name ?? '') : ''])) as Values);
    }
  }, [journal.isSuccess, journal.data, form, session.companyInfo]);

  const save = useMutation({
    mutationFn: (input: { values: Values; draft: boolean }) => {
      const body: JournalSave = { exhibitorId: exhibitorId ?? undefined, draft: input.draft, compName: input.values.compName };
      for (const k of FIELDS) if (k !== 'compName') body[k] = input.values[k]?.trim() ? input.values[k].trim() : null;
      return exhibitorPagesApi.saveJournal(body);
    },
    onSuccess: (saved, input) => {
      queryClient.setQueryData(exhibitorPagesKeys.journal(exhibitorId ?? ''), saved);
      feedback.message().success(t(input.draft ? 'exPages.draftSaved' : saved.auditState === 1 ? 'exPages.approvedAtOnce' : 'exPages.submitted'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  const submit = (draft: boolean) => form.validateFields().then((values) => save.mutate({ values, draft }), () => undefined);

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<Space><BookOutlined />{t('exPages.route.journal')}</Space>}>
        <Typography.Paragraph type="secondary">{t('exPages.journal.intro')}</Typography.Paragraph>
        {journal.isPending ? <Skeleton active /> : <AuditStatus item={journal.data ?? null} />}
      </Card>
      <Card variant="borderless">
        <Form form={form} layout="vertical" disabled={journal.isPending || save.isPending} data-testid="journal-form">
          <Row gutter={24}>
            {FIELDS.map((k) => (
              <Col key={k} xs={24} md={LONG.has(k) ? 24 : 12}>
                <Form.Item
                  name={k}
                  label={t(`exPages.journal.${k}`)}
                  rules={
                    k === 'compName'
                      ? [{ required: true, whitespace: true, message: t('exPages.journal.compNameRequired') }, { max: 200 }]
                      : k === 'email'
                        ? [{ validator: async (_r, v: string) => { if (v && !emailSchema.safeParse(v.trim()).success) throw new Error(t('exPages.journal.emailInvalid')); } }]
                        : [{ max: LONG.has(k) ? (k.startsWith('intro') ? 5000 : 2000) : 500 }]
                  }
                >
                  {LONG.has(k) ? <Input.TextArea rows={4} showCount maxLength={k.startsWith('intro') ? 5000 : 2000} /> : <Input />}
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space>
            <Button type="primary" loading={save.isPending && !save.variables?.draft} onClick={() => submit(false)} data-testid="journal-submit">
              {t('exPages.submit')}
            </Button>
            <Button loading={save.isPending && save.variables?.draft} onClick={() => submit(true)} data-testid="journal-draft">
              {t('exPages.saveDraft')}
            </Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
