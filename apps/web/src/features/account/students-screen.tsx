import { useTranslation } from '../../i18n/i18n-context';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function StudentsScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.Students.title')} />;
}
