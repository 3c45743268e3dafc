import { AuditState, productCreateBody, productPatchBody, type Product } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { productApi, productKeys, useCertificates, useProductCategories, useProductGroups } from '../../api/products.ts';
import { useCountries } from '../../api/reference.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { productChangeOf, productFields, productFormValues, productLimitDefaults } from './productForm.tsx';

/**
 * /ex-live/index/proAdd and /ex-live/index/proEdit?id (and -en): the product form. Saving submits it
 * for the host's review (or approves it at once under the exhibition's automatic approval).
 */
export default function ExProductEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const en = langOfPath(pathname) === 'en';
  const { exhibitorId, exhibitionId } = useSession();
  const id = useSearchParams()[0].get('id');
  const editing = pathname.endsWith('/proEdit');
  const product = useQuery({ queryKey: productKeys.detail(id ?? ''), queryFn: () => productApi.get(id!), enabled: editing && Boolean(id) });
  const categories = useProductCategories(exhibitionId);
  const groups = useProductGroups(exhibitorId);
  const countries = useCountries();
  const certificates = useCertificates(exhibitorId);
  const settings = useExhibitionSettingsOf(exhibitionId);
  const maxPictures = settings.data?.productImageUploadNumber ?? productLimitDefaults.pictures;

  const fields = useMemo(
    () => productFields({ categories: categories.data?.items ?? [], groups: groups.data?.items, countries: countries.data, certificates: certificates.data?.items, en, maxPictures, t }),
    [categories.data, groups.data, countries.data, certificates.data, en, maxPictures, t],
  );
  const initialValues = useMemo(() => (editing ? (product.data ? productFormValues(product.data) : undefined) : productFormValues(null)), [editing, product.data]);

  if (!exhibitorId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;
  const list = `${base}/index/product`;
  const saved = async (result: Product) => {
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    feedback.message().success(t(result.auditState === AuditState.Approved ? 'products.saved' : 'products.submitted'), MESSAGE_SECONDS);
    navigate(list);
  };
  const form = { name: 'product', fields, initialValues, submitLabel: 'exPages.submit' as const, onCancel: () => navigate(list) };

  return (
    <Card variant="borderless" className="form-card">
      {editing && !id ? (
        <Alert type="error" showIcon title={t('products.missingId')} />
      ) : !initialValues || settings.isLoading ? (
        <Skeleton active />
      ) : editing ? (
        <ResourceForm {...form} schema={productPatchBody} onSubmit={async (payload) => saved(await productApi.update(id!, productChangeOf(payload)))} />
      ) : (
        <ResourceForm {...form} schema={productCreateBody} onSubmit={async (payload) => saved(await productApi.create(payload))} />
      )}
    </Card>
  );
}
