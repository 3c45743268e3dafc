import { type ExhibitionSettings, type ExhibitionSettingsPatch } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Skeleton, Space, Typography, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorServicesApi, exhibitorServicesKeys, useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { hostExhibitionKeys } from '../../api/host-exhibition.ts';
import { hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';

type Key = keyof ExhibitionSettings;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the keys that changed (a nested object whole): the exhibition configuration's PATCH. */
export function settingsPatch<K extends Key>(keys: readonly K[], before: Pick<ExhibitionSettings, K>, after: Partial<Pick<ExhibitionSettings, K>>): ExhibitionSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    const value = after[key] === undefined ? undefined : typeof before[key] === 'object' ? { ...(before[key] as object), ...(after[key] as object) } : after[key];
    if (value !== undefined && !same(value, before[key])) patch[key] = value;
  }
  return patch as ExhibitionSettingsPatch;
}

/**
 * A screen over some keys of the current exhibition's configuration (`GET`/`PUT /api/v1/settings/exhibition…`,
 * the call ex-set and the display screen use): loads them, saves only what changed, puts the server's
 * field errors on their fields.
 */
export function ExhibitionSettingsScreen<K extends Key>({ keys, intro, name, children }: { keys: readonly K[]; intro: MessageKey; name: string; children: (form: FormInstance) => ReactNode }) {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const settings = useExhibitionSettingsOf(exhibitionId);
  const [form] = Form.useForm();
  const values = (s: ExhibitionSettings) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<ExhibitionSettings, K>;

  useEffect(() => {
    if (settings.data) form.setFieldsValue(values(settings.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keys are a constant of the screen
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: async (after: Partial<Pick<ExhibitionSettings, K>>) => {
      const patch = settingsPatch(keys, values(settings.data!), after);
      return Object.keys(patch).length ? exhibitorServicesApi.patchExhibitionSettings(exhibitionId!, patch) : null;
    },
    onSuccess: (saved) => {
      if (!saved) return void feedback.message().info(t('proHost.unchanged'), MESSAGE_SECONDS);
      queryClient.setQueryData(exhibitorServicesKeys.exhibitionSettings(exhibitionId!), saved);
      void queryClient.invalidateQueries({ queryKey: hostExhibitionKeys.settings(exhibitionId!) });
      void queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.settings(exhibitionId!) });
      feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">{t(intro)}</Typography.Paragraph>
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name={name} onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
          {children(form)}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`${name}-save`}>
              {t('common.save')}
            </Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
