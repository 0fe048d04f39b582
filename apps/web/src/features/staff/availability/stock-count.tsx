import { StockCountForm, type AvailabilityItem } from '@servery/contracts/staff-availability';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../../components/ui/form/form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { setStock, type StaffCaller } from '../staff-api';
import type { Change } from './sold-out-switches';

/**
 * An item's stock count (docs/decisions/0105-stock-counts.md): how many are left, shown on the row
 * while closed; opened, a count to set (0 sells the item out, more puts it back on sale) and, for a
 * counted item, a button to stop counting it.
 */
export function StockCount({ item, caller, onChange }: { item: AvailabilityItem; caller: StaffCaller; onChange: Change }) {
  const { t } = useTranslation();
  const form = useZodForm(StockCountForm, {
    defaultValues: { remaining: item.stock === null ? '' : String(item.stock) },
    messages: { remaining: 'staff.availability.stock.bad' },
  });
  const id = `stock-${item.id}`;
  return (
    <details className="staff-availability__stock">
      <summary>
        {item.stock === null ? t('staff.availability.stock.notCounted') : t('staff.availability.stock.left', { count: item.stock })}
        <span className="visually-hidden"> ({item.name})</span>
      </summary>
      <Form
        form={form}
        aria-label={t('staff.availability.stock.formLabel', { name: item.name })}
        onValid={(values) =>
          onChange(
            () => setStock(caller, { item_id: item.id, remaining: values.remaining }),
            t('staff.availability.stock.saved', { count: values.remaining, name: item.name }),
          )
        }
      >
        <FormTextField
          field="remaining"
          id={id}
          label={t('staff.availability.stock.label', { name: item.name })}
          inputMode="numeric"
          maxLength={5}
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staff.availability.stock.save')}</SubmitButton>
          {item.stock !== null && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void onChange(
                  () => setStock(caller, { item_id: item.id, remaining: null }),
                  t('staff.availability.stock.stopped', { name: item.name }),
                )
              }
            >
              {t('staff.availability.stock.stop', { name: item.name })}
            </button>
          )}
        </div>
      </Form>
    </details>
  );
}
