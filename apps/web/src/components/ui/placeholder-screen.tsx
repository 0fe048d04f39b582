import { useTranslation } from '../../i18n/i18n-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A screen whose content comes in a later issue: its title as the page's one h1. */
export function PlaceholderScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="placeholder" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <p>{t('app.comingSoon')}</p>
    </section>
  );
}
