import { redirect } from '#runtime/shared';
import { formatLocaleOf } from '../../format-locale.ts';
import { href } from '../../href.ts';
import type { AccountData, SignInData } from '../../types.ts';
import { accountOrders } from '../db/account-orders.ts';
import type { Step } from '../step.ts';

/** Where the shop is (Lyon): the day an order was placed is the shop's day. */
const SHOP_TIME_ZONE = 'Europe/Paris';

/** `/account`: the signed-in account's email and orders (its middleware sends anyone else to sign in). */
export const accountStep: Step<'account', AccountData> = async function accountStep({
  account,
  signal,
  ...context
}) {
  const orders = await accountOrders(context.services.db, account.accountId, { signal });
  const dates = new Intl.DateTimeFormat(formatLocaleOf(context.locale), {
    dateStyle: 'long',
    timeZone: SHOP_TIME_ZONE,
  });
  return {
    email: account.email,
    orders: orders.map(({ id, createdAt, totalCents }) => {
      return { id, createdAt: createdAt.toISOString(), dateText: dates.format(createdAt), totalCents };
    }),
  };
};

/** `/sign-in` and `/sign-up`: a visitor already signed in goes where the sign-in would have sent them. */
const signInPageStep: Step<'sign-in' | 'sign-up', SignInData> = async function signInPageStep(context) {
  const { account } = await context.visitor();
  if (account) return redirect(context.search.next ?? href('account'));
  return { next: context.search.next };
};

/** `/sign-in` also shows, once, the notice a "Sign out everywhere" left in the session. */
export const signInStep: Step<'sign-in', SignInData> = async function signInStep(context) {
  const page = await signInPageStep(context);
  if (!('next' in page)) return page;
  const notice = await (await context.session()).takeFlash('notice');
  return { ...page, notice: notice ?? null };
};
export const signUpStep: Step<'sign-up', SignInData> = signInPageStep;
