import { Alert, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { productApi, productKeys } from '../../api/products.ts';
import { ProductEditor } from '../exhibitor/ProductEditor.tsx';
import { exhibitorProductsPath } from './Products.tsx';

/**
 * The host's product form on an exhibitor's behalf (final, no review), the exhibitor's own form:
 * /live/index/admin/proAdd?exhibitorId and /live/index/admin/proEdit?id return to the exhibitor's
 * products; /live/index/admin/product-edit?id, opened from the product list, returns there.
 */
export default function HostProductEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = pathname.endsWith('/proAdd') ? null : params.get('id');
  const product = useQuery({ queryKey: productKeys.detail(id ?? ''), queryFn: () => productApi.get(id!), enabled: Boolean(id) });
  const exhibitorId = id ? (product.data?.exhibitorId ?? null) : params.get('exhibitorId');
  // The exhibition is the exhibitor's (its categories, limits and video switch), not the one chosen on the home page.
  const exhibitor = useQuery({ queryKey: hostExhibitorKeys.detail(exhibitorId ?? ''), queryFn: () => hostExhibitorApi.details(exhibitorId!), enabled: Boolean(exhibitorId) && !id });
  const exhibitionId = id ? (product.data?.exhibitionId ?? null) : (exhibitor.data?.exhibitionId ?? null);

  if (!id && !pathname.endsWith('/proAdd')) return <Alert type="error" showIcon title={t('proHost.missingProduct')} />;
  if (!id && !exhibitorId) return <Alert type="warning" showIcon title={t('proHost.exhibitorPro.missing')} />;
  if (product.isError || exhibitor.isError) return <Alert type="error" showIcon title={t('proHost.missingProduct')} />;
  if (!exhibitionId) return <Skeleton active />;
  const back = pathname.endsWith('/product-edit') ? '/live/index/admin/product' : exhibitorProductsPath(exhibitorId!);
  return <ProductEditor exhibitionId={exhibitionId} id={id} exhibitorId={id ? undefined : exhibitorId!} host en={false} onDone={() => navigate(back)} />;
}
