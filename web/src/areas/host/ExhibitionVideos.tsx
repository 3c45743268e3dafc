import { EXHIBITION_VIDEO_LIMIT } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { boothVideoKeys, exhibitionVideoApi } from '../../api/boothVideos.ts';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { useSession } from '../../session/store.ts';
import { VideoLibrary } from '../exhibitor/VideoLibrary.tsx';

/** /live/index/manage/video: the host's videos of the current exhibition, shown or hidden on the visitor site. */
export default function ExhibitionVideos() {
  const { t, i18n } = useTranslation();
  const { exhibitionId } = useSession();
  const list = useQuery({ queryKey: boothVideoKeys.exhibition(exhibitionId ?? ''), queryFn: () => exhibitionVideoApi.list(exhibitionId!), enabled: Boolean(exhibitionId) });
  if (!exhibitionId) return <Alert type="warning" showIcon title={t('catalogue.videos.noExhibition')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('catalogue.videos.hostIntro', { max: EXHIBITION_VIDEO_LIMIT })}</Typography.Paragraph>
      <VideoLibrary
        videos={list.data?.items ?? []}
        loading={list.isFetching}
        max={EXHIBITION_VIDEO_LIMIT}
        purpose="exhibitionVideo"
        metadata={{ exhibitionId }}
        en={i18n.language === 'en'}
        queryKey={boothVideoKeys.all}
        create={(v) => exhibitionVideoApi.create({ ...v, exhibitionId })}
        update={(id, v) => exhibitionVideoApi.update(id, v)}
        remove={(id) => exhibitionVideoApi.remove(id)}
        extra={(v) => (
          <ShowSwitch
            checked={v.isShow}
            save={(isShow) => exhibitionVideoApi.show(v.id, isShow)}
            invalidate={[boothVideoKeys.all]}
            saved={(isShow) => t(isShow ? 'products.shown' : 'products.hidden')}
            aria-label={`${t('products.field.isShow')} ${v.title}`}
            data-testid={`video-show-${v.id}`}
          />
        )}
      />
    </>
  );
}
