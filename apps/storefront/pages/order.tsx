import { type Head, Link, type Locale } from '#runtime/shared';
import { checkoutMessagesFor } from '../checkout-messages.ts';
import { CheckIcon } from '../components/icons.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import type { OrderData } from '../types.ts';

/** The confirmation of a placed order: only the cart session that placed it gets here (404 for others). */
export default function OrderPage({ data, locale }: Props<'order'>) {
  const messages = messagesFor(locale);
  const text = checkoutMessagesFor(locale);
  return (
    <div className="container page order">
      <header className="page-header">
        <CheckIcon className="order__icon" />
        <h1 className="page-header__title">{text.orderTitle}</h1>
        <p>{text.orderThanks(data.name)}</p>
      </header>
      <dl className="order__facts">
        <dt>{text.orderNumber}</dt>
        <dd className="order__number">{data.id}</dd>
        <dt>{text.fieldEmail}</dt>
        <dd>{data.email}</dd>
        <dt>{text.shipTo}</dt>
        <dd>
          <address>
            {data.name}
            <br />
            {data.street}
            <br />
            {data.postcode} {data.city}
            <br />
            {data.countryName}
          </address>
        </dd>
      </dl>
      <OrderSummary
        lines={data.lines}
        totalCents={data.totalCents}
        locale={locale}
        heading={text.orderSummary}
      />
      <p className="order__continue">
        <Link to={href('shop')} className="button button--large">
          {messages.continueShopping}
        </Link>
      </p>
    </div>
  );
}

export function head({ locale }: { data: OrderData; locale: Locale }): Head {
  return { title: pageTitle(checkoutMessagesFor(locale).orderTitle), robots: 'noindex' };
}
