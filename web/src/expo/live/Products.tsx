import type { LivePushProduct } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameIn } from '../format.ts';
import { useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';

/** The product the presenter is showing, over the lower part of the player, until the push is cancelled. */
export function PushedProduct({ product }: { product: LivePushProduct }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  const [closed, setClosed] = useState<string | null>(null);
  const key = `${product.productId}@${product.pushedAt ?? ''}`;
  if (closed === key) return null;
  const name = nameIn(lang, product);
  return (
    <div className="pushed-card" data-testid="pushed-product" role="status">
      {product.picture ? <img src={product.picture} alt="" width={56} height={56} /> : null}
      <div className="pushed-text">
        <span className="badge live">{t('live.explaining')}</span>
        <strong>{name}</strong>
        {product.price ? <span className="price">{product.price}</span> : null}
      </div>
      <Link className="button primary" to={`${prefix}/products/${product.productId}`}>
        {t('live.view')}
      </Link>
      <button type="button" className="pushed-close" aria-label={t('live.close')} onClick={() => setClosed(key)}>
        ×
      </button>
    </div>
  );
}

export function ProductList({ products }: { products: LivePushProduct[] }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  if (!products.length) return <p className="status">{t('live.noProducts')}</p>;
  return (
    <ul className="live-products" aria-label={t('live.productsTitle')}>
      {[...products]
        .sort((x, y) => x.showIndex - y.showIndex)
        .map((p) => (
          <li key={p.productId} className={p.pushed ? 'on' : undefined}>
            <LazyImage src={p.picture} alt={nameIn(lang, p)} className="cover" />
            <div className="live-product-text">
              <strong>{nameIn(lang, p)}</strong>
              {p.pushed ? <span className="badge live">{t('live.explaining')}</span> : null}
              {p.price ? <span className="price">{p.price}</span> : null}
            </div>
            <Link className="button" to={`${prefix}/products/${p.productId}`} aria-label={`${t('live.view')} ${nameIn(lang, p)}`}>
              {t('live.view')}
            </Link>
          </li>
        ))}
    </ul>
  );
}
