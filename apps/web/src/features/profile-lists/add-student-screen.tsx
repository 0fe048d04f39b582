import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { SessionCredentials } from '../../lib/session';
import { useStudentWrite } from '../../lib/student-mutations';
import { createStudent } from '../../lib/students-api';
import { RequireSession } from '../../components/require-session';
import { schoolChoices, StudentForm } from '../../components/ui/student-form';
import { useStudentsPath, WithStudentsRestaurant, type StudentsContext } from './student-form';
import type { StudentsNotice } from './students-screen';
import '../account/account.css';
import './profile-lists.css';

export function AddStudentScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.AddStudent.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <section className="account-screen profile-lists" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.AddStudent.title')}</h1>
          <WithStudentsRestaurant>{(context) => <AddStudent context={context} credentials={credentials} />}</WithStudentsRestaurant>
        </section>
      )}
    </RequireSession>
  );
}

function AddStudent({ context, credentials }: { context: StudentsContext; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = useStudentsPath();
  const { client, restaurant } = context;
  // The list the diner goes back to reads the new student (and so does the school menu's).
  const add = useStudentWrite((value: Parameters<typeof createStudent>[2]) => createStudent(client, credentials, value));
  return (
    <StudentForm
      schools={schoolChoices(restaurant)}
      submitLabel={t('students.addSubmit')}
      cancel={{ to: listPath }}
      onSubmit={async (value) => {
        const student = await add.mutateAsync(value);
        const notice: StudentsNotice = { studentNotice: 'added', studentName: `${student.firstName} ${student.lastName}` };
        void navigate(listPath, { state: notice });
      }}
    />
  );
}
