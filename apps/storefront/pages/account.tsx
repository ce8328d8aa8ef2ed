import { Form, type Head, Link, type Locale, SubmitButton } from '#runtime/shared';
import { type AccountMessages, accountMessagesFor } from '../account-messages.ts';
import { SignOutForm } from '../components/sign-out-form.tsx';
import { formatPrice } from '../format-price.ts';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { AccountOrderSummary } from '../types.ts';

/** `/account`: who is signed in, their orders, and the ways out (this device, or every device). */
export default function AccountPage({ data, locale }: Props<'account'>) {
  const text = accountMessagesFor(locale);
  const { formFailure } = messagesFor(locale);
  return (
    <div className="container page account-page account-page--wide">
      <header className="page-header">
        <h1 className="page-header__title">{text.accountTitle}</h1>
        <p className="account-page__email">{text.signedInAs(data.email)}</p>
      </header>
      <section aria-labelledby="account-orders" className="account-orders">
        <h2 id="account-orders">{text.ordersHeading}</h2>
        {data.orders.length === 0 ? (
          <p>{text.noOrders}</p>
        ) : (
          <OrderTable orders={data.orders} text={text} locale={locale} />
        )}
      </section>
      <section className="account-page__sign-out">
        <SignOutForm label={text.signOut} failureMessage={formFailure} />
        <Form action="sign-out-everywhere" failureMessage={formFailure} className="account-page__everywhere">
          <SubmitButton className="button button--ghost">{text.signOutEverywhere}</SubmitButton>
          <p className="field__hint">{text.signOutEverywhereNote}</p>
        </Form>
      </section>
    </div>
  );
}

interface OrderTableProps {
  orders: readonly AccountOrderSummary[];
  text: AccountMessages;
  locale: Locale;
}

function OrderTable({ orders, text, locale }: OrderTableProps) {
  return (
    <table className="cart-table account-orders__table">
      <thead>
        <tr>
          <th scope="col">{text.orderDate}</th>
          <th scope="col" className="cart-table__number">
            {text.orderTotal}
          </th>
          <th scope="col">{text.orderStatus}</th>
          <td />
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <time dateTime={order.createdAt}>{order.dateText}</time>
            </th>
            <td className="cart-table__number">{formatPrice(order.totalCents, locale)}</td>
            <td>{text.statusPlaced}</td>
            <td>
              <Link to={href('order', { id: order.id })}>
                {text.viewOrder}
                <span className="visually-hidden"> {text.orderOf(order.dateText)}</span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function head({ locale }: { locale: Locale }): Head {
  return { title: pageTitle(accountMessagesFor(locale).accountTitle), robots: 'noindex' };
}
