import { useTranslation } from '../../i18n/i18n-context';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function BowleroLocationSearchScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.BowleroLocationSearch.title')} />;
}
