import { sensitiveMode, updateSensitiveWordsBody, updateSystemSettingsBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemSettingsApi, systemSettingsKeys } from '../../api/systemSettings.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';

const settingsFields: readonly FormField[] = [
  { name: 'platformName', label: 'settings.platformName' },
  { name: 'platformNameEn', label: 'settings.platformNameEn' },
  { name: 'logo', label: 'settings.logo' },
  { name: 'keepRecord', label: 'settings.keepRecord' },
  { name: 'sensitiveMode', label: 'settings.sensitiveMode', type: 'select', options: sensitiveMode.options.map((m) => ({ value: m, label: `settings.mode.${m}` as const })) },
];

/** /admin/adminSet: platform settings with the sensitive-word mode, and the sensitive-word list. */
export default function AdminSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: systemSettingsKeys.system, queryFn: systemSettingsApi.get });
  const words = useQuery({ queryKey: systemSettingsKeys.sensitives, queryFn: systemSettingsApi.sensitives });
  const saved = () => feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t('settings.system')}>
          {settings.data ? (
            <ResourceForm
              name="system-settings"
              fields={settingsFields}
              schema={updateSystemSettingsBody}
              initialValues={settings.data}
              onSubmit={async (payload) => {
                queryClient.setQueryData(systemSettingsKeys.system, await systemSettingsApi.update(payload));
                saved();
              }}
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t('settings.sensitives')}>
          <Typography.Paragraph type="secondary">{t('settings.sensitivesIntro')}</Typography.Paragraph>
          {words.data ? (
            <ResourceForm
              name="sensitives"
              fields={[{ name: 'words', label: 'settings.words', type: 'tags', required: false, placeholder: 'settings.wordsPlaceholder' }]}
              schema={updateSensitiveWordsBody}
              initialValues={{ words: words.data.words }}
              onSubmit={async (payload) => {
                queryClient.setQueryData(systemSettingsKeys.sensitives, await systemSettingsApi.setSensitives(payload.words));
                saved();
              }}
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
    </Row>
  );
}
