import { type ActionResultState, Link, type Locale, useFetcher } from '#runtime/shared';
import { formFields } from '../form-fields.ts';
import { formatPrice } from '../format-price.ts';
import { href } from '../href.ts';
import type { Messages } from '../messages.ts';
import { MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { CartLine } from '../types.ts';
import { FieldError } from './field-error.tsx';
import { useCartChange } from './optimistic-cart.tsx';
import { ProductImage } from './product-image.tsx';
import { type LineForm, QuantityStepper, type SubmitHandler } from './quantity-stepper.tsx';

/** A cart line as the page shows it: the server's, or with a change on its way. */
export interface ShownLine extends CartLine {
  /**
   * Removed, optimistically. The row stays mounted, hidden: unmounting would abort its fetcher's post, and
   * a remove that fails shows the line again, with its error.
   */
  removing?: boolean;
}

/** A change of one line: its new quantity, 0 when it is removed. */
export interface LineChange {
  productId: string;
  quantity: number;
}

/** The lines with `change` shown: the cart page's useOptimistic reducer. */
export function withLineChange(lines: readonly ShownLine[], change: LineChange): readonly ShownLine[] {
  return lines.map((line) => {
    if (line.productId !== change.productId) return line;
    return change.quantity === 0 ? { ...line, removing: true } : { ...line, quantity: change.quantity };
  });
}

/** A quantity field's value when it is one a line can have, else null (the server answers why). */
function quantityOf(field: string | undefined): number | null {
  const quantity = Number(field);
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

interface CartRowProps {
  line: ShownLine;
  /** The line's quantity in the server's data: the row is pending while it shows another. */
  storedQuantity: number;
  locale: Locale;
  messages: Messages;
  /** The invalid answer of a native (no JavaScript) update or remove of this line, if the page shows one. */
  result: ActionResultState | null;
  /** Shows a change of a line at once (the cart page's useOptimistic setter). */
  showChange: (change: LineChange) => void;
}

/**
 * A cart line whose − / +, typed quantity and remove post through the line's own fetcher: the row changes
 * in place at once (dimmed and aria-busy until the server's data agrees) while other lines change too.
 * Without JavaScript each is a native post (303 back to the cart). The line total is the server's.
 */
export function CartRow({ line, storedQuantity, locale, messages, result, showChange }: CartRowProps) {
  const fetcher = useFetcher();
  const changeCart = useCartChange();
  const submitting = fetcher.state === 'submitting';
  const busy = submitting || line.quantity !== storedQuantity;
  // The line's last answer: its fetcher's once it has posted (none while it posts again), else the page's.
  const answer = submitting ? undefined : fetcher.result;
  const invalid = fetcher.result ? (answer?.type === 'invalid' ? answer : undefined) : result;
  const failure = answer?.type === 'failed' ? messages.formFailure : undefined;

  function submitAs(action: 'update' | 'remove'): SubmitHandler {
    return (event) => {
      event.preventDefault();
      // One post per line at a time: a second would abort the first, whose change may have landed.
      if (submitting) return;
      const fields = formFields(event.currentTarget);
      const quantity = action === 'remove' ? 0 : quantityOf(fields[QUANTITY_FIELD]);
      const { productId } = line;
      changeCart({
        delta: quantity === null ? 0 : quantity - line.quantity,
        show: quantity === null ? undefined : () => showChange({ productId, quantity }),
        post: () => fetcher.submit(fields, { action }),
      });
    };
  }
  return (
    <tr
      hidden={line.removing}
      aria-busy={busy || undefined}
      className={busy ? 'cart-row--pending' : undefined}
    >
      <th scope="row" className="cart-table__item">
        <CartItem
          line={line}
          messages={messages}
          Form={fetcher.Form}
          onRemove={submitAs('remove')}
          error={invalid?.errors[PRODUCT_FIELD] ?? failure}
        />
      </th>
      <td className="cart-table__number" data-label={messages.unitPrice}>
        {formatPrice(line.unitPriceCents, locale)}
      </td>
      <td className="cart-table__quantity" data-label={messages.quantity}>
        <QuantityStepper
          line={line}
          messages={messages}
          Form={fetcher.Form}
          onUpdate={submitAs('update')}
          error={invalid?.errors[QUANTITY_FIELD]}
          typed={invalid?.values[QUANTITY_FIELD]}
        />
      </td>
      <td className="cart-table__number cart-table__total" data-label={messages.lineTotal}>
        {formatPrice(line.lineTotalCents, locale)}
      </td>
    </tr>
  );
}

/** The product of a line, with its remove button and the line's error. */
function CartItem({
  line,
  messages,
  Form,
  onRemove,
  error,
}: {
  line: ShownLine;
  messages: Messages;
  Form: LineForm;
  onRemove: SubmitHandler;
  error: string | undefined;
}) {
  const { productId, name } = line;
  const errorId = `cart-error-${productId}`;
  return (
    <div className="cart-item">
      <ProductImage product={{ id: productId, name, categoryPath: line.categoryPath }} size="thumb" />
      <div className="cart-item__body">
        <Link to={href('product', { id: productId })} className="cart-table__product">
          {name}
        </Link>
        <Form action="remove" className="cart-table__remove" onSubmit={onRemove}>
          <input type="hidden" name={PRODUCT_FIELD} value={productId} />
          <button type="submit" className="text-button" aria-describedby={error ? errorId : undefined}>
            {messages.remove}
            <span className="visually-hidden"> {name}</span>
          </button>
        </Form>
        <FieldError id={errorId} message={error} />
      </div>
    </div>
  );
}
