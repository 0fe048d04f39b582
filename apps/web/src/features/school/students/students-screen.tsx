import type { Student } from '@servery/contracts/accounts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { ROUTE_PATHS } from '../../../lib/route-paths';
import { isSessionExpired, type SessionCredentials } from '../../../lib/session';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { deleteStudent, listStudents } from './students-api';
import { useStudentDelete } from './student-mutations';
import { StudentsScreenFrame, type StudentsContext, type StudentsPage } from './students-restaurant';

/** What the add and edit screens tell the list when they come back to it. */
export interface StudentsNotice {
  studentNotice?: 'added' | 'saved';
  studentName?: string;
}

/** /profile/students: the parent's students at the restaurant the profile was opened for. */
export function StudentsScreen({ Page }: { Page: StudentsPage }) {
  return (
    <StudentsScreenFrame Page={Page} screen="Students">
      {(context, credentials) => <StudentsList context={context} credentials={credentials} />}
    </StudentsScreenFrame>
  );
}

function fullName(student: Pick<Student, 'firstName' | 'lastName'>): string {
  return `${student.firstName} ${student.lastName}`.trim();
}

function StudentsList({ context, credentials }: { context: StudentsContext; credentials: SessionCredentials }) {
  const { t } = useTranslation();
  const { search, state: navigationState } = useLocation();
  const { client, restaurant } = context;
  const list = useQuery({
    queryKey: queryKeys.students.of(restaurant.id, credentials.userId),
    queryFn: ({ signal }) => listStudents(client, credentials, signal),
  });
  const incoming = (navigationState ?? {}) as StudentsNotice;
  // Kept as a key so the message follows a change of language.
  const [notice, setNotice] = useState<{ key: 'added' | 'saved' | 'deleted'; name: string } | null>(() =>
    incoming.studentNotice && incoming.studentName ? { key: incoming.studentNotice, name: incoming.studentName } : null,
  );
  const navigate = useNavigate();
  useEffect(() => {
    // Shown once: a reload or a return to this page does not say it again.
    if (incoming.studentNotice) void navigate(`${ROUTE_PATHS.Students}${search}`, { replace: true, state: null });
  }, [incoming.studentNotice, navigate, search]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Student | null>(null);
  const deletion = useStudentDelete({
    mutationFn: (student) => deleteStudent(client, credentials, student.id),
    restaurantId: restaurant.id,
    userId: credentials.userId,
  });
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function remove(student: Student) {
    setBusy(true);
    setFailure(null);
    try {
      await deletion.mutateAsync(student);
      setConfirming(null);
      setNotice({ key: 'deleted', name: fullName(student) });
      headingRef.current?.focus();
    } catch (error) {
      if (!isSessionExpired(error)) setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  const students = list.isSuccess ? list.data : [];
  return (
    <>
      <p role="status" className="profile-lists__notice">
        {notice ? t(`students.${notice.key}`, { name: notice.name }) : ''}
      </p>
      <div className="button-row">
        <Link to={`${ROUTE_PATHS.AddStudent}${search}`} className="button button--primary">
          {t('students.add')}
        </Link>
      </div>
      <h2 id="students-heading" ref={headingRef} tabIndex={-1} className="visually-hidden">
        {t('students.listHeading')}
      </h2>
      {list.isError && (
        <div className="inline-error" role="alert">
          <p>{errorMessage(t, list.error)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('students.retry')}
          </button>
        </div>
      )}
      {!list.isSuccess && !list.isError && <Spinner />}
      {list.isSuccess && students.length === 0 && <p>{t('students.empty')}</p>}
      {students.length > 0 && (
        <ul className="profile-cards" aria-labelledby="students-heading">
          {students.map((student) => (
            <li key={student.id} className="profile-card">
              <h3 className="profile-card__title">{fullName(student)}</h3>
              <dl className="profile-card__facts">
                <dt>{t('students.school')}</dt>
                <dd>{student.school}</dd>
                <dt>{t('students.grade')}</dt>
                <dd>{student.grade}</dd>
                <dt>{t('students.classroom')}</dt>
                <dd>{student.classroom}</dd>
                <dt>{t('students.teacher')}</dt>
                <dd>{student.teacher}</dd>
              </dl>
              {confirming?.id === student.id ? (
                <ConfirmDelete
                  student={student}
                  busy={busy}
                  failure={failure}
                  onConfirm={() => void remove(student)}
                  onKeep={() => {
                    setConfirming(null);
                    setFailure(null);
                  }}
                />
              ) : (
                <div className="button-row">
                  <Link
                    to={`${ROUTE_PATHS.EditStudent.replace(':id', String(student.id))}${search}`}
                    className="button"
                    aria-label={t('students.editNamed', { name: fullName(student) })}
                  >
                    {t('students.edit')}
                  </Link>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('students.deleteNamed', { name: fullName(student) })}
                    onClick={() => {
                      setConfirming(student);
                      setFailure(null);
                    }}
                  >
                    {t('students.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ConfirmDelete(props: { student: Student; busy: boolean; failure: string | null; onConfirm: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  const name = fullName(props.student);
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div className="profile-confirm" role="group" aria-labelledby={`confirm-${props.student.id}`}>
      <p id={`confirm-${props.student.id}`} ref={questionRef} tabIndex={-1} className="profile-confirm__question">
        {t('students.confirmDelete', { name })}
      </p>
      {props.failure && (
        <p role="alert" className="field-error">
          {props.failure}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={props.busy} onClick={props.onConfirm}>
          {t('students.confirmDeleteYes')}
        </button>
        <button type="button" className="button" onClick={props.onKeep}>
          {t('students.confirmDeleteNo')}
        </button>
      </div>
    </div>
  );
}
