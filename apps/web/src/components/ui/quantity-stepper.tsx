import './quantity-stepper.css';

/**
 * − count + with labelled buttons ("Add one Smoked bacon", "Increase quantity"). At a limit a button is marked
 * aria-disabled rather than disabled, so keyboard focus stays on it instead of falling to the page.
 */
export function QuantityStepper({
  decreaseLabel,
  increaseLabel,
  value,
  min,
  max,
  onChange,
  labelledBy,
}: {
  decreaseLabel: string;
  increaseLabel: string;
  value: number;
  min: number;
  /** null: no upper limit. */
  max: number | null;
  onChange: (value: number) => void;
  labelledBy: string;
}) {
  const atMin = value <= min;
  const atMax = max !== null && value >= max;
  return (
    <div className="stepper" role="group" aria-labelledby={labelledBy}>
      <button
        type="button"
        className="stepper__button"
        aria-label={decreaseLabel}
        aria-disabled={atMin}
        onClick={() => {
          if (!atMin) onChange(value - 1);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={increaseLabel}
        aria-disabled={atMax}
        onClick={() => {
          if (!atMax) onChange(value + 1);
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
