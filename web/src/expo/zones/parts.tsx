import type { ExpoDirectoryItem } from '@pavilion/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameIn } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { zonesApi } from './zonesApi.ts';

/** An exhibitor's card, as the directory shows it. */
export function ExhibitorCard({ x }: { x: ExpoDirectoryItem }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  return (
    <li>
      <Link to={`${prefix}/exhibitors/${x.id}`} className="exhibitor-card">
        <LazyImage src={x.logo} alt={t('directory.logoOf', { name: nameIn(lang, x) })} className="logo" />
        <span className="exhibitor-card-text">
          <strong>{nameIn(lang, x)}</strong>
          {x.boothInfo ? <span className="muted">{t('directory.booth', { booth: x.boothInfo })}</span> : null}
        </span>
      </Link>
    </li>
  );
}

/** The home's featured exhibitors and products; nothing when none (or the read fails: the home stands without it). */
export function FeaturedStrips() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const read = useLoad(() => zonesApi.featured(exhibitionId), [exhibitionId]);
  const f = read.data;
  if (!f) return null;
  return (
    <>
      {f.exhibitors.length ? (
        <section aria-labelledby="featured-exhibitors" data-testid="featured-exhibitors">
          <h2 id="featured-exhibitors">{t('zones.featuredExhibitors')}</h2>
          <ul className="exhibitor-list">
            {f.exhibitors.map((x) => (
              <ExhibitorCard key={x.id} x={x} />
            ))}
          </ul>
        </section>
      ) : null}
      {f.products.length ? (
        <section aria-labelledby="featured-products" data-testid="featured-products">
          <h2 id="featured-products">{t('zones.featuredProducts')}</h2>
          <ul className="product-grid">
            {f.products.map((p) => (
              <li key={p.id}>
                <Link to={`${prefix}/products/${p.id}`}>
                  <LazyImage src={p.cover} alt={nameIn(lang, p)} className="cover" />
                  <span>{nameIn(lang, p)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The home's link to the topics, shown while the exhibition has a shown topic. */
export function TopicsLink() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const read = useLoad(() => zonesApi.topics(exhibitionId), [exhibitionId]);
  if (!read.data?.length) return null;
  return (
    <Link className="button" to={`${prefix}/topics`} data-testid="home-topics">
      {t('zones.topics')}
    </Link>
  );
}
