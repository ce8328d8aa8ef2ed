import {
  type ActionResultState,
  Form,
  type Head,
  Link,
  type Locale,
  SubmitButton,
  useActionResult,
} from '#runtime/shared';
import { ADDRESS_FIELDS, type AddressField } from '../checkout-fields.ts';
import { type CheckoutMessages, checkoutMessagesFor } from '../checkout-messages.ts';
import { FieldError } from '../components/field-error.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';
import { IDEMPOTENCY_FIELD } from '../shop-rules.ts';
import type { CheckoutData } from '../types.ts';

export default function CheckoutPage({ data, locale }: Props<'checkout'>) {
  const messages = messagesFor(locale);
  const text = checkoutMessagesFor(locale);
  const result = useActionResult('place-order');
  const formError = result?.errors.form;
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-header__title">{text.checkoutTitle}</h1>
      </header>
      {data.lines.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">{formError ?? text.errorCheckoutEmpty}</h2>
          <Link to={href('shop')} className="button button--large">
            {messages.continueShopping}
          </Link>
        </div>
      ) : (
        <div className="checkout">
          <CheckoutForm data={data} text={text} failureMessage={messages.formFailure} result={result} />
          <OrderSummary
            lines={data.lines}
            totalCents={data.subtotalCents}
            locale={locale}
            heading={text.orderSummary}
          />
        </div>
      )}
    </div>
  );
}

const LABELS: Readonly<Record<AddressField, (text: CheckoutMessages) => string>> = {
  name: (text) => text.fieldName,
  email: (text) => text.fieldEmail,
  street: (text) => text.fieldStreet,
  postcode: (text) => text.fieldPostcode,
  city: (text) => text.fieldCity,
  country: (text) => text.fieldCountry,
};

const AUTOCOMPLETE: Readonly<Record<AddressField, string>> = {
  name: 'name',
  email: 'email',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

interface FormProps {
  data: CheckoutData;
  text: CheckoutMessages;
  result: ActionResultState | null;
}

/**
 * The address form: a real post (the `place-order` action), validated by the server in the visitor's
 * language. Its hidden key is the one of the first post when an answer comes back invalid, so every retry
 * of this form places the same single order.
 */
function CheckoutForm({ data, text, failureMessage, result }: FormProps & { failureMessage: string }) {
  const formError = result?.errors.form;
  return (
    <Form action="place-order" failureMessage={failureMessage} className="checkout-form" noValidate>
      <input
        type="hidden"
        name={IDEMPOTENCY_FIELD}
        value={result?.values[IDEMPOTENCY_FIELD] ?? data.idempotencyKey}
      />
      {formError ? (
        <p className="form-failure" role="alert">
          {formError}
        </p>
      ) : null}
      {(Object.keys(ADDRESS_FIELDS) as AddressField[]).map((field) => (
        <AddressInput key={field} field={field} data={data} text={text} result={result} />
      ))}
      <SubmitButton className="button button--large checkout-form__submit">{text.placeOrder}</SubmitButton>
      <p className="checkout-form__note">{text.noPaymentNote}</p>
    </Form>
  );
}

function AddressInput({ field, data, text, result }: FormProps & { field: AddressField }) {
  const id = `checkout-${field}`;
  const error = result?.errors[field];
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field,
    autoComplete: AUTOCOMPLETE[field],
    defaultValue: result?.values[field] ?? data.prefill[field] ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: 'field__input checkout-form__input',
  };
  return (
    <div className="field checkout-form__field">
      <label htmlFor={id} className="field__label">
        {LABELS[field](text)}
      </label>
      {field === 'country' ? (
        <select {...common}>
          <option value="">{text.chooseCountry}</option>
          {data.countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field === 'email' ? 'email' : 'text'} maxLength={ADDRESS_FIELDS[field]} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function head({ locale }: { data: CheckoutData; locale: Locale }): Head {
  const text = checkoutMessagesFor(locale);
  return { title: pageTitle(text.checkoutTitle), description: text.checkoutDescription, robots: 'noindex' };
}
