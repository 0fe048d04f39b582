import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function ScheduledOrderDetailsScreen() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  return <PlaceholderScreen title={t('screens.ScheduledOrderDetails.title', { orderId })} />;
}
