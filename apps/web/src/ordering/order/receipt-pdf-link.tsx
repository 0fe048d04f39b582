import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';

/**
 * "Download receipt (PDF)" (decision 0116): GET /api/restaurants/:id/orders/:orderId/receipt.pdf in
 * the diner's language. A guest's link carries the order's secret, as the confirmation reads it; a
 * signed-in diner's profile sends none (their session cookie says whose order it is). The restaurant
 * is in the path: a plain link sends no X-Restaurant-Id header.
 */
export function ReceiptPdfLink({ restaurantId, orderId, token = null }: { restaurantId: number; orderId: string; token?: string | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const query = new URLSearchParams({ ...(token ? { token } : {}), lang: locale });
  return (
    <a className="button" href={`/api/restaurants/${restaurantId}/orders/${encodeURIComponent(orderId)}/receipt.pdf?${query}`} download>
      {t('cateringHeadCount.receiptPdf')}
    </a>
  );
}
