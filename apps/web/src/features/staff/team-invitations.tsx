import type { StaffTeamResponse } from '@servery/contracts/staff-team';
import { InviteStaffForm } from '@servery/contracts/forms';
import type { StaffRole } from '@servery/domain/staff-roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { inviteStaff, revokeInvitation, type StaffCaller } from './staff-api';
import { useTeamWrite } from './use-staff-write';

/** Invites someone to the team with a role this caller may give (staff-team-screen.tsx). */
export function InviteForm({ roles, caller, onDone }: { roles: StaffRole[]; caller: StaffCaller; onDone: (message: string) => void }) {
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

/** The invitations not yet accepted, each revocable by whoever may give its role. */
export function Invitations({ team, caller, onDone }: { team: StaffTeamResponse; caller: StaffCaller; onDone: (message: string) => void }) {
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
