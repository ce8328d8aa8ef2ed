import type { Request } from 'express';
import { type ActionHandler, type FormFields, invalid } from '#runtime/server';
import { redirect } from '#runtime/shared';
import { EMAIL_FIELD, FORM_ERROR } from '../../account-fields.ts';
import { accountMessagesFor } from '../../account-messages.ts';
import { href } from '../../href.ts';
import { forgetCartCookie } from '../cart-cookie.ts';
import { createAccount, findAccountByEmail, replacePasswordHash } from '../db/accounts.ts';
import {
  admitSignUp,
  clearSignInFailures,
  recordSignInFailure,
  signInWaitSeconds,
} from '../db/sign-in-failures.ts';
import type { CanonicalEmail } from '../email-address.ts';
import type { ShopServices } from '../services.ts';
import type { ProvidedAt, ShopAction, ShopActionContext, ShopContext } from '../step.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { readCredentials, withoutPassword } from './credentials.ts';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  SCRYPT_COST,
  verifyPassword,
} from './password-hash.ts';

/** The client's address as Express reads it: `req.ip`, which follows the app's TRUST_PROXY. */
function clientAddressOf(context: ShopContext): string {
  return (context.request as Request).ip ?? context.request.socket.remoteAddress ?? 'unknown';
}

/** The throttle's 429: Retry-After in seconds, and the page's form error saying when, in whole minutes. */
function throttled(waitSeconds: number, message: (minutes: number) => string, values: FormFields) {
  const answer = { status: 429, headers: { 'Retry-After': String(waitSeconds) } };
  return invalid({ [FORM_ERROR]: message(Math.ceil(waitSeconds / 60)) }, values, answer);
}

/**
 * `/sign-up`: a new account (10 to 128 characters of password), signed in at once. Throttled per client
 * address before the hash (429 with Retry-After), so a burst of sign-ups cannot queue hashes without end.
 */
export const signUpAction: ShopAction = async function signUpAction(context) {
  const { signal } = context;
  const text = accountMessagesFor(context.locale);
  const read = readCredentials(context.fields, { isNew: true }, text);
  const values = withoutPassword(context.fields);
  if ('errors' in read) return invalid(read.errors, values);
  const attempt = { emailKey: read.email, clientAddress: clientAddressOf(context) };
  const waitSeconds = await admitSignUp(context.services.db, attempt, { signal });
  if (waitSeconds > 0) return throttled(waitSeconds, text.errorSignUpThrottled, values);
  const passwordHash = await hashPassword(read.password, passwordCostOf(context));
  const created = await createAccount(context.services.db, { email: read.email, passwordHash }, { signal });
  if (!created.ok) return invalid({ [EMAIL_FIELD]: text.errorEmailTaken }, values);
  return completeSignIn(context, { accountId: created.id, email: read.email });
};

const passwordCostOf = (context: ShopActionContext) => context.services.passwordCost ?? SCRYPT_COST;

/** Whether the password opens the email's account; the hash runs even when no account has the email. */
async function checkPassword(context: ShopActionContext, email: CanonicalEmail, password: string) {
  const account = await findAccountByEmail(context.services.db, email, { signal: context.signal });
  const stored = account?.passwordHash ?? (await dummyPasswordHash(passwordCostOf(context)));
  const matches = await verifyPassword(password, stored);
  return account && matches ? account : undefined;
}

/**
 * `/sign-in`. Throttled first (429 with Retry-After, nothing checked); then an unknown email and a wrong
 * password get the same 422 and message, after the same hash. A success clears the email's failures, stores
 * a rehash when the cost was raised, and signs in.
 */
export const signInAction: ShopAction = async function signInAction(context) {
  const db = context.services.db;
  const text = accountMessagesFor(context.locale);
  const read = readCredentials(context.fields, { isNew: false }, text);
  const values = withoutPassword(context.fields);
  if ('errors' in read) return invalid(read.errors, values);
  const attempt = { emailKey: read.email, clientAddress: clientAddressOf(context) };
  const waitSeconds = await signInWaitSeconds(db, attempt, { signal: context.signal });
  if (waitSeconds > 0) return throttled(waitSeconds, text.errorThrottled, values);
  const account = await checkPassword(context, read.email, read.password);
  if (!account) {
    await recordSignInFailure(db, attempt, { signal: context.signal });
    return invalid({ [FORM_ERROR]: text.errorCredentials }, values);
  }
  await clearSignInFailures(db, attempt.emailKey, { signal: context.signal });
  const cost = passwordCostOf(context);
  if (needsRehash(account.passwordHash, cost))
    await replacePasswordHash(db, account.id, await hashPassword(read.password, cost), {
      signal: context.signal,
    });
  return completeSignIn(context, { accountId: account.id, email: account.email });
};

/** `POST /sign-out`: this device's session ends on the server; the account's cart stays the account's. */
export const signOutAction: ShopAction = async function signOutAction(context) {
  await (await context.session()).signOut();
  forgetCartCookie(context);
  return redirect(href('home'), 303);
};

/**
 * "Sign out everywhere" on `/account` (signed-in visitors only): every session of the account ends, this one
 * included; the sign-in page then says so, once.
 */
export const signOutEverywhereAction: ActionHandler<
  ShopServices,
  ProvidedAt<'account'>
> = async function signOutEverywhereAction(context) {
  const session = await context.session();
  await session.signOutEverywhere();
  await session.flash('notice', 'signed-out-everywhere');
  forgetCartCookie(context);
  return redirect(href('sign-in'), 303);
};
