import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionCredentials } from '../../../lib/session';
import { useStudentWrite } from './student-mutations';
import { createStudent } from './students-api';
import { schoolChoices, StudentForm } from './student-form';
import { StudentsScreenFrame, useStudentsPath, type StudentsContext, type StudentsPage } from './students-restaurant';
import type { StudentsNotice } from './students-screen';

/** /profile/students/create: a new student, back to the list with a notice. */
export function AddStudentScreen({ Page }: { Page: StudentsPage }) {
  return (
    <StudentsScreenFrame Page={Page} screen="AddStudent">
      {(context, credentials) => <AddStudent context={context} credentials={credentials} />}
    </StudentsScreenFrame>
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
