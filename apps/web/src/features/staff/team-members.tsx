import type { StaffMember, StaffTeamResponse } from '@servery/contracts/staff-team';
import { isStaffRole, type StaffRole } from '@servery/domain/staff-roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { changeRole, removeMember, type StaffCaller } from './staff-api';
import { useTeamWrite } from './use-staff-write';

/** The team's members (staff-team-screen.tsx): each one's role to change, and a removal (or leaving) after a confirmation. */
export function Members({
  team,
  caller,
  selfId,
  onDone,
}: {
  team: StaffTeamResponse;
  caller: StaffCaller;
  selfId: number;
  onDone: (message: string) => void;
}) {
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
  onDone: (message: string) => void;
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
