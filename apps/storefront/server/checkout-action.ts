import { type FormFields, type FormTextProblem, formTextProblem, invalid } from '#runtime/server';
import { HttpError, redirect } from '#runtime/shared';
import { ADDRESS_FIELDS, type AddressField, COUNTRIES } from '../checkout-fields.ts';
import { type CheckoutMessages, checkoutMessagesFor } from '../checkout-messages.ts';
import { href } from '../href.ts';
import { IDEMPOTENCY_FIELD } from '../shop-rules.ts';
import { queueOrderConfirmation } from './db/order-outbox.ts';
import { type OrderAddress, placeOrder } from './db/orders.ts';
import { isEmailAddress } from './email-address.ts';
import type { ShopAction } from './step.ts';
import { isUuid } from './uuid.ts';

const POSTCODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;

/** The visitor's words for a character nobody types: `Write this on one line.`, or which one to remove. */
function textProblemMessage(problem: FormTextProblem, messages: CheckoutMessages): string {
  switch (problem.type) {
    case 'line-break':
      return messages.errorOneLine;
    case 'control-character':
    case 'bidi-control':
    case 'lone-surrogate':
      return messages.errorCharacter(`U+${problem.codePoint.toString(16).toUpperCase().padStart(4, '0')}`);
  }
}

/** One field's error, if its trimmed value is not acceptable. */
function fieldError(field: AddressField, value: string, messages: CheckoutMessages): string | undefined {
  if (value === '') return field === 'country' ? messages.errorCountry : messages.errorRequired;
  if (value.length > ADDRESS_FIELDS[field]) return messages.errorTooLong(ADDRESS_FIELDS[field]);
  if (field === 'email' && !isEmailAddress(value)) return messages.errorEmail;
  if (field === 'postcode' && !POSTCODE.test(value)) return messages.errorPostcode;
  if (field === 'country' && !(COUNTRIES as readonly string[]).includes(value)) return messages.errorCountry;
  return undefined;
}

/** The address the form gives, trimmed, or every field's error in the visitor's language. */
function readAddress(
  fields: FormFields,
  messages: CheckoutMessages,
): { address: OrderAddress } | { errors: Record<string, string> } {
  const address: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of Object.keys(ADDRESS_FIELDS) as AddressField[]) {
    const raw = fields[field] ?? '';
    // On the raw value: trim() drops U+2028 or a vertical tab at the ends and would let the value through.
    const problem = formTextProblem(raw);
    const value = raw.trim();
    const error = problem ? textProblemMessage(problem, messages) : fieldError(field, value, messages);
    if (error) errors[field] = error;
    address[field] = value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { address: address as unknown as OrderAddress };
}

/**
 * Places the cart's order (the account's, when signed in): the address is checked first (422 with the field errors, in place with
 * JavaScript), then the order is one transaction. The form's hidden key makes a double submit or a retried
 * post land on the same order.
 */
export const placeOrderAction: ShopAction = async function placeOrderAction(context) {
  const { fields, locale, signal } = context;
  const key = fields[IDEMPOTENCY_FIELD] ?? '';
  if (!isUuid(key))
    throw new HttpError(400, 'The checkout form has no valid key: load the checkout page again');
  const messages = checkoutMessagesFor(locale);
  const read = readAddress(fields, messages);
  if ('errors' in read) return invalid(read.errors, fields);
  const { cartId, account } = await context.visitor();
  const buyer = cartId && { cartId, accountId: account?.accountId };
  const placed = buyer
    ? await placeOrder(context.services.db, buyer, read.address, locale, key, { signal })
    : undefined;
  if (!placed?.placed) return invalid({ form: messages.errorCheckoutEmpty }, fields);
  // #region order-outbox
  const { orderId } = placed;
  // The buyer's redirect does not wait for the confirmation's row; graceful shutdown does.
  if (placed.created) context.after(() => queueOrderConfirmation(context.services.db, orderId, locale));
  return redirect(href('order', { id: orderId }), 303);
  // #endregion order-outbox
};
