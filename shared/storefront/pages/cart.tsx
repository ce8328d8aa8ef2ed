import {
  type ActionResultState,
  Form,
  type Head,
  Link,
  type Locale,
  SubmitButton,
  useActionResult,
} from '../../index.ts';
import { FieldError } from '../components/field-error.tsx';
import { BagIcon } from '../components/icons.tsx';
import { ProductImage } from '../components/product-image.tsx';
import { formatPrice } from '../format-price.ts';
import { href, type Props } from '../href.ts';
import { type Messages, messagesFor, pageTitle } from '../messages.ts';
import { MAX_CART_LINES, MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { CartData, CartLine } from '../types.ts';

export default function CartPage({ data, search, locale }: Props<'cart'>) {
  const messages = messagesFor(locale);
  // At most one of them is set: the page shows the invalid answer of the last post only.
  const updateResult = useActionResult('update');
  const removeResult = useActionResult('remove');
  const result = updateResult ?? removeResult;
  // An error about a product that is not (or no longer) a line of the cart has no line to sit next to.
  const orphanError =
    result && !data.lines.some((line) => line.productId === result.values[PRODUCT_FIELD])
      ? (result.errors[PRODUCT_FIELD] ?? result.errors[QUANTITY_FIELD])
      : undefined;
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-header__title">{messages.cartTitle}</h1>
      </header>
      {search.leftOut > 0 || search.clamped > 0 ? (
        <p className="form-failure cart-alert" role="status">
          {messages.cartMergeLimited({ ...search, maxLines: MAX_CART_LINES, maxQuantity: MAX_QUANTITY })}
        </p>
      ) : null}
      {orphanError ? (
        <p className="form-failure cart-alert" role="alert">
          {orphanError}
        </p>
      ) : null}
      {data.lines.length === 0 ? (
        <div className="empty-state">
          <BagIcon className="empty-state__icon" />
          <h2 className="empty-state__title">{messages.cartEmpty}</h2>
          <p>{messages.cartEmptyText}</p>
          <Link to={href('shop')} className="button button--large">
            {messages.continueShopping}
          </Link>
        </div>
      ) : (
        <CartTable data={data} locale={locale} result={result} />
      )}
    </div>
  );
}

function CartTable({
  data,
  locale,
  result,
}: {
  data: CartData;
  locale: Locale;
  result: ActionResultState | null;
}) {
  const messages = messagesFor(locale);
  return (
    <div className="cart">
      <table className="cart-table">
        <caption className="visually-hidden">{messages.cartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.product}</th>
            <th scope="col" className="cart-table__number">
              {messages.unitPrice}
            </th>
            <th scope="col" className="cart-table__quantity">
              {messages.quantity}
            </th>
            <th scope="col" className="cart-table__number">
              {messages.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <CartRow
              key={line.productId}
              line={line}
              locale={locale}
              messages={messages}
              result={result?.values[PRODUCT_FIELD] === line.productId ? result : null}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {messages.subtotal}
            </th>
            <td className="cart-table__number">{formatPrice(data.subtotalCents, locale)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="cart__note">{messages.checkoutNote}</p>
      <p className="cart__checkout">
        <Link to={href('checkout')} className="button button--large">
          {messages.checkout}
        </Link>
      </p>
      <p className="cart__continue">
        <Link to={href('shop')}>{messages.continueShopping}</Link>
      </p>
    </div>
  );
}

interface CartRowProps {
  line: CartLine;
  locale: Locale;
  messages: Messages;
  /** The invalid answer of an update or remove of this line, if the page shows one. */
  result: ActionResultState | null;
}

function CartRow({ line, locale, messages, result }: CartRowProps) {
  return (
    <tr>
      <th scope="row" className="cart-table__item">
        <CartItem line={line} messages={messages} error={result?.errors[PRODUCT_FIELD]} />
      </th>
      <td className="cart-table__number" data-label={messages.unitPrice}>
        {formatPrice(line.unitPriceCents, locale)}
      </td>
      <td className="cart-table__quantity" data-label={messages.quantity}>
        <QuantityForm line={line} messages={messages} result={result?.action === 'update' ? result : null} />
      </td>
      <td className="cart-table__number cart-table__total" data-label={messages.lineTotal}>
        {formatPrice(line.lineTotalCents, locale)}
      </td>
    </tr>
  );
}

/** The product of a line, with its remove button and that button's error. */
function CartItem({
  line,
  messages,
  error,
}: {
  line: CartLine;
  messages: Messages;
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
        <Form action="remove" failureMessage={messages.formFailure} className="cart-table__remove">
          <input type="hidden" name={PRODUCT_FIELD} value={productId} />
          <SubmitButton className="text-button" aria-describedby={error ? errorId : undefined}>
            {messages.remove}
            <span className="visually-hidden"> {name}</span>
          </SubmitButton>
        </Form>
        <FieldError id={errorId} message={error} />
      </div>
    </div>
  );
}

/** A line's quantity field and update button; `result`: an invalid update of this line, shown in place. */
function QuantityForm({
  line,
  messages,
  result,
}: {
  line: CartLine;
  messages: Messages;
  result: ActionResultState | null;
}) {
  const { productId, name } = line;
  const fieldId = `quantity-${productId}`;
  const error = result?.errors[QUANTITY_FIELD];
  const errorId = `quantity-error-${productId}`;
  return (
    <>
      {/* Keyed by the stored quantity, so the field shows the cart's value again after an update. */}
      <Form
        action="update"
        failureMessage={messages.formFailure}
        className="quantity-form"
        key={line.quantity}
        noValidate
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
          defaultValue={result ? result.values[QUANTITY_FIELD] : String(line.quantity)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field__input field__input--small"
        />
        <SubmitButton className="button button--ghost button--small">
          {messages.update}
          <span className="visually-hidden"> {name}</span>
        </SubmitButton>
      </Form>
      <FieldError id={errorId} message={error} />
    </>
  );
}

export function head({ locale }: { data: CartData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  return { title: pageTitle(messages.cartTitle), description: messages.cartDescription, robots: 'noindex' };
}
