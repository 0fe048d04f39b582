import type { StaffAuditEntry, StaffMember, StaffTeamResponse } from '@servery/contracts/staff-team';
import { InviteStaffForm } from '@servery/contracts/forms';
import { isStaffRole, type StaffRole } from '@servery/domain/staff-roles';
import { useState } from 'react';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { StaffGate, type StaffAccess } from './staff-access';
import { useStaffWrite } from './use-staff-write';
import { changeRole, getTeam, inviteStaff, removeMember, revokeInvitation, type StaffCaller } from './staff-api';

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

  // The writes below read the team again themselves (useTeamWrite); the screen says what was done.
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

type Done = (message: string) => void;

/** A change to the team: its members, invitations and record are read again once it succeeds. */
const useTeamWrite = (caller: StaffCaller) => useStaffWrite([queryKeys.staff.teamOf(caller.slug)]);

function Members({ team, caller, selfId, onDone }: { team: StaffTeamResponse; caller: StaffCaller; selfId: number; onDone: Done }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{t('staff.team.members')}</h2>
      <ul className="staff-list">
        {team.members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            roles={team.assignable_roles}
            caller={caller}
            self={member.user_id === selfId}
            onDone={onDone}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({
  member,
  roles,
  caller,
  self,
  onDone,
}: {
  member: StaffMember;
  roles: StaffRole[];
  caller: StaffCaller;
  self: boolean;
  onDone: Done;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The roles this caller may give, and only to a member whose role they may give too.
  const canEdit = roles.includes(member.role);
  const selectId = `role-${member.user_id}`;
  const write = useTeamWrite(caller);

  async function act(run: () => Promise<unknown>, message: string) {
    setBusy(true);
    setFailure(null);
    try {
      await write.mutateAsync(run);
      setConfirming(false);
      onDone(message);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="staff-list__row">
      <div className="staff-list__who">
        <strong>{member.name}</strong>
        {self && <span> {t('staff.team.you')}</span>}
        <span className="staff-list__email">{member.email}</span>
      </div>
      {canEdit ? (
        <div className="form-field staff-list__role">
          <label htmlFor={selectId}>{t('staff.team.roleOf', { name: member.name })}</label>
          <select
            id={selectId}
            className="text-input"
            value={member.role}
            disabled={busy}
            onChange={(event) => {
              const role = event.target.value;
              if (isStaffRole(role))
                void act(
                  () => changeRole(caller, member.user_id, role),
                  t('staff.team.roleChanged', { name: member.name, role: t(`staff.roles.${role}`) }),
                );
            }}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`staff.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <span className="staff-list__role">{t(`staff.roles.${member.role}`)}</span>
      )}
      {(canEdit || self) &&
        (confirming ? (
          <div className="button-row" role="group" aria-label={t('staff.team.confirmRemove', { name: member.name })}>
            <span>{t('staff.team.confirmRemove', { name: member.name })}</span>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void act(() => removeMember(caller, member.user_id), t('staff.team.removed', { name: member.name }))}
            >
              {t('staff.team.removeYes')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('staff.team.removeNo')}
            </button>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            {self ? t('staff.team.leave') : t('staff.team.remove', { name: member.name })}
          </button>
        ))}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </li>
  );
}

function InviteForm({ roles, caller, onDone }: { roles: StaffRole[]; caller: StaffCaller; onDone: Done }) {
  const { t } = useTranslation();
  const form = useZodForm(InviteStaffForm, { defaultValues: { email: '', role: 'staff' } });
  const write = useTeamWrite(caller);
  if (roles.length === 0) return null;

  async function invite(values: { email: string; role: StaffRole }) {
    await write.mutateAsync(() => inviteStaff(caller, values));
    form.setValue('email', '');
    onDone(t('staff.team.invited', { email: values.email }));
  }

  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">{t('staff.team.inviteTitle')}</h2>
      <p>{t('staff.team.inviteIntro')}</p>
      <Form form={form} className="account-form staff-invite" aria-labelledby="invite-title" onValid={invite}>
        <FormTextField field="email" id="invite-email" name="invite-email" label={t('account.email')} type="email" autoComplete="off" />
        <FormSelectField
          field="role"
          id="invite-role"
          label={t('staff.team.role')}
          options={roles.map((option) => ({ value: option, label: t(`staff.roles.${option}`) }))}
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staff.team.inviteSubmit')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function Invitations({ team, caller, onDone }: { team: StaffTeamResponse; caller: StaffCaller; onDone: Done }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const write = useTeamWrite(caller);
  if (team.invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('staff.team.invitations')}</h2>
      <ul className="staff-list">
        {team.invitations.map((invitation) => (
          <li key={invitation.id} className="staff-list__row">
            <div className="staff-list__who">
              <strong>{invitation.email}</strong>
              <span>
                {t('staff.team.invitationFacts', {
                  role: t(`staff.roles.${invitation.role}`),
                  until: formatDateTime(invitation.expires_at, locale),
                })}
              </span>
            </div>
            {team.assignable_roles.includes(invitation.role) && (
              <button
                type="button"
                className="button"
                onClick={() =>
                  void write
                    .mutateAsync(() => revokeInvitation(caller, invitation.id))
                    .then(
                      () => onDone(t('staff.team.revoked', { email: invitation.email })),
                      (error: unknown) => setFailure(errorMessage(t, error)),
                    )
                }
              >
                {t('staff.team.revoke', { email: invitation.email })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
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
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
