import type { ProductionListResponse } from '@servery/contracts/school';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { CsvButton, DatedReport, type CsvDownload } from './dated-report';
import { StaffGate, type StaffAccess } from './staff-access';
import { getProduction, getProductionCsv } from './staff-api';

/**
 * /{slug}/staff/production?date=: a school's production list for one day (the kitchen's staff and
 * up): each item's total, to cook, then each class's items, to pack (school, grade, classroom,
 * teacher), with the same list as CSV (GET /api/staff/school/production and production.csv).
 */
export function StaffProductionScreen() {
  const { t } = useTranslation();
  return (
    <StaffGate area="orders" title={t('staff.production.title')}>
      {(access) => <Production access={access} />}
    </StaffGate>
  );
}

function Production({ access }: { access: StaffAccess }) {
  const { t } = useTranslation();
  const { caller, me } = access;
  return (
    <section aria-labelledby="staff-title" className="staff-production">
      <h1 id="staff-title">{t('staff.production.title')}</h1>
      {!me.restaurant.k12 ? (
        <p>{t('staff.production.notSchool')}</p>
      ) : (
        <DatedReport
          name="production"
          caller={caller}
          dayLabel={t('staff.production.day')}
          load={({ date }, signal) => getProduction(caller, date, signal)}
          loadCsv={({ date }) => getProductionCsv(caller, date)}
        >
          {(list, csv) => <ProductionList list={list} csv={csv} />}
        </DatedReport>
      )}
    </section>
  );
}

function ProductionList({ list, csv }: { list: ProductionListResponse; csv: CsvDownload }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const day = longDay(list.date, locale);
  if (list.total === 0) return <p>{t('staff.production.nothing', { date: day })}</p>;
  return (
    <>
      <p>{t('staff.production.summary', { count: list.total, date: day })}</p>
      <section aria-labelledby="production-items-title">
        <h2 id="production-items-title">{t('staff.production.byItem')}</h2>
        <CountTable rows={list.items} total={list.total} />
      </section>
      <section aria-labelledby="production-classes-title">
        <h2 id="production-classes-title">{t('staff.production.byClass')}</h2>
        <ul className="staff-production__classes">
          {list.classes.map((entry, index) => (
            <li key={`${entry.school}|${entry.grade}|${entry.classroom}|${entry.teacher}`}>
              <section aria-labelledby={`production-class-${index}`} className="staff-production__class">
                <h3 id={`production-class-${index}`}>
                  {t('staff.production.class', { classroom: entry.classroom, teacher: entry.teacher })}
                </h3>
                <p className="staff-production__where">{t('staff.production.classOf', { school: entry.school, grade: entry.grade })}</p>
                <CountTable rows={entry.items} total={entry.total} />
              </section>
            </li>
          ))}
        </ul>
      </section>
      <CsvButton csv={csv} label={t('staff.production.download')} />
    </>
  );
}

/** Items and how many, with their total on the last line. */
function CountTable({ rows, total }: { rows: ProductionListResponse['items']; total: number }) {
  const { t } = useTranslation();
  return (
    <table className="staff-sales__table staff-production__table">
      <thead>
        <tr>
          <th scope="col">{t('staff.production.item')}</th>
          <th scope="col">{t('staff.production.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.item}>
            <th scope="row">{row.item}</th>
            <td>{row.quantity}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('staff.production.total')}</th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Thursday, December 3, 2026" / "jeudi 3 décembre 2026": the calendar day itself, whatever the browser's zone. */
function longDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
