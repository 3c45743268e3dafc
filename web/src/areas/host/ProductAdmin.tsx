import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/store.ts';
import Products from './Products.tsx';
import { ProductReviews } from './ProductReviews.tsx';

/**
 * /live/index/admin/product: the exhibition's products and, in a second tab (`?tab=reviews`), the
 * moderation of their reviews (the spec has no host route for it; docs/products.md).
 */
export default function ProductAdmin() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [search, setSearch] = useSearchParams();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  const tab = search.get('tab') === 'reviews' ? 'reviews' : 'products';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearch(key === 'reviews' ? { tab: key } : {}, { replace: true })}
      items={[
        { key: 'products', label: <span data-testid="product-tab-products">{t('catalog.tabs.products')}</span>, children: tab === 'products' ? <Products /> : null },
        { key: 'reviews', label: <span data-testid="product-tab-reviews">{t('catalog.tabs.reviews')}</span>, children: tab === 'reviews' ? <ProductReviews exhibitionId={exhibitionId} /> : null },
      ]}
    />
  );
}
