import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

export function AddStudentScreen() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.AddStudent.title')} />;
}
