import { useTranslation } from '../../i18n/i18n-context';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { RequireSession } from './require-session';

export function UserPaymentMethodsScreen() {
  const { t } = useTranslation();
  return <RequireSession>{() => <PlaceholderScreen title={t('screens.UserPaymentMethods.title')} />}</RequireSession>;
}
