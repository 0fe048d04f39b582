import { PrinterForm, type KitchenPrinterResponse } from '@servery/contracts/staff-printer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormSelectField, FormTextField, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { StaffGate, type StaffAccess } from '../staff-access';
import type { StaffCaller } from '../staff-api';
import { deleteKitchenPrinter, putKitchenPrinter, sendTestPrint, useKitchenPrinter, usePrinterWrite } from './printer-api';
import { TicketLog } from './printer-tickets';

/**
 * /{slug}/staff/printer: the restaurant's network kitchen printer (owners and managers;
 * docs/kitchen-printing.md): where it is, its paper, on or off, when a ticket prints; a test print;
 * the latest tickets and where each stands.
 */
export function StaffPrinterScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="integrations" title={t('staff.printer.title')}>
      {(access) => <Printer access={access} />}
    </StaffGate>
  );
}

function Printer({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { caller } = access;
  const printer = useKitchenPrinter(caller);
  const [notice, setNotice] = useState('');
  return (
    <section aria-labelledby="staff-title" className="staff-printer">
      <h1 id="staff-title">{t('staff.printer.title')}</h1>
      <p>{t('staff.printer.intro')}</p>
      <p role="status" className="staff-notice">
        {notice}
      </p>
      {printer.isError && <p role="alert">{errorMessage(t, printer.error)}</p>}
      {printer.isLoading && <Spinner />}
      {printer.isSuccess && (
        <>
          <SettingsForm caller={caller} current={printer.data.printer} onDone={setNotice} />
          {printer.data.printer && <PrinterActions caller={caller} onDone={setNotice} />}
          <section aria-labelledby="printer-tickets-title">
            <h2 id="printer-tickets-title">{t('staff.printer.ticketsTitle')}</h2>
            <TicketLog tickets={printer.data.tickets} />
          </section>
        </>
      )}
    </section>
  );
}

function SettingsForm({
  caller,
  current,
  onDone,
}: {
  caller: StaffCaller;
  current: KitchenPrinterResponse['printer'];
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(PrinterForm, {
    defaultValues: {
      host: current?.host ?? '',
      port: String(current?.port ?? 9100),
      paper_mm: current?.paper_mm === 58 ? '58' : '80',
      enabled: current?.enabled ?? true,
      print_on: current?.print_on ?? 'placed',
    },
    messages: { host: 'staff.printer.badHost', port: 'staff.printer.badPort' },
  });
  const write = usePrinterWrite(caller);
  return (
    <Form
      form={form}
      className="account-form"
      aria-labelledby="printer-settings-title"
      onValid={async (values) => {
        await write.mutateAsync(() => putKitchenPrinter(caller, values));
        onDone(t('staff.printer.saved'));
      }}
    >
      <h2 id="printer-settings-title">{t('staff.printer.settingsTitle')}</h2>
      <FormTextField field="host" id="printer-host" label={t('staff.printer.host')} hint={t('staff.printer.hostHint')} maxLength={253} />
      <FormTextField field="port" id="printer-port" label={t('staff.printer.port')} inputMode="numeric" maxLength={5} />
      <FormSelectField
        field="paper_mm"
        id="printer-paper"
        label={t('staff.printer.paper')}
        options={[
          { value: '80', label: t('staff.printer.paper80') },
          { value: '58', label: t('staff.printer.paper58') },
        ]}
      />
      <FormSelectField
        field="print_on"
        id="printer-print-on"
        label={t('staff.printer.printOn')}
        options={[
          { value: 'placed', label: t('staff.printer.onPlaced') },
          { value: 'accepted', label: t('staff.printer.onAccepted') },
        ]}
      />
      <div className="form-field form-field--check">
        <input id="printer-enabled" type="checkbox" {...form.register('enabled')} />
        <label htmlFor="printer-enabled">{t('staff.printer.enabled')}</label>
      </div>
      <FormFailure />
      <div className="button-row">
        <SubmitButton>{t('staff.printer.save')}</SubmitButton>
      </div>
    </Form>
  );
}

/** A test print, and removing the printer. */
function PrinterActions({ caller, onDone }: { caller: StaffCaller; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const write = usePrinterWrite(caller);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (call: () => Promise<unknown>, notice: string) => {
    setFailure(null);
    write.mutateAsync(call).then(
      () => onDone(notice),
      (caught: unknown) => setFailure(errorMessage(t, caught)),
    );
  };
  return (
    <div className="button-row">
      {failure && <p role="alert">{failure}</p>}
      <button
        type="button"
        className="button"
        disabled={write.isPending}
        onClick={() => run(() => sendTestPrint(caller), t('staff.printer.testSent'))}
      >
        {t('staff.printer.test')}
      </button>
      <button
        type="button"
        className="button"
        disabled={write.isPending}
        onClick={() => run(() => deleteKitchenPrinter(caller), t('staff.printer.removed'))}
      >
        {t('staff.printer.remove')}
      </button>
    </div>
  );
}
