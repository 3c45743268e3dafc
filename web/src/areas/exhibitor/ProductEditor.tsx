import { AuditState, productCreateBody, productPatchBody, type Product } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { useProductTags } from '../../api/catalog.ts';
import { productApi, productKeys, useCertificates, useProductCategories, useProductGroups } from '../../api/products.ts';
import { useCountries } from '../../api/reference.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { productChangeOf, productFields, productFormValues, productLimitDefaults } from './productForm.tsx';

/**
 * The one product form of both areas: the exhibitor's own products (saving submits them for review,
 * the host's field rules apply) and the host's on an exhibitor's behalf (`exhibitorId` on add; its
 * save is final). `id`: the product to change; none: a new one.
 */
export function ProductEditor({ exhibitionId, id, exhibitorId, host, en, onDone }: { exhibitionId: string; id: string | null; exhibitorId?: string; host: boolean; en: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const product = useQuery({ queryKey: productKeys.detail(id ?? ''), queryFn: () => productApi.get(id!), enabled: Boolean(id) });
  const categories = useProductCategories(exhibitionId);
  const tags = useProductTags(exhibitionId);
  // Groups and certificates are the owner's: the exhibitor signed in, or the one the host acts for.
  const signedIn = useSession().exhibitorId;
  const owner = exhibitorId ?? product.data?.exhibitorId ?? signedIn;
  const groups = useProductGroups(owner);
  const certificates = useCertificates(owner);
  const countries = useCountries();
  const settings = useExhibitionSettingsOf(exhibitionId);
  const maxPictures = settings.data?.productImageUploadNumber ?? productLimitDefaults.pictures;
  const videoEnabled = settings.data?.enabledUploadProductVideo ?? true;
  const rules = host ? null : (settings.data?.productForm ?? null);

  const fields = useMemo(
    () => productFields({ categories: categories.data?.items ?? [], tags: tags.data, groups: groups.data?.items, countries: countries.data, certificates: certificates.data?.items, en, maxPictures, t, exhibitionId, videoEnabled, rules }),
    [categories.data, tags.data, groups.data, countries.data, certificates.data, en, maxPictures, t, exhibitionId, videoEnabled, rules],
  );
  const initialValues = useMemo(() => (id ? (product.data ? productFormValues(product.data) : undefined) : productFormValues(null)), [id, product.data]);

  const saved = async (result: Product) => {
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    feedback.message().success(t(result.auditState === AuditState.Approved ? 'products.saved' : 'products.submitted'), MESSAGE_SECONDS);
    onDone();
  };
  const form = { name: 'product', fields, initialValues, submitLabel: host ? ('common.save' as const) : ('exPages.submit' as const), onCancel: onDone };

  return (
    <Card variant="borderless" className="form-card">
      {product.isError ? (
        <Alert type="error" showIcon title={t('products.missingId')} />
      ) : !initialValues || settings.isLoading ? (
        <Skeleton active />
      ) : id ? (
        <ResourceForm {...form} schema={productPatchBody} onSubmit={async (payload) => saved(await productApi.update(id, productChangeOf(payload)))} />
      ) : (
        <ResourceForm {...form} schema={productCreateBody} hidden={exhibitorId ? { exhibitorId } : undefined} onSubmit={async (payload) => saved(await productApi.create(payload))} />
      )}
    </Card>
  );
}
