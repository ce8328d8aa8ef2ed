import type { SubmitOutcome } from '../../shared/ui/navigation-context.ts';

/** A form post riding on an `action` navigation, from the submit until the navigation ends. */
export interface Submission {
  body: FormData | URLSearchParams;
  /** Tells the form how its post ended (`done` once the navigation committed, left or was superseded). */
  settle: (outcome: SubmitOutcome) => void;
}
