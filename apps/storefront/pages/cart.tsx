import { useOptimistic } from 'react';
import { type ActionResultState, type Head, Link, type Locale, useActionResult } from '#runtime/shared';
import { CartRow, type LineChange, type ShownLine, withLineChange } from '../components/cart-row.tsx';
import { BagIcon } from '../components/icons.tsx';
import { formatPrice } from '../format-price.ts';
import { href, type Props } from '../href.ts';
import { type Messages, messagesFor, pageTitle } from '../messages.ts';
import { MAX_CART_LINES, MAX_QUANTITY, PRODUCT_FIELD, QUANTITY_FIELD } from '../shop-rules.ts';
import type { CartData } from '../types.ts';

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
  // A line's change shows at once; the totals are the server's, marked busy until they are revalidated.
  const [lines, showChange] = useOptimistic<readonly ShownLine[], LineChange>(data.lines, withLineChange);
  const pending = lines !== data.lines;
  return (
    <div className="cart">
      <table className="cart-table">
        <caption className="visually-hidden">{messages.cartTitle}</caption>
        <CartTableHead messages={messages} />
        <tbody>
          {lines.map((line, index) => (
            <CartRow
              key={line.productId}
              line={line}
              // The reducer maps the lines one to one: the same index is the same line.
              storedQuantity={data.lines[index]?.quantity ?? line.quantity}
              locale={locale}
              messages={messages}
              result={result?.values[PRODUCT_FIELD] === line.productId ? result : null}
              showChange={showChange}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {messages.subtotal}
            </th>
            <td
              className={pending ? 'cart-table__number cart-table__subtotal--pending' : 'cart-table__number'}
              aria-busy={pending || undefined}
            >
              {formatPrice(data.subtotalCents, locale)}
            </td>
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

function CartTableHead({ messages }: { messages: Messages }) {
  return (
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
  );
}

export function head({ locale }: { data: CartData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  return { title: pageTitle(messages.cartTitle), description: messages.cartDescription, robots: 'noindex' };
}
