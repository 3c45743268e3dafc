import { EXHIBITOR_VIDEO_LIMIT } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { boothVideoKeys, exhibitorVideoApi } from '../../api/boothVideos.ts';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { VideoLibrary } from './VideoLibrary.tsx';

/** /ex-live/index/set/video (and -en): the exhibitor's booth videos. */
export default function ExVideos() {
  const { t } = useTranslation();
  const en = langOfPath(useLocation().pathname) === 'en';
  const { exhibitorId } = useSession();
  const list = useQuery({ queryKey: boothVideoKeys.exhibitor(exhibitorId ?? ''), queryFn: () => exhibitorVideoApi.list(exhibitorId!), enabled: Boolean(exhibitorId) });
  if (!exhibitorId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('catalogue.videos.exIntro', { max: EXHIBITOR_VIDEO_LIMIT })}</Typography.Paragraph>
      <VideoLibrary
        videos={list.data?.items ?? []}
        loading={list.isFetching}
        max={EXHIBITOR_VIDEO_LIMIT}
        purpose="exhibitorVideo"
        en={en}
        queryKey={boothVideoKeys.all}
        create={(v) => exhibitorVideoApi.create(v)}
        update={(id, v) => exhibitorVideoApi.update(id, v)}
        remove={(id) => exhibitorVideoApi.remove(id)}
      />
    </>
  );
}
