import { useTranslation } from '../../i18n/i18n-context';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function OperatorSuiteListScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.OperatorSuiteList.title')} />;
}
