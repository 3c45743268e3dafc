import type { Product } from '@pavilion/contract';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { productApi, productKeys } from '../../api/products.ts';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';

/**
 * The host's product authentication on its product list: on after checking the product's approved
 * certificates (a product without one cannot be marked; the server answers 4076 too).
 */
export function AuthenticateSwitch({ product }: { product: Pick<Product, 'id' | 'name' | 'authenticatedAt' | 'certificateIds'> }) {
  const { t } = useTranslation();
  const none = product.certificateIds.length === 0 && !product.authenticatedAt;
  if (none)
    return (
      <Tooltip title={t('catalogue.authentication.none')}>
        <Switch checked={false} disabled aria-label={`${t('catalogue.field.authenticated')} ${product.name}`} data-testid={`product-authenticate-${product.id}`} />
      </Tooltip>
    );
  return (
    <ShowSwitch
      checked={product.authenticatedAt !== null}
      save={(on) => productApi.authenticate(product.id, on)}
      invalidate={[productKeys.all]}
      saved={(on) => t(on ? 'catalogue.authentication.on' : 'catalogue.authentication.off')}
      aria-label={`${t('catalogue.field.authenticated')} ${product.name}`}
      data-testid={`product-authenticate-${product.id}`}
    />
  );
}
