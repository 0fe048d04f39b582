import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { SessionCredentials } from '../../../lib/session';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { listStudents, updateStudent } from './students-api';
import { useStudentWrite } from './student-mutations';
import { schoolChoices, StudentForm } from './student-form';
import { StudentsScreenFrame, useStudentsPath, type StudentsContext, type StudentsPage } from './students-restaurant';
import type { StudentsNotice } from './students-screen';

/** /profile/students/:id: one of the parent's students, edited; back to the list with a notice. */
export function EditStudentScreen({ Page }: { Page: StudentsPage }) {
  return (
    <StudentsScreenFrame Page={Page} screen="EditStudent">
      {(context, credentials) => <EditStudent context={context} credentials={credentials} />}
    </StudentsScreenFrame>
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
