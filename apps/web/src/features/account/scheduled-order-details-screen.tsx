import { useTranslation } from '../../i18n/i18n-context';
import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function ScheduledOrderDetailsScreen() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  return <PlaceholderScreen title={t('screens.ScheduledOrderDetails.title', { orderId })} />;
}
