import type { StaffAuditEntry } from '@servery/contracts/staff-team';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { StaffGate, type StaffAccess } from './staff-access';
import { getTeam } from './staff-api';
import { InviteForm, Invitations } from './team-invitations';
import { Members } from './team-members';

/** /{slug}/staff/team: the team, its invitations and the record of every change (owners and managers). */
export function StaffTeamScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="team" title={t('staff.team.title')}>
      {(access) => <Team access={access} />}
    </StaffGate>
  );
}

function Team({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { caller, me } = access;
  const team = useQuery({
    queryKey: queryKeys.staff.team(caller.slug, caller.credentials.userId, locale),
    queryFn: ({ signal }) => getTeam(caller, signal),
  });
  const [notice, setNotice] = useState('');

  // The writes below read the team again themselves (useTeamWrite, use-staff-write.ts); the screen says what was done.
  const done = (message: string) => setNotice(message);

  return (
    <section aria-labelledby="staff-title" className="staff-team">
      <h1 id="staff-title">{t('staff.team.title')}</h1>
      <p role="status" className="staff-notice">
        {notice}
      </p>
      {team.isError && <p role="alert">{errorMessage(t, team.error)}</p>}
      {team.isLoading && <Spinner />}
      {team.isSuccess && (
        <>
          <Members team={team.data} caller={caller} selfId={me.user.id} onDone={done} />
          <InviteForm roles={team.data.assignable_roles} caller={caller} onDone={done} />
          <Invitations team={team.data} caller={caller} onDone={done} />
          <Changes entries={team.data.audit} />
        </>
      )}
    </section>
  );
}

function Changes({ entries }: { entries: StaffAuditEntry[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <section aria-labelledby="changes-title">
      <h2 id="changes-title">{t('staff.team.changes')}</h2>
      {entries.length === 0 ? (
        <p>{t('staff.team.noChanges')}</p>
      ) : (
        <ol className="staff-audit">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>{' '}
              {t(`staff.audit.${entry.action}`, {
                actor: entry.actor,
                subject: entry.subject,
                role: entry.role ? t(`staff.roles.${entry.role}`) : '',
                from: entry.from_role ? t(`staff.roles.${entry.from_role}`) : '',
                amount: entry.amount != null ? formatMoney(entry.amount, locale) : '',
                reason: entry.reason ?? '',
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
