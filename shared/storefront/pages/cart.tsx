import type { Locale } from '../../routing/locale.ts';
import type { Head, PageProps } from '../../routing/route-table.ts';
import { Link } from '../../ui/link.tsx';
import { BagIcon } from '../components/icons.tsx';
import { formatPrice } from '../format-price.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { CartData } from '../types.ts';

export default function CartPage({ data, locale }: PageProps<CartData>) {
  const messages = messagesFor(locale);
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-header__title">{messages.cartTitle}</h1>
      </header>
      {data.lines.length === 0 ? (
        <div className="empty-state">
          <BagIcon className="empty-state__icon" />
          <h2 className="empty-state__title">{messages.cartEmpty}</h2>
          <p>{messages.cartEmptyText}</p>
          <Link to="/shop" className="button button--large">
            {messages.continueShopping}
          </Link>
        </div>
      ) : (
        <CartTable data={data} locale={locale} />
      )}
    </div>
  );
}

function CartTable({ data, locale }: { data: CartData; locale: Locale }) {
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
            <th scope="col" className="cart-table__number">
              {messages.quantity}
            </th>
            <th scope="col" className="cart-table__number">
              {messages.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row">
                <Link to={`/products/${line.productId}`} className="cart-table__product">
                  {line.name}
                </Link>
              </th>
              <td className="cart-table__number" data-label={messages.unitPrice}>
                {formatPrice(line.unitPriceCents, locale)}
              </td>
              <td className="cart-table__number" data-label={messages.quantity}>
                {String(line.quantity)}
              </td>
              <td className="cart-table__number" data-label={messages.lineTotal}>
                {formatPrice(line.lineTotalCents, locale)}
              </td>
            </tr>
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
      <p>
        <Link to="/shop">{messages.continueShopping}</Link>
      </p>
    </div>
  );
}

export function head({ locale }: { data: CartData; locale: Locale }): Head {
  const messages = messagesFor(locale);
  return { title: pageTitle(messages.cartTitle), description: messages.cartDescription, robots: 'noindex' };
}
