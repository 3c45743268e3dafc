import { FlagOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorPagesApi, exhibitorPagesKeys, useLintel } from '../../api/exhibitorPages.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { useSession } from '../../session/store.ts';
import { AuditStatus } from './AuditStatus.tsx';

interface Values {
  name: string;
  nameEn: string;
}

/** `ExLintel`: the booth fascia name, submitted for the host's audit. */
export default function ExLintel() {
  const { t } = useTranslation();
  const { exhibitorId } = useSession();
  const lintel = useLintel(exhibitorId);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (lintel.data) form.setFieldsValue({ name: lintel.data.name ?? '', nameEn: lintel.data.nameEn ?? '' });
  }, [lintel.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) => exhibitorPagesApi.saveLintel(exhibitorId!, { name: v.name.trim(), nameEn: v.nameEn?.trim() || null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(exhibitorPagesKeys.lintel(exhibitorId ?? ''), saved);
      feedback.message().success(t(saved.auditState === 1 ? 'exPages.approvedAtOnce' : 'exPages.submitted'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<Space><FlagOutlined />{t('exPages.route.lintel')}</Space>}>
        <Typography.Paragraph type="secondary">{t('exPages.lintel.intro')}</Typography.Paragraph>
        {lintel.isPending ? <Skeleton active /> : <AuditStatus item={lintel.data} />}
      </Card>
      <Card variant="borderless">
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} disabled={lintel.isPending || save.isPending} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="name" label={t('exPages.lintel.name')} rules={[{ required: true, whitespace: true, message: t('exPages.lintel.nameRequired') }, { max: 100 }]}>
            <Input data-testid="lintel-name" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('exPages.lintel.nameEn')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lintel-submit">
            {t('exPages.submit')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
