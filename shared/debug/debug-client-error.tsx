import { useState } from 'react';
import type { Head } from '../routing/route-table.ts';

/**
 * Renders fine on the server and hydrates; its button makes the next render throw, to check that the
 * application-error screen shows and the error reaches monitoring.
 */
export default function DebugClientErrorPage() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('Deliberate client render failure from /debug/client-error');
  return (
    <section className="page">
      <h1>Client error</h1>
      <button type="button" className="button" onClick={() => setBroken(true)}>
        Throw a render error
      </button>
    </section>
  );
}

export const head = (): Head => ({ title: 'Debug client error', robots: 'noindex' });
