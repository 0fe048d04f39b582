import { useWatch } from 'react-hook-form';
import type { PromosForm } from '@servery/contracts/item-promos-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/ui/form/form';
import type { PromoUsers } from './promos-file';

interface Props {
  index: number;
  /** Who names it in the draft (none: it can be removed). */
  users: PromoUsers | undefined;
  /** Null: it cannot be removed (named by an item, an option or a member; or a role that reads only). */
  onRemove: (() => void) | null;
}

/** One item promo: its id, a percentage or dollars off, its value; what names it, or its Remove button. */
export function PromoRow({ index, users, onRemove }: Props) {
  const { t } = useTranslation();
  const name = `promos.${index}` as const;
  const id = useWatch<PromosForm, `promos.${number}.promo_id`>({ name: `${name}.promo_id` });
  const kind = useWatch<PromosForm, `promos.${number}.kind`>({ name: `${name}.kind` });
  const label = id ? t('staffOffers.promos.number', { id }) : t('staffOffers.promos.new', { number: index + 1 });
  const used = users && (users.names.length > 0 || users.members > 0);
  return (
    <fieldset className="offers__code">
      <legend>{label}</legend>
      <div className="offers__pair">
        <FormSelectField
          id={`promo-${index}-kind`}
          field={`${name}.kind`}
          label={t('staffOffers.promos.kind', { promo: label })}
          options={[
            { value: 'percent', label: t('staffOffers.codes.percentage') },
            { value: 'amount', label: t('staffOffers.codes.dollar') },
          ]}
        />
        <FormTextField
          id={`promo-${index}-value`}
          field={`${name}.value`}
          label={t(kind === 'amount' ? 'staffOffers.promos.dollars' : 'staffOffers.promos.percent', { promo: label })}
          inputMode="decimal"
          maxLength={12}
        />
      </div>
      {used && (
        <p className="form-field__hint">
          {[
            users.names.length > 0 && t('staffOffers.promos.usedBy', { names: users.names.join(', ') }),
            users.members > 0 && t('staffOffers.promos.members', { count: users.members }),
            t('staffOffers.promos.keep'),
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      {onRemove && !used && (
        <button type="button" className="button button--small" onClick={onRemove}>
          {t('staffOffers.codes.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </fieldset>
  );
}
