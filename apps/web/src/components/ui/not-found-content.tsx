import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The page-not-found content; also shown in place of a restaurant whose slug is unknown. */
export function NotFoundContent() {
  const { t } = useTranslation();
  const title = t('notFound.title');
  useDocumentTitle(title);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{title}</h1>
      <p>{t('notFound.message')}</p>
    </section>
  );
}
