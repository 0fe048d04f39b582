import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { createStudent } from '../../lib/students-api';
import { RequireSession } from '../../components/require-session';
import { schoolChoices, StudentForm } from '../../components/ui/student-form';
import { useStudentsPath, WithStudentsRestaurant } from './student-form';
import type { StudentsNotice } from './students-screen';
import '../account/account.css';
import './profile-lists.css';

export function AddStudentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = useStudentsPath();
  useDocumentTitle(t('screens.AddStudent.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <section className="account-screen profile-lists" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.AddStudent.title')}</h1>
          <WithStudentsRestaurant>
            {({ client, restaurant }) => (
              <StudentForm
                schools={schoolChoices(restaurant)}
                submitLabel={t('students.addSubmit')}
                cancel={{ to: listPath }}
                onSubmit={async (value) => {
                  const student = await createStudent(client, credentials, value);
                  const notice: StudentsNotice = { studentNotice: 'added', studentName: `${student.firstName} ${student.lastName}` };
                  void navigate(listPath, { state: notice });
                }}
              />
            )}
          </WithStudentsRestaurant>
        </section>
      )}
    </RequireSession>
  );
}
