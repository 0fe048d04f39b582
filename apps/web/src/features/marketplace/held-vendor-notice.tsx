import type { Ref } from 'react';
import { useTranslation } from '../../i18n/i18n-context';
import type { HeldVendor } from './vendor-state';
import './marketplace.css';

/**
 * A vendor that cannot take its lines now: the reason (its own pause message included) and the one
 * action that takes its items out of the cart, so the other vendors' items go through.
 */
export function HeldVendorNotice({
  held,
  id,
  onRemove,
  buttonRef,
}: {
  held: HeldVendor;
  /** The reason's element id: the vendor's lines point at it (aria-describedby). */
  id: string;
  onRemove: (held: HeldVendor) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--warning held-vendor">
      <p id={id} className="held-vendor__reason">
        {held.reason}
      </p>
      <p className="held-vendor__lead">{t('marketplace.heldLead')}</p>
      <button ref={buttonRef} type="button" className="button held-vendor__remove" onClick={() => onRemove(held)}>
        {t('marketplace.removeVendor', { vendor: held.name })}
      </button>
    </div>
  );
}
