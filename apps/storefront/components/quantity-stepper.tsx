import type { FunctionComponent, SubmitEvent } from 'react';
import type { FetcherFormProps } from '#runtime/shared';
import type { Messages } from '../messages.ts';
import { MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { CartLine } from '../types.ts';
import { FieldError } from './field-error.tsx';

/** The `Form` of the line's fetcher: each of the line's forms posts through it. */
export type LineForm = FunctionComponent<FetcherFormProps>;
export type SubmitHandler = (event: SubmitEvent<HTMLFormElement>) => void;

interface QuantityStepperProps {
  line: CartLine;
  messages: Messages;
  Form: LineForm;
  onUpdate: SubmitHandler;
  error: string | undefined;
  /** The value of a refused update, kept in the field. */
  typed: string | undefined;
}

/**
 * A cart line's − / + and typed quantity with its Update button, each an `update` form of the line (native
 * posts without JavaScript). The button is tied to the field's form by `form=`, so the controls read and
 * tab in the order they show.
 */
export function QuantityStepper({ line, messages, Form, onUpdate, error, typed }: QuantityStepperProps) {
  const { productId, name, quantity } = line;
  const formId = `quantity-form-${productId}`;
  const fieldId = `quantity-${productId}`;
  const errorId = `quantity-error-${productId}`;
  const step = { Form, onUpdate, productId };
  return (
    <>
      <div className="quantity-stepper">
        <StepForm {...step} to={quantity - 1} label={messages.decreaseQuantityOf(name)} sign="−" />
        {/* Keyed by the quantity shown, so the field follows each change. */}
        <Form
          action="update"
          id={formId}
          className="quantity-form"
          key={quantity}
          noValidate
          onSubmit={onUpdate}
        >
          <input type="hidden" name={PRODUCT_FIELD} value={productId} />
          <label htmlFor={fieldId} className="visually-hidden">
            {messages.quantityOf(name)}
          </label>
          <input
            id={fieldId}
            name={QUANTITY_FIELD}
            type="number"
            min={1}
            max={MAX_QUANTITY}
            inputMode="numeric"
            defaultValue={typed ?? String(quantity)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="field__input field__input--small"
          />
        </Form>
        <StepForm {...step} to={quantity + 1} label={messages.increaseQuantityOf(name)} sign="+" />
        <button type="submit" form={formId} className="button button--ghost button--small">
          {messages.update}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </>
  );
}

/** − or +: a form that posts the line's quantity `to`; disabled where no line can go (0, over the cap). */
function StepForm({
  Form,
  onUpdate,
  productId,
  to,
  label,
  sign,
}: {
  Form: LineForm;
  onUpdate: SubmitHandler;
  productId: string;
  to: number;
  label: string;
  sign: string;
}) {
  return (
    <Form action="update" className="quantity-step" onSubmit={onUpdate}>
      <input type="hidden" name={PRODUCT_FIELD} value={productId} />
      <input type="hidden" name={QUANTITY_FIELD} value={to} />
      <button
        type="submit"
        className="quantity-step__button"
        aria-label={label}
        disabled={to < 1 || to > MAX_QUANTITY}
      >
        {sign}
      </button>
    </Form>
  );
}
