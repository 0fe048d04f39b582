import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../i18n/locales';
import { formatMoney, formatPercent, rateToPercentText } from '../../lib/format';
import { localizedText } from '../../lib/localize';
import { useLocale } from '../../lib/use-locale';
import type { CartItem, Costs } from './cart-api';
import { entryKey, findOptionValue } from './cart-model';
import type { Cart } from './use-cart';
import { useHubParts, type HubRestaurant } from '../plugins';

interface Row {
  key: string;
  label: string;
  amount: number;
  /** Shown as a reduction (−$1.60). */
  reduction?: boolean;
  /** A total line. */
  total?: boolean;
}

/**
 * Each step of the costs, in the order pricing.md applies them. Every amount is a field of the
 * server's costs: this only chooses which to show and formats them, it never computes money.
 */
export function breakdownRows(costs: Costs, t: TFunction, locale: Locale, { splitTaxes = true }: { splitTaxes?: boolean } = {}): Row[] {
  const rows: Row[] = [{ key: 'subtotal', label: t('cart.breakdown.subtotal'), amount: costs.subtotal }];
  const { memberDiscount, discount, subsidyDiscount, serviceCharge, deliveryCharge, tip, voucher, credits } = costs;
  const percent = (value: string | null) => (value === null ? null : formatPercent(value, locale));

  if (memberDiscount.preTax && memberDiscount.amount > 0) {
    rows.push({ key: 'member', label: t('cart.breakdown.memberPrice'), amount: memberDiscount.amount, reduction: true });
  }
  if (discount.amount > 0) {
    const code = discount.code ?? '';
    const share = discount.type === 'percentage' ? percent(discount.percentageValue) : null;
    rows.push({
      key: 'discount',
      label: share ? t('cart.breakdown.promoPercent', { code, percent: share }) : t('cart.breakdown.promo', { code }),
      amount: discount.amount,
      reduction: true,
    });
  }
  if (subsidyDiscount.amount > 0) {
    rows.push({ key: 'subsidy', label: subsidyLabel(costs, t, locale), amount: subsidyDiscount.amount, reduction: true });
  }
  if (costs.subtotalDiscounted !== costs.subtotal) {
    rows.push({ key: 'subtotalDiscounted', label: t('cart.breakdown.subtotalDiscounted'), amount: costs.subtotalDiscounted });
  }
  if (serviceCharge.amount > 0) {
    const label = serviceCharge.label[locale];
    const share = serviceCharge.type === 'percentage' ? percent(serviceCharge.percentageValue) : null;
    rows.push({
      key: 'service',
      label: share ? t('cart.breakdown.serviceChargePercent', { label, percent: share }) : label,
      amount: serviceCharge.amount,
    });
  }
  if (deliveryCharge.amount > 0) {
    const share = deliveryCharge.type === 'percentage' ? percent(deliveryCharge.percentageValue) : null;
    rows.push({
      key: 'delivery',
      label: share ? t('cart.breakdown.deliveryChargePercent', { percent: share }) : t('cart.breakdown.deliveryCharge'),
      amount: deliveryCharge.amount,
    });
  }
  // The restaurant's showSplitTaxes: each tax on its own line, or one "Taxes" line for them all. A
  // tax of $0.00 (BC's PST on food) is no line (issue 30 defect 6).
  if (!splitTaxes && costs.taxes !== 0) {
    rows.push({
      key: 'taxes',
      label: costs.taxInfo.taxInclusive ? t('cart.breakdown.taxesIncluded') : t('cart.breakdown.taxes'),
      amount: costs.taxes,
    });
  }
  for (const bracket of splitTaxes ? costs.taxBrackets.filter((entry) => entry.amount !== 0) : []) {
    const values = { label: bracket.label[locale], rate: formatPercent(rateToPercentText(bracket.rate), locale) };
    rows.push({
      key: `tax-${bracket.key}`,
      label: costs.taxInfo.taxInclusive ? t('cart.breakdown.taxIncluded', values) : t('cart.breakdown.tax', values),
      amount: bracket.amount,
    });
  }
  if (!memberDiscount.preTax && memberDiscount.amount > 0) {
    rows.push({ key: 'memberAfterTax', label: t('cart.breakdown.memberDiscount'), amount: memberDiscount.amount, reduction: true });
  }
  if (tip.amount > 0) {
    rows.push({ key: 'totalBeforeTip', label: t('cart.breakdown.totalBeforeTip'), amount: costs.total });
    const share = tip.type === 'percentage' ? percent(tip.percentageValue) : null;
    rows.push({
      key: 'tip',
      label: share ? t('cart.breakdown.tipPercent', { percent: share }) : t('cart.breakdown.tip'),
      amount: tip.amount,
    });
  }
  rows.push({ key: 'total', label: t('cart.breakdown.total'), amount: costs.totalWithTip, total: true });
  if (voucher.amount > 0) {
    rows.push({
      key: 'voucher',
      label: t('cart.breakdown.giftCard', { number: voucher.code ? `•••• ${voucher.code.slice(-4)}` : '' }).trim(),
      amount: voucher.amount,
      reduction: true,
    });
  }
  if (credits.amount > 0) rows.push({ key: 'credits', label: t('cart.breakdown.credits'), amount: credits.amount, reduction: true });
  if (voucher.amount > 0 || credits.amount > 0) {
    rows.push({ key: 'amountDue', label: t('cart.breakdown.amountDue'), amount: costs.amountDue, total: true });
  }
  return rows;
}

/**
 * The subsidy's row; pay what you can says what the diner chose and that it is before tax (the taxes
 * are added to it, pricing.md 2.3 and 4), or tax included where the prices hold the tax.
 */
function subsidyLabel({ subsidyDiscount, taxInfo }: Costs, t: TFunction, locale: Locale): string {
  if (subsidyDiscount.type !== 'pay_what_you_can') return t('cart.breakdown.subsidy');
  if (subsidyDiscount.chosenAmountToBePaid === null) return t('cart.breakdown.payWhatYouCan');
  const amount = formatMoney(subsidyDiscount.chosenAmountToBePaid, locale);
  return taxInfo.taxInclusive
    ? t('cart.breakdown.payWhatYouCanChosenTaxIncluded', { amount })
    : t('cart.breakdown.payWhatYouCanChosen', { amount });
}

function Amount({ row, locale }: { row: Row; locale: Locale }) {
  // A reduction is the server's positive amount, shown with a minus sign.
  return <>{formatMoney(row.reduction ? -row.amount : row.amount, locale)}</>;
}

function RowList({ rows, className }: { rows: Row[]; className: string }) {
  const { locale } = useLocale();
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.key} className={row.total ? 'cost-row cost-row--total' : 'cost-row'}>
          <dt>{row.label}</dt>
          <dd>
            <Amount row={row} locale={locale} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Running totals that change nothing: in "Why this price?" only. */
const STEP_ONLY = new Set(['subtotalDiscounted', 'totalBeforeTip']);

/**
 * Every line that changes what the diner pays, as the summary shows it: subtotal, each reduction,
 * each charge, the taxes (split or not, as the restaurant says), the tip, the total, each tender and
 * the amount due.
 */
export function summaryRows(costs: Costs, t: TFunction, locale: Locale, splitTaxes: boolean): Row[] {
  return breakdownRows(costs, t, locale, { splitTaxes }).filter((row) => !STEP_ONLY.has(row.key));
}

/**
 * The summary (every line that changes the total, summaryRows) and, in a disclosure, "Why this
 * price?": each step of the costs with every tax apart, and each line's parts (unit price, after the
 * item promo, × quantity), in the diner's language.
 */
export function CostSummary({
  cart,
  headingId,
  splitTaxes,
  restaurant,
}: {
  cart: Cart;
  headingId: string;
  splitTaxes: boolean;
  /** A hub: its part explains the split per vendor under the summary (ordering/plugins.tsx `CostSplit`). */
  restaurant?: HubRestaurant;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { costs } = cart;
  const hub = useHubParts(restaurant);
  const busy = cart.costsStatus === 'busy';
  return (
    <section className="cart-summary" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h3 id={headingId} className="cart-section__title">
        {t('cart.summary.title')}
      </h3>
      {cart.costsStatus === 'error' && (
        <div role="alert" className="inline-error cart-summary__error">
          <p>{t('cart.summary.error')}</p>
          <button type="button" className="button button--small" onClick={cart.retryCosts}>
            {t('cart.summary.retry')}
          </button>
        </div>
      )}
      {busy && <p className="cart-summary__busy">{t('cart.summary.busy')}</p>}
      {costs && (
        <>
          <RowList className="cost-rows cost-rows--summary" rows={summaryRows(costs, t, locale, splitTaxes)} />
          {costs.paymentNotRequired && <p className="cart-summary__note">{t('cart.breakdown.paymentNotRequired')}</p>}
          {hub.parts && restaurant && costs.vendorSplit && <hub.parts.CostSplit costs={costs} restaurant={restaurant} />}
          <details className="cost-breakdown">
            <summary className="cost-breakdown__summary">{t('cart.breakdown.title')}</summary>
            <RowList className="cost-rows" rows={breakdownRows(costs, t, locale)} />
            {costs.taxInfo.rebateApplied && <p className="cart-summary__note">{t('cart.breakdown.rebate')}</p>}
            <LineBreakdown cart={cart} costs={costs} />
          </details>
        </>
      )}
    </section>
  );
}

/** Per line, from costs.lines: each part's unit price → after its item promo × quantity = amount, then the line's reductions. */
function LineBreakdown({ cart, costs }: { cart: Cart; costs: Costs }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const lines = new Map<number, CartItem>(cart.choices.items.map((line) => [line.orderId, line]));
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <div className="line-breakdown">
      <h4 className="line-breakdown__title">{t('cart.breakdown.linesTitle')}</h4>
      <ul className="line-breakdown__lines">
        {costs.lines.map((lineCosts) => {
          const line = lines.get(lineCosts.orderId);
          const entry = line ? cart.entries.get(entryKey(line)) : undefined;
          const itemName = entry ? localizedText(entry.item, 'name', locale).text : t('cart.unknownItem');
          const reductions: Row[] = [
            { key: 'member', label: t('cart.breakdown.lineMemberDiscount'), amount: lineCosts.memberDiscount, reduction: true },
            { key: 'discount', label: t('cart.breakdown.lineDiscount'), amount: lineCosts.discount, reduction: true },
            { key: 'subsidy', label: t('cart.breakdown.lineSubsidy'), amount: lineCosts.subsidyDiscount, reduction: true },
          ].filter((row) => row.amount > 0);
          return (
            <li key={lineCosts.orderId} className="line-breakdown__line">
              <p className="line-breakdown__name">{itemName}</p>
              <dl className="cost-rows cost-rows--parts">
                {lineCosts.parts.map((part, index) => {
                  const option = part.kind === 'option' && entry ? findOptionValue(entry.item.options, part.id) : null;
                  const name = part.kind === 'item' ? itemName : option ? localizedText(option, 'name', locale).text : '';
                  const unit = money(part.unitPrice);
                  const detail =
                    part.adjustedPrice === part.unitPrice
                      ? t('cart.breakdown.part', { unit, quantity: part.quantity })
                      : t('cart.breakdown.partPromo', { unit, adjusted: money(part.adjustedPrice), quantity: part.quantity });
                  return (
                    <div key={`${part.kind}-${part.id}-${index}`} className="cost-row">
                      <dt>
                        {name} <span className="cost-row__detail">{detail}</span>
                      </dt>
                      <dd>{money(part.amount)}</dd>
                    </div>
                  );
                })}
                {(lineCosts.parts.length > 1 || reductions.length > 0) && (
                  <div className="cost-row cost-row--total">
                    <dt>{t('cart.breakdown.lineTotal')}</dt>
                    <dd>{money(lineCosts.subtotal)}</dd>
                  </div>
                )}
                {reductions.map((row) => (
                  <div key={row.key} className="cost-row">
                    <dt>{row.label}</dt>
                    <dd>
                      <Amount row={row} locale={locale} />
                    </dd>
                  </div>
                ))}
                {reductions.length > 0 && (
                  <div className="cost-row cost-row--total">
                    <dt>{t('cart.breakdown.lineAfterReductions')}</dt>
                    <dd>{money(lineCosts.subtotalDiscounted)}</dd>
                  </div>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
