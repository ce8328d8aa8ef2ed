import { type Head, Link, type Locale } from '#runtime/shared';
import { NEXT_KEY } from '../account-fields.ts';
import { accountMessagesFor } from '../account-messages.ts';
import { CredentialsForm } from '../components/credentials-form.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';

/** `/sign-in?next=…`: email and password; then the `next` page when it is one of ours, else the account. */
export default function SignInPage({ data, locale }: Props<'sign-in'>) {
  const text = accountMessagesFor(locale);
  const search = { [NEXT_KEY]: data.next ?? undefined };
  return (
    <div className="container page account-page">
      <header className="page-header">
        <h1 className="page-header__title">{text.signInTitle}</h1>
      </header>
      {data.notice === 'signed-out-everywhere' && (
        <p className="account-page__notice" role="status">
          {text.signedOutEverywhere}
        </p>
      )}
      <CredentialsForm
        action="sign-in"
        text={text}
        submitLabel={text.signIn}
        failureMessage={messagesFor(locale).formFailure}
      />
      <p className="account-page__switch">
        {text.noAccountYet} <Link to={href('sign-up', {}, { search })}>{text.createAccount}</Link>
      </p>
    </div>
  );
}

export function head({ locale }: { locale: Locale }): Head {
  const text = accountMessagesFor(locale);
  return { title: pageTitle(text.signInTitle), description: text.signInDescription, robots: 'noindex' };
}
