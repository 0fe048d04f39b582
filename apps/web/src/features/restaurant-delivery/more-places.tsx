import { MAX_SCHOOL_ENTRIES, SCHOOL_ENTRY_MAX_LENGTH } from '@servery/contracts/settings-delivery-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryPlaceParts, type DeliveryFile } from './delivery-file';
import { NameRows } from './name-rows';
import { SchoolList } from './school-list';

/**
 * The schools and the stadium sections of the Delivery form, each where the restaurant's kind says
 * it applies (delivery-file.ts `deliveryPlaceParts`, decision 0121): with the rest of the form, or,
 * for a restaurant of another kind, under a closed "More places" that opens on a click or Enter.
 */
export function MorePlaces({ file, canChange }: { file: DeliveryFile; canChange: boolean }) {
  const { t } = useTranslation();
  const parts = deliveryPlaceParts(file);
  const schools = <SchoolList canChange={canChange} />;
  const sections = (
    <NameRows
      list="sections"
      idPrefix="section"
      title={t('staffDeliveryPlaces.sections.title')}
      hint={t('staffDeliveryPlaces.sections.hint')}
      none={t('staffDeliveryPlaces.sections.none')}
      rowLabel={(number) => t('staffDeliveryPlaces.sections.number', { number })}
      addLabel={t('staffDeliveryPlaces.sections.add')}
      max={MAX_SCHOOL_ENTRIES}
      maxLength={SCHOOL_ENTRY_MAX_LENGTH}
      canChange={canChange}
    />
  );
  const more: ReactNode[] = [];
  if (parts.schools === 'more') more.push(<div key="schools">{schools}</div>);
  if (parts.sections === 'more') more.push(<div key="sections">{sections}</div>);
  return (
    <>
      {parts.schools === 'shown' && schools}
      {parts.sections === 'shown' && sections}
      {more.length > 0 && (
        <details className="delivery__more">
          <summary>{t('staffDeliveryPlaces.more')}</summary>
          <p className="form-field__hint">{t('staffDeliveryPlaces.moreHint')}</p>
          {more}
        </details>
      )}
    </>
  );
}
