import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
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

export interface HeldVendorNoticesProps {
  held: readonly HeldVendor[];
  /** What the last removal took out, said by a status line. */
  removed: string;
  /** The id of a vendor's reason (its lines point at it). */
  reasonId: (held: HeldVendor) => string;
  onRemove: (held: HeldVendor) => void;
  /** The first vendor's removal, focused when a placement is refused. */
  firstButtonRef: Ref<HTMLButtonElement>;
}

/** Every vendor of the cart that cannot take its lines, one notice each, above the checkout's form. */
export function HeldVendorNotices({ held, removed, reasonId, onRemove, firstButtonRef }: HeldVendorNoticesProps) {
  return (
    <>
      <p role="status" className="visually-hidden">
        {removed}
      </p>
      {held.map((vendor, index) => (
        <HeldVendorNotice
          key={reasonId(vendor)}
          held={vendor}
          id={reasonId(vendor)}
          onRemove={onRemove}
          buttonRef={index === 0 ? firstButtonRef : undefined}
        />
      ))}
    </>
  );
}
