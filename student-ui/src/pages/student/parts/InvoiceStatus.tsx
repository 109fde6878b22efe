import { useTranslation } from 'react-i18next';
import type { InvoiceStatus as Status } from '../../../api/finance';
import { Badge } from '../../../design';

/** Spec section 3: Pending, Paid, Cancelled. */
export function InvoiceStatus({ status }: { status: Status }) {
  const { t } = useTranslation('finances');
  return <Badge tone={status === 'paid' ? 'success' : status === 'pending' ? 'default' : 'neutral'}>{t(`invoice.status.${status}`)}</Badge>;
}
