import { useTranslation } from '../../i18n/i18n-context';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { RequireSession } from './require-session';

export function PastReceiptsScreen() {
  const { t } = useTranslation();
  return <RequireSession>{() => <PlaceholderScreen title={t('screens.PastReceipts.title')} />}</RequireSession>;
}
