import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function PastReceiptsScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.PastReceipts.title')} />;
}
