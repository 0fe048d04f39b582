import { IssueGiftCardForm } from '@servery/contracts/gift-card-form';
import type { IssueGiftCardResponse } from '@servery/contracts/staff-gift-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormFailure, FormTextField, SubmitButton } from '../../components/ui/form/form';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { issueGiftCard, type GiftCardsCaller } from './gift-cards-api';

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `gift-card-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * A new card: its amount in dollars, for whom and why. One Idempotency-Key per card: kept while the
 * request may have reached the server unanswered (a lost connection: sending again gets the same card),
 * dropped once the server has answered, so the next card, or a corrected amount, is a new request.
 */
export function IssueForm({ caller, onIssued }: { caller: GiftCardsCaller; onIssued: (answer: IssueGiftCardResponse) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(IssueGiftCardForm, {
    defaultValues: { amount: '', recipient: '', note: '' },
    messages: { amount: 'staffGiftCards.amountInvalid' },
  });
  const key = useRef<string | null>(null);
  const issue = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Parameters<typeof issueGiftCard>[1]; idempotencyKey: string }) =>
      issueGiftCard(caller, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff.giftCardsOf(caller.slug) }),
  });

  async function send(values: { amount: number; recipient?: string | undefined; note?: string | undefined }) {
    key.current ??= newKey();
    try {
      const answer = await issue.mutateAsync({
        body: {
          amount: values.amount,
          ...(values.recipient && { recipient: values.recipient }),
          ...(values.note && { note: values.note }),
        },
        idempotencyKey: key.current,
      });
      key.current = null;
      form.reset();
      onIssued(answer);
    } catch (error) {
      // The server answered (a refusal): no card was made, the next send is a new request. A lost
      // connection (status 0) keeps the key: the card may exist, and the same key gets it back.
      if (isApiError(error) && error.status !== 0) key.current = null;
      throw error;
    }
  }

  return (
    <section aria-labelledby="issue-gift-card-title" className="gift-cards__panel">
      <h2 id="issue-gift-card-title">{t('staffGiftCards.issueTitle')}</h2>
      <Form
        form={form}
        className="account-form"
        aria-labelledby="issue-gift-card-title"
        onValid={send}
        errorFields={{ GIFT_CARD_AMOUNT_INVALID: ['amount', 'staffGiftCards.amountInvalid'] }}
      >
        <FormTextField
          field="amount"
          id="gift-card-amount"
          label={t('staffGiftCards.amount')}
          hint={t('staffGiftCards.amountHint')}
          inputMode="text"
          autoComplete="off"
          maxLength={12}
          required
        />
        <FormTextField field="recipient" id="gift-card-recipient" label={t('staffGiftCards.recipient')} autoComplete="off" maxLength={80} />
        <FormTextField field="note" id="gift-card-note" label={t('staffGiftCards.note')} autoComplete="off" maxLength={200} />
        <FormFailure />
        <div className="button-row">
          <SubmitButton busyLabel={t('staffGiftCards.issuing')}>{t('staffGiftCards.issue')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
