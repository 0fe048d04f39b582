import type { IssueGiftCardResponse } from '@servery/contracts/staff-gift-cards';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys';
import { BalanceLookUp } from './balance-look-up';
import { CardList } from './card-list';
import { listGiftCards, type GiftCardsCaller } from './gift-cards-api';
import { IssueForm } from './issue-form';
import { NewCard } from './new-card';
import './gift-cards.css';

/**
 * /{slug}/staff/gift-cards (issue 32 item 2; docs/decisions/0112-gift-cards-issued-from-the-console.md):
 * owners and managers issue a card (its number shown once), look a card's balance up for a customer
 * at the counter, and read the list of cards with what is left on each. Live money: nothing here goes
 * through the menu draft. The console's gate (app/gift-cards-route.tsx) keeps the kitchen out.
 */
export function GiftCardsScreen({ caller }: { caller: GiftCardsCaller }) {
  const { t } = useTranslation();
  const cards = useQuery({
    queryKey: queryKeys.staff.giftCards(caller.slug, caller.credentials.userId),
    queryFn: ({ signal }) => listGiftCards(caller, signal),
  });
  const [issued, setIssued] = useState<IssueGiftCardResponse | null>(null);

  return (
    <section aria-labelledby="staff-title" className="gift-cards">
      <h1 id="staff-title">{t('staffGiftCards.title')}</h1>
      <p>{t('staffGiftCards.intro')}</p>
      <div className="gift-cards__columns">
        {issued ? <NewCard issued={issued} onDone={() => setIssued(null)} /> : <IssueForm caller={caller} onIssued={setIssued} />}
        <BalanceLookUp caller={caller} />
      </div>
      <CardList cards={cards} />
    </section>
  );
}
