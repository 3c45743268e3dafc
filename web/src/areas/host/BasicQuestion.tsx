import { FormType } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hostExhibitionApi, hostExhibitionKeys, useExhibitionSettings } from '../../api/host-exhibition.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { FormDesigner } from './BasicForm.tsx';

/**
 * /live/index/basic/question: the exhibition survey (`enabledExhibitionSurvey`), form type 4 of the
 * form builder, designed with the registration forms' designer (docs/visitor-groups.md).
 */
export default function BasicQuestion() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const queryClient = useQueryClient();
  const settings = useExhibitionSettings(exhibitionId);
  const toggle = useMutation({
    mutationFn: (on: boolean) => hostExhibitionApi.patchSettings(exhibitionId!, { enabledExhibitionSurvey: on }),
    onSuccess: (saved) => {
      queryClient.setQueryData(hostExhibitionKeys.settings(exhibitionId!), saved);
      feedback.message().success(t('vgroups.question.saved'), MESSAGE_SECONDS);
    },
    onError: showError,
  });
  if (!exhibitionId) return <Alert type="info" showIcon title={t('vgroups.noExhibition')} />;
  const intro = (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('vgroups.question.intro')}
      </Typography.Paragraph>
      <label>
        <Switch checked={settings.data?.enabledExhibitionSurvey ?? false} loading={settings.isPending || toggle.isPending} onChange={(on) => toggle.mutate(on)} data-testid="survey-enabled" style={{ marginInlineEnd: 8 }} />
        {t('vgroups.question.enabled')}
      </label>
    </Flex>
  );
  return <FormDesigner itemId={exhibitionId} types={[FormType.Survey]} intro={intro} />;
}
