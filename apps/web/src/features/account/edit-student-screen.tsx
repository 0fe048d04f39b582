import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function EditStudentScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.EditStudent.title')} />;
}
