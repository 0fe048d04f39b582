import type { AvailabilitySection, SetSoldOutRequest } from '@servery/contracts/staff-availability';
import { useTranslation } from 'react-i18next';
import { setSoldOut, type StaffCaller } from '../staff-api';
import { StockCount } from './stock-count';

/** Runs a change and says what it did (or why not): the availability screen's (staff-availability-screen.tsx). */
export type Change = (run: () => Promise<unknown>, message: string) => Promise<void>;

/** A section's sold-out switch, and one for each of its items and their options. */
export function SectionSwitches({ section, caller, onChange }: { section: AvailabilitySection; caller: StaffCaller; onChange: Change }) {
  const { t } = useTranslation();
  const headingId = `availability-section-${section.id ?? section.name}`;
  return (
    <section className="staff-column" aria-labelledby={headingId}>
      <div className="staff-list__row">
        <h3 id={headingId} className="staff-list__who">
          {section.name}
          {section.sold_out && <span className="staff-card__badge"> {t('staff.availability.soldOut')}</span>}
        </h3>
        {section.id !== null && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void onChange(
                () => setSoldOut(caller, { kind: 'section', id: section.id ?? 0, sold_out: !section.sold_out }),
                t(section.sold_out ? 'staff.availability.backNotice' : 'staff.availability.soldOutNotice', { name: section.name }),
              )
            }
          >
            {t(section.sold_out ? 'staff.availability.markBack' : 'staff.availability.markSoldOut', { name: section.name })}
          </button>
        )}
      </div>
      <ul className="staff-list">
        {section.items.map((item) => (
          <li key={item.id} className="staff-list__row">
            <SoldOutSwitch
              target={{ kind: 'item', id: item.id }}
              name={item.name}
              soldOut={item.sold_out}
              caller={caller}
              onChange={onChange}
            />
            <StockCount key={`${item.id}-${item.stock}`} item={item} caller={caller} onChange={onChange} />
            {item.options.length > 0 && (
              <details className="staff-availability__options">
                <summary>
                  {t('staff.availability.options', { count: item.options.filter((option) => option.sold_out).length, name: item.name })}
                </summary>
                <ul className="staff-list">
                  {item.options.map((option) => (
                    <li key={option.id} className="staff-list__row">
                      <SoldOutSwitch
                        target={{ kind: 'option_value', id: option.id }}
                        name={`${option.name} (${option.group})`}
                        soldOut={option.sold_out}
                        caller={caller}
                        onChange={onChange}
                      />
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An item's or an option's name, its sold-out badge and the button that turns it sold out or back. */
function SoldOutSwitch({
  target,
  name,
  soldOut,
  caller,
  onChange,
}: {
  target: Pick<SetSoldOutRequest, 'kind' | 'id'>;
  name: string;
  soldOut: boolean;
  caller: StaffCaller;
  onChange: Change;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span className="staff-list__who">
        {name}
        {soldOut && <span className="staff-card__badge"> {t('staff.availability.soldOut')}</span>}
      </span>
      <button
        type="button"
        className={soldOut ? 'button button--primary' : 'button'}
        onClick={() =>
          void onChange(
            () => setSoldOut(caller, { ...target, sold_out: !soldOut }),
            t(soldOut ? 'staff.availability.backNotice' : 'staff.availability.soldOutNotice', { name }),
          )
        }
      >
        {t(soldOut ? 'staff.availability.markBack' : 'staff.availability.markSoldOut', { name })}
      </button>
    </>
  );
}
