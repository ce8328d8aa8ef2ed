import { type Head, Link, type Locale } from '#runtime/shared';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NEXT_KEY } from '../account-fields.ts';
import { accountMessagesFor } from '../account-messages.ts';
import { CredentialsForm } from '../components/credentials-form.tsx';
import { href, type Props } from '../href.ts';
import { messagesFor, pageTitle } from '../messages.ts';

/** `/sign-up`: a new account from an email and a password of 10 to 128 characters, signed in at once. */
export default function SignUpPage({ data, locale }: Props<'sign-up'>) {
  const text = accountMessagesFor(locale);
  const search = { [NEXT_KEY]: data.next ?? undefined };
  return (
    <div className="container page account-page">
      <header className="page-header">
        <h1 className="page-header__title">{text.signUpTitle}</h1>
        <p>{text.signUpDescription}</p>
      </header>
      <CredentialsForm
        action="sign-up"
        text={text}
        submitLabel={text.signUp}
        failureMessage={messagesFor(locale).formFailure}
        passwordHint={text.passwordHint(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH)}
      />
      <p className="account-page__switch">
        {text.haveAccount} <Link to={href('sign-in', {}, { search })}>{text.signIn}</Link>
      </p>
    </div>
  );
}

export function head({ locale }: { locale: Locale }): Head {
  const text = accountMessagesFor(locale);
  return { title: pageTitle(text.signUpTitle), description: text.signUpDescription, robots: 'noindex' };
}
