import { Form, SubmitButton } from '#runtime/shared';
import { href } from '../href.ts';

/** A button that posts `/sign-out` (the form works without JavaScript: a 303 home). */
export function SignOutForm({
  label,
  failureMessage,
  className,
}: {
  label: string;
  failureMessage: string;
  className?: string;
}) {
  return (
    <Form action="sign-out" to={href('sign-out')} failureMessage={failureMessage} className={className}>
      <SubmitButton className="button button--ghost">{label}</SubmitButton>
    </Form>
  );
}
