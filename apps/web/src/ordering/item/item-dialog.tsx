import type { PublicRestaurant } from '@servery/contracts/restaurant';
import {
  containsAlcohol,
  defaultSelection,
  setValueQuantity,
  toggleValue,
  unitPrice,
  validateSelection,
  type SelectedGroup,
  type SelectionIssue,
} from '@servery/domain/item-selection';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { LocalizedText, RestaurantHtml } from '../../components/ui/localized';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { useToasts } from '../../components/ui/toasts';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/clock';
import { formatMoney } from '../../lib/format';
import { localizedHtml, localizedText } from '../../lib/localize';
import { menuImageSources } from '../../lib/menu-image';
import { useLocale } from '../../lib/use-locale';
import type { ItemChoice, ItemChoiceResult } from './item-choice';
import { ItemCalories, ItemDietsAndAllergens, ItemPrice } from '../../components/ui/item-facts';
import { hasAcceptedLegalAge, rememberLegalAge } from './legal-age';
import type { MenuItemEntry, NotOrderableReason } from '../../lib/menu-model';
import { OptionGroups } from '../../components/ui/option-groups';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import './item-dialog.css';

export const SPECIAL_INSTRUCTIONS_MAX = 200;
const DEFAULT_MAX_QUANTITY = 99;

export interface ItemDialogProps {
  entry: MenuItemEntry;
  restaurant: PublicRestaurant;
  /** Why the item cannot be added now (sold out, closed, …); null when it can. */
  blockedBy: NotOrderableReason | null;
  onClose: () => void;
  /**
   * Receives the diner's valid choice. A promise (the cart asking the server) keeps the dialog open
   * and busy until it settles: taken, the dialog closes (the cart says what was added); refused, its
   * message shows here. An answer given at once does the same without the wait (the caller says
   * what became of the choice). Without an answer the dialog closes with an "Added" toast.
   */
  onSelect?: ((choice: ItemChoice) => void | ItemChoiceResult | Promise<ItemChoiceResult>) | undefined;
  /** Gets focus back when the dialog closes (the item's button). */
  returnFocusTo?: HTMLElement | null;
  /** How a vertical words and trims the dialog (the school's meal choices); the menu passes none. */
  variant?: ItemDialogVariant | undefined;
}

/**
 * A vertical's way of showing the item dialog. The school (features/school/school-menu.tsx) asks
 * only for a meal's choices: its week already shows the meal, and it prices the meal itself (a
 * rotation's price, a subsidy), so the item's price, quantity and total would be wrong there.
 */
export interface ItemDialogVariant {
  /** The heading in place of the item's name ("Spaghetti · Monday, November 30"). */
  title?: string;
  /** The submit button's words in place of "Add to order" ("Add for Léa"). */
  addLabel?: string;
  /** A second button that closes the dialog without adding, with these words ("Do not add"). */
  cancelLabel?: string;
  /**
   * Only the option groups: no image, description, price, facts, quantity, total or special
   * instructions. The choice goes out with a quantity of 1 and no instructions.
   */
  choicesOnly?: boolean;
}

/**
 * An item's details and choices in the modal shell (components/ui/modal-dialog.tsx): the browser
 * keeps focus inside it and makes the page behind inert; Escape, the close button, a click on the
 * backdrop and the browser's Back close it, and focus goes back to the item's button. "Add to order" checks the spec's
 * option rules and says what is wrong next to each group, focusing the first one. The menu opens it
 * for any item, the school week for a meal's choices (`variant`).
 */
export function ItemDialog({ entry, restaurant, blockedBy, onClose, onSelect, returnFocusTo, variant = {} }: ItemDialogProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const { show } = useToasts();
  const id = useId();
  const { item } = entry;
  const zone = restaurant.zone;
  const bodyRef = useRef<HTMLDivElement>(null);
  const { choicesOnly = false } = variant;

  const [selection, setSelection] = useState<SelectedGroup[]>(() => defaultSelection(item, now, zone));
  // A caterer's "feeds 10": the line starts at the item's minimum and cannot go below it.
  const minQuantity = item.min_quantity;
  const [quantity, setQuantity] = useState(minQuantity);
  const [instructions, setInstructions] = useState('');
  const [legalAge, setLegalAge] = useState(hasAcceptedLegalAge);
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const allIssues = useMemo(() => validateSelection(item, selection, now, zone), [item, selection, now, zone]);
  // Before the first "Add", only what the diner just did wrong is said (too many, only one); after it, everything.
  const shownIssues = submitted ? allIssues : allIssues.filter((issue) => issue.rule !== 'required');
  const issuesByGroup = useMemo(() => {
    const map = new Map<number, SelectionIssue[]>();
    for (const issue of shownIssues) map.set(issue.groupId, [...(map.get(issue.groupId) ?? []), issue]);
    return map;
  }, [shownIssues]);

  const alcoholic = containsAlcohol(item, selection);
  const legalMissing = submitted && alcoholic && !legalAge;
  // After the item's and values' promos, as the server charges it: the line goes to the cart at this price.
  const unit = unitPrice(item, selection, now, zone);
  const maxQuantity = restaurant.maxItemsPerCart ?? DEFAULT_MAX_QUANTITY;
  const showInstructions = !choicesOnly && !restaurant.hide_items_special_instructions && blockedBy === null;

  useEffect(() => {
    if (focusRequest === 0) return;
    bodyRef.current?.querySelector<HTMLElement>('[data-invalid]')?.focus();
  }, [focusRequest]);

  const name = localizedText(item, 'name', locale);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blockedBy !== null || adding) return;
    setSubmitted(true);
    setAddError(null);
    if (allIssues.length > 0 || (alcoholic && !legalAge) || unit === null) {
      setFocusRequest((n) => n + 1);
      return;
    }
    const result = onSelect?.({
      itemId: item.id,
      menuId: entry.menu.id,
      sectionId: entry.section?.id ?? null,
      quantity,
      options: selection,
      specialInstructions: showInstructions ? instructions.trim() : '',
      unitPrice: unit,
    });
    if (!result) {
      show(t('item.added', { quantity, name: name.text }), 'success');
      onClose();
      return;
    }
    if (!(result instanceof Promise)) {
      if (result.ok) onClose();
      else setAddError(result.message);
      return;
    }
    setAdding(true);
    void result.then((outcome) => {
      setAdding(false);
      if (outcome.ok) onClose();
      else setAddError(outcome.message);
    });
  };

  return (
    <ModalDialog
      title={variant.title ?? <LocalizedText text={name.text} locale={name.locale} />}
      closeLabel={t('item.close')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      closeOnBackdrop
      closeOnBack
      onSubmit={submit}
      busy={adding}
    >
      <div ref={bodyRef} className="item-dialog__body">
        {!choicesOnly && <ItemDetails entry={entry} zone={zone} />}

        {item.options.length > 0 && (
          <fieldset className="item-dialog__options" disabled={blockedBy !== null}>
            <legend className="visually-hidden">{t('item.choicesLegend')}</legend>
            <OptionGroups
              groups={item.options}
              selected={selection}
              path={[]}
              onToggle={(path) => {
                // Read from this render's selection so the caller learns whether the toggle was refused (a full group).
                const next = toggleValue(item, selection, path);
                if (next === selection) return false;
                setSelection(next);
                return true;
              }}
              onQuantity={(path, next) => setSelection((current) => setValueQuantity(item, current, path, next))}
              issues={issuesByGroup}
              now={now}
              zone={zone}
            />
          </fieldset>
        )}

        {showInstructions && <SpecialInstructions value={instructions} onChange={setInstructions} />}

        {blockedBy === null && alcoholic && (
          <div className={legalMissing ? 'legal-age legal-age--invalid' : 'legal-age'}>
            <label className="legal-age__label">
              <input
                type="checkbox"
                checked={legalAge}
                required
                data-invalid={legalMissing || undefined}
                aria-invalid={legalMissing || undefined}
                aria-describedby={legalMissing ? `${id}-legal-error` : undefined}
                onChange={(event) => {
                  setLegalAge(event.target.checked);
                  rememberLegalAge(event.target.checked);
                }}
              />
              <span>{t('item.legalAge')}</span>
            </label>
            {legalMissing && (
              <p id={`${id}-legal-error`} className="field-error">
                {t('item.legalAgeRequired')}
              </p>
            )}
          </div>
        )}
      </div>

      <div className="item-dialog__footer">
        {blockedBy !== null ? (
          <p className="item-dialog__blocked">{t(`item.blocked.${blockedBy}`)}</p>
        ) : (
          <>
            {!choicesOnly && (
              <>
                <QuantityField value={quantity} min={minQuantity} max={maxQuantity} onChange={setQuantity} />
                {minQuantity > 1 && <p className="item-dialog__minimum">{t('item.minimum', { count: minQuantity })}</p>}
              </>
            )}
            {/* With only the choices the total is the vertical's to say; a choice that has no price still is said. */}
            {(!choicesOnly || unit === null) && (
              <p className="item-dialog__total" aria-live="polite">
                {unit === null ? t('item.priceUnavailable') : t('item.total', { price: formatMoney(unit * quantity, locale) })}
              </p>
            )}
            {submitted && (allIssues.length > 0 || legalMissing) && (
              <p className="field-error item-dialog__summary" role="alert">
                {t('item.fixChoices')}
              </p>
            )}
            {addError !== null && (
              <p className="field-error item-dialog__summary" role="alert">
                {addError}
              </p>
            )}
            <button type="submit" className="button button--primary item-dialog__add" aria-disabled={adding || undefined}>
              {adding ? t('item.adding') : (variant.addLabel ?? t('item.add'))}
            </button>
            {variant.cancelLabel !== undefined && (
              <button type="button" className="button item-dialog__add" onClick={onClose}>
                {variant.cancelLabel}
              </button>
            )}
          </>
        )}
      </div>
    </ModalDialog>
  );
}

/** What the menu says of an item above its choices: picture, description, price, calories, diets, allergens, ingredients. */
function ItemDetails({ entry, zone }: { entry: MenuItemEntry; zone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = useNow();
  const { item } = entry;
  const description = localizedHtml(item, 'description', locale);
  const ingredients = localizedText(item, 'ingredients', locale);
  return (
    <>
      {item.image && (
        <img className="item-dialog__image" {...menuImageSources(item.image, 'wide')} alt="" width={480} height={270} decoding="async" />
      )}
      <RestaurantHtml className="item-dialog__description" html={description.text} locale={description.locale} />
      <p className="item-dialog__meta">
        <ItemPrice item={item} now={now} zone={zone} className="item-dialog__price" />
        <ItemCalories calories={item.calories} />
      </p>
      <ItemDietsAndAllergens diets={item.diets} allergens={item.allergens} />
      {ingredients.text.trim() !== '' && (
        <p className="item-dialog__ingredients">
          <span className="item-dialog__label">{t('item.ingredients')}</span>{' '}
          <LocalizedText text={ingredients.text} locale={ingredients.locale} />
        </p>
      )}
    </>
  );
}

/** "Quantity − 1 +": how many of the item, from its minimum (a caterer's "feeds 10") to the cart's limit. */
function QuantityField(props: { value: number; min: number; max: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const labelId = `${useId()}-quantity`;
  return (
    <div className="item-dialog__quantity">
      <span id={labelId} className="item-dialog__label">
        {t('item.quantity')}
      </span>
      <QuantityStepper
        {...props}
        decreaseLabel={t('item.decreaseQuantity')}
        increaseLabel={t('item.increaseQuantity')}
        labelledBy={labelId}
      />
    </div>
  );
}

function SpecialInstructions({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const left = SPECIAL_INSTRUCTIONS_MAX - value.length;
  return (
    <div className="special-instructions">
      <label htmlFor={`${id}-text`} className="item-dialog__label">
        {t('item.instructions')}
      </label>
      <textarea
        id={`${id}-text`}
        className="text-input special-instructions__text"
        rows={3}
        maxLength={SPECIAL_INSTRUCTIONS_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, SPECIAL_INSTRUCTIONS_MAX))}
        aria-describedby={`${id}-counter`}
      />
      <p id={`${id}-counter`} className="special-instructions__counter">
        {t('item.charactersLeft', { count: left })}
      </p>
    </div>
  );
}
