import type { Head, Locale } from '#runtime/shared';
import { accountMessagesFor } from '../account-messages.ts';
import { SignOutForm } from '../components/sign-out-form.tsx';
import type { Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';

/** `/sign-out`: the sign-out button on a page of its own, for a visitor who opened its URL. */
export default function SignOutPage({ locale }: Props<'sign-out'>) {
  const text = accountMessagesFor(locale);
  return (
    <div className="container page account-page">
      <header className="page-header">
        <h1 className="page-header__title">{text.signOutTitle}</h1>
        <p>{text.signOutQuestion}</p>
      </header>
      <SignOutForm label={text.signOut} failureMessage={messagesFor(locale).formFailure} />
    </div>
  );
}

export function head({ locale }: { locale: Locale }): Head {
  return { title: pageTitle(accountMessagesFor(locale).signOutTitle), robots: 'noindex' };
}
