import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function ScheduledOrdersScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.ScheduledOrders.title')} />;
}
