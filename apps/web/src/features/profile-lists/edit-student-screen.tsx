import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import type { SessionCredentials } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { listStudents } from '../../lib/students-api';
import { useStudentWrite } from '../../lib/student-mutations';
import { updateStudent } from './profile-api';
import { RequireSession } from '../../components/require-session';
import { schoolChoices, StudentForm } from '../../components/ui/student-form';
import { useStudentsPath, WithStudentsRestaurant, type StudentsContext } from './student-form';
import type { StudentsNotice } from './students-screen';
import '../account/account.css';
import './profile-lists.css';

export function EditStudentScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.EditStudent.title'));
  return (
    <RequireSession>
      {({ credentials }) => (
        <section className="account-screen profile-lists" aria-labelledby="screen-title">
          <h1 id="screen-title">{t('screens.EditStudent.title')}</h1>
          <WithStudentsRestaurant>{(context) => <EditStudent context={context} credentials={credentials} />}</WithStudentsRestaurant>
        </section>
      )}
    </RequireSession>
  );
}

function EditStudent({ context, credentials }: { context: StudentsContext; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = useStudentsPath();
  const { id = '' } = useParams();
  const { client, restaurant } = context;
  // The user's own students only: another user's id is simply not among them.
  const students = useQuery({
    queryKey: queryKeys.students.of(restaurant.id, credentials.userId),
    queryFn: ({ signal }) => listStudents(client, credentials, signal),
  });
  const save = useStudentWrite(({ studentId, value }: { studentId: number; value: Parameters<typeof updateStudent>[3] }) =>
    updateStudent(client, credentials, studentId, value),
  );
  if (students.isError) {
    return (
      <p className="inline-error" role="alert">
        {errorMessage(t, students.error)}
      </p>
    );
  }
  if (!students.isSuccess) return <Spinner />;
  const student = students.data.find((candidate) => String(candidate.id) === id);
  if (!student) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('students.notFound')}</p>
        <Link to={listPath}>{t('students.backToList')}</Link>
      </div>
    );
  }
  return (
    <StudentForm
      initial={student}
      schools={schoolChoices(restaurant)}
      submitLabel={t('students.save')}
      cancel={{ to: listPath }}
      onSubmit={async (value) => {
        const saved = await save.mutateAsync({ studentId: student.id, value });
        const notice: StudentsNotice = { studentNotice: 'saved', studentName: `${saved.firstName} ${saved.lastName}` };
        void navigate(listPath, { state: notice });
      }}
    />
  );
}
