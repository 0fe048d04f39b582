import type { IssueGiftCardResponse } from '@servery/contracts/staff-gift-cards';
import { groupedGiftCardNumber } from '@servery/domain/gift-cards';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

type Copied = 'idle' | 'copied' | 'failed';

/**
 * The card just issued, with its whole number this once: the server keeps only a digest of it, so
 * neither this screen nor anyone can show it again. Focus comes here, so it is read out first; the
 * number is also in a read-only field to select by hand where the browser refuses the clipboard.
 */
export function NewCard({ issued, onDone }: { issued: IssueGiftCardResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<Copied>('idle');
  const grouped = groupedGiftCardNumber(issued.full_number);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.full_number);
      setCopied('copied');
    } catch {
      setCopied('failed');
      document.getElementById('new-gift-card-number')?.focus();
    }
  };

  return (
    <section aria-labelledby="new-gift-card-title" className="gift-cards__panel gift-cards__new">
      <h2 id="new-gift-card-title" ref={heading} tabIndex={-1}>
        {t('staffGiftCards.newTitle', { amount: formatMoney(issued.card.balance, locale) })}
      </h2>
      <p className="gift-cards__warning">
        <strong>{t('staffGiftCards.writeItDown')}</strong> {t('staffGiftCards.shownOnce')}
      </p>
      {issued.card.recipient && <p>{t('staffGiftCards.for', { recipient: issued.card.recipient })}</p>}
      <label className="form-field__label" htmlFor="new-gift-card-number">
        {t('staffGiftCards.number')}
      </label>
      <input
        id="new-gift-card-number"
        className="text-input gift-cards__number"
        readOnly
        value={grouped}
        onFocus={(event) => event.target.select()}
      />
      <p role="status" className="staff-notice">
        {copied === 'copied' ? t('staffGiftCards.copied') : copied === 'failed' ? t('staffGiftCards.copyFailed') : ''}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('staffGiftCards.copy')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('staffGiftCards.done')}
        </button>
      </div>
    </section>
  );
}
