import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading shows only after this delay, so fast loads do not flash a spinner (spec "fetching flag delay"). */
export const FETCHING_FLAG_DELAY_MS = 300;

export function Spinner({ delayMs = FETCHING_FLAG_DELAY_MS }: { delayMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
