import { GiftCardLookUpForm } from '@servery/contracts/gift-card-form';
import type { StaffGiftCard } from '@servery/contracts/staff-gift-cards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { CardRow } from './card-list';
import { lookUpGiftCard, type GiftCardsCaller } from './gift-cards-api';

/** A customer at the counter asks what is left: their card's whole number typed or scanned, its balance shown. */
export function BalanceLookUp({ caller }: { caller: GiftCardsCaller }) {
  const { t } = useTranslation();
  const form = useZodForm(GiftCardLookUpForm, { defaultValues: { number: '' }, messages: { number: 'staffGiftCards.numberInvalid' } });
  const [found, setFound] = useState<StaffGiftCard | null>(null);

  async function look({ number }: { number: string }) {
    setFound(null);
    setFound((await lookUpGiftCard(caller, number)).card);
  }

  return (
    <section aria-labelledby="gift-card-look-up-title" className="gift-cards__panel">
      <h2 id="gift-card-look-up-title">{t('staffGiftCards.lookUpTitle')}</h2>
      <Form
        form={form}
        className="account-form"
        aria-labelledby="gift-card-look-up-title"
        onValid={look}
        errorFields={{ GIFT_CARD_NOT_FOUND: ['number', 'staffGiftCards.notFound'] }}
      >
        <FormTextField
          field="number"
          id="gift-card-look-up"
          label={t('staffGiftCards.lookUpNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
        />
        <FormFailure />
        <div className="button-row">
          <SubmitButton>{t('staffGiftCards.lookUp')}</SubmitButton>
        </div>
      </Form>
      <div role="status" className="gift-cards__found">
        {found && <CardRow card={found} as="div" />}
      </div>
    </section>
  );
}
