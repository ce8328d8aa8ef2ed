import type { Locale } from '#runtime/shared';
import { checkoutMessagesFor } from '../checkout-messages.ts';
import { formatPrice } from '../format-price.ts';
import { messagesFor } from '../messages.ts';
import type { CartLine } from '../types.ts';

/** An order's lines (`2 × Chef knife 20 cm`, line total) and its total, for the checkout and the confirmation. */
export function OrderSummary({
  lines,
  totalCents,
  locale,
  heading,
}: {
  lines: readonly CartLine[];
  totalCents: number;
  locale: Locale;
  heading: string;
}) {
  const messages = messagesFor(locale);
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="order-summary__heading">
        {heading}
      </h2>
      <ul className="order-summary__lines">
        {lines.map((line) => (
          <li key={line.productId} className="order-summary__line">
            <span>{messages.addedDetail(line.quantity, line.name)}</span>
            <span className="order-summary__amount">{formatPrice(line.lineTotalCents, locale)}</span>
          </li>
        ))}
      </ul>
      <p className="order-summary__total">
        <span>{checkoutMessagesFor(locale).total}</span>
        <span className="order-summary__amount">{formatPrice(totalCents, locale)}</span>
      </p>
    </section>
  );
}
