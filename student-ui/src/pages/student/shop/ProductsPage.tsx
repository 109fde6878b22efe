/** products: the whole catalogue, searchable and filtered. */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { ShopFrame } from './parts';
import { ProductBrowser } from './ProductBrowser';

export default function ProductsPage() {
  const { t } = useTranslation('shop');
  usePageTitle(t('products.title'));
  return (
    <ShopFrame title={t('products.title')}>
      <ProductBrowser />
    </ShopFrame>
  );
}
