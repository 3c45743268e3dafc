import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Failed, Loading, Missing } from '../App.tsx';
import { expoApi, ExpoError } from '../api.ts';
import { nameIn } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { EnquiryButton } from '../matching/EnquiryButton.tsx';

export default function Product() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const { productId = '' } = useParams();
  const product = useLoad(() => expoApi.product(exhibitionId, productId), [exhibitionId, productId]);
  const counted = useRef('');
  useEffect(() => {
    if (counted.current === productId) return;
    counted.current = productId;
    expoApi.countLook(exhibitionId, productId).catch(() => undefined);
  }, [exhibitionId, productId]);

  if (product.error) return product.error instanceof ExpoError && product.error.status === 404 ? <Missing /> : <Failed onRetry={product.reload} />;
  const p = product.data;
  if (!p) return <Loading />;
  const intro = lang === 'en' ? p.introductionEn || p.introduction : p.introduction;
  return (
    <article className="product">
      <h1>{nameIn(lang, p)}</h1>
      {p.pictures.length ? (
        <ul className="gallery" aria-label={t('product.pictures')}>
          {p.pictures.map((src, i) => (
            <li key={src}>
              <LazyImage src={src} alt={t('product.picture', { n: i + 1 })} className="cover" />
            </li>
          ))}
        </ul>
      ) : null}
      {p.videoUrl ? <video src={p.videoUrl} poster={p.videoCover ?? undefined} controls preload="none" aria-label={t('product.video')} /> : null}
      <section aria-labelledby="exhibitor">
        <h2 id="exhibitor">{t('product.exhibitor')}</h2>
        <p>
          <Link to={`${prefix}/exhibitors/${p.exhibitorId}`}>{nameIn(lang, p.company)}</Link>
          {p.boothInfo ? <span className="muted"> · {t('directory.booth', { booth: p.boothInfo })}</span> : null}
        </p>
      </section>
      {intro ? (
        <section aria-labelledby="intro">
          <h2 id="intro">{t('product.intro')}</h2>
          {/* Sanitised by the server when saved (server/src/http/rich-text.ts). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: intro }} />
        </section>
      ) : null}
      {p.showEnquiryButton ? <EnquiryButton exhibitorId={p.exhibitorId} productId={productId} /> : null}
      <Link className="button" to={`${prefix}/exhibitors/${p.exhibitorId}`}>
        {t('product.visitBooth')}
      </Link>
    </article>
  );
}
