import { useRouter } from '#runtime/shared';
import { messagesFor } from '../messages.ts';

/** What a segment shows while a slow navigation waits for its data (its pending component). */
export function LoadingSection() {
  const { locale } = useRouter();
  return (
    <div className="loading-section" role="status">
      <span className="loading-section__bar" aria-hidden="true" />
      <span className="loading-section__bar loading-section__bar--short" aria-hidden="true" />
      <span className="visually-hidden">{messagesFor(locale).loading}</span>
    </div>
  );
}
