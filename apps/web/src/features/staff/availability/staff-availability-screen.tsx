import type { AvailabilityResponse } from '@servery/contracts/staff-availability';
import { useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useLocale } from '../../../lib/use-locale';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { StaffGate, type StaffAccess } from '../staff-access';
import { useStaffWrite } from '../use-staff-write';
import { getAvailability, setPause, type StaffCaller } from '../staff-api';
import { SectionSwitches, type Change } from './sold-out-switches';

/** /{slug}/staff/availability: pause ordering with a message, and sold-out switches for sections and items. */
export function StaffAvailabilityScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="availability" title={t('staff.availability.title')}>
      {(access) => <Availability access={access} />}
    </StaffGate>
  );
}

function Availability({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { caller } = access;
  // Every language's copy of the list changes, not only this one's.
  const write = useStaffWrite([queryKeys.staff.availabilityOf(caller.slug)]);
  const availability = useQuery({
    queryKey: queryKeys.staff.availability(caller.slug, caller.credentials.userId, locale),
    queryFn: ({ signal }) => getAvailability(caller, signal),
  });
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The last answer stays on screen while the next loads, so a switch never blanks the list.
  const [shown, setShown] = useState<AvailabilityResponse | null>(null);
  if (availability.isSuccess && availability.data !== shown) setShown(availability.data);

  async function change(run: () => Promise<unknown>, message: string) {
    setFailure(null);
    try {
      await write.mutateAsync(run);
      setNotice(message);
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  }

  return (
    <section aria-labelledby="staff-title" className="staff-availability">
      <h1 id="staff-title">{t('staff.availability.title')}</h1>
      <p role="status" className="staff-notice">
        {notice}
      </p>
      {failure && <p role="alert">{failure}</p>}
      {availability.isError && <p role="alert">{errorMessage(t, availability.error)}</p>}
      {!shown && availability.isLoading && <Spinner />}
      {shown && (
        <>
          <PauseForm key={`${shown.orders_paused}-${shown.asap_paused}`} availability={shown} caller={caller} onChange={change} />
          <section aria-labelledby="sold-out-title">
            <h2 id="sold-out-title">{t('staff.availability.soldOutTitle')}</h2>
            <p>{t('staff.availability.soldOutIntro')}</p>
            {shown.sections.map((section, index) => (
              <SectionSwitches key={section.id ?? `menu-${index}`} section={section} caller={caller} onChange={change} />
            ))}
          </section>
        </>
      )}
    </section>
  );
}

/** Pauses ordering (all orders, or ASAP only) with a message in both languages, or resumes it. */
function PauseForm({ availability, caller, onChange }: { availability: AvailabilityResponse; caller: StaffCaller; onChange: Change }) {
  const { t } = useTranslation();
  const [english, setEnglish] = useState(availability.message['en-CA']);
  const [french, setFrench] = useState(availability.message['fr-CA']);
  const [scope, setScope] = useState<'all' | 'asap'>('all');
  const paused = availability.orders_paused || availability.asap_paused;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onChange(
      () =>
        setPause(
          caller,
          paused ? { paused: false, scope: 'all', message: {} } : { paused: true, scope, message: { 'en-CA': english, 'fr-CA': french } },
        ),
      paused ? t('staff.availability.resumed') : t('staff.availability.pausedNotice'),
    );
  }

  return (
    <section aria-labelledby="pause-title">
      <h2 id="pause-title">
        {availability.vendor
          ? t('staff.availability.vendorPauseTitle', { vendor: availability.vendor.name })
          : t('staff.availability.pauseTitle')}
      </h2>
      {/* A hub vendor's staff pause their own counter only (docs/decisions/0031-marketplace-orders.md). */}
      {availability.vendor && <p>{t('staff.availability.vendorIntro', { vendor: availability.vendor.name })}</p>}
      <p className={paused ? 'staff-paused' : undefined}>
        {availability.orders_paused
          ? t('staff.availability.isPaused')
          : availability.asap_paused
            ? t('staff.availability.isAsapPaused')
            : t('staff.availability.isOpen')}
      </p>
      <form className="account-form" noValidate aria-labelledby="pause-title" onSubmit={submit}>
        {!paused && (
          <>
            <fieldset className="form-field">
              <legend className="form-field__label">{t('staff.availability.scope')}</legend>
              <label>
                <input type="radio" name="pause-scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />{' '}
                {t('staff.availability.scopeAll')}
              </label>
              <label>
                <input type="radio" name="pause-scope" value="asap" checked={scope === 'asap'} onChange={() => setScope('asap')} />{' '}
                {t('staff.availability.scopeAsap')}
              </label>
            </fieldset>
            <div className="form-field">
              <label htmlFor="pause-en" className="form-field__label">
                {t('staff.availability.messageEn')}
              </label>
              <input
                id="pause-en"
                className="text-input"
                maxLength={300}
                value={english}
                onChange={(event) => setEnglish(event.target.value)}
              />
            </div>
            <div className="form-field">
              <label htmlFor="pause-fr" className="form-field__label">
                {t('staff.availability.messageFr')}
              </label>
              <input
                id="pause-fr"
                className="text-input"
                lang="fr"
                maxLength={300}
                value={french}
                onChange={(event) => setFrench(event.target.value)}
              />
            </div>
          </>
        )}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {paused ? t('staff.availability.resume') : t('staff.availability.pause')}
          </button>
        </div>
      </form>
    </section>
  );
}
