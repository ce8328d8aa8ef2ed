import type { Head } from '../routing/route-table.ts';

/** Never rendered: the data step of this route always throws. */
export default function DebugErrorPage() {
  return <p>This page should have failed.</p>;
}

export const head = (): Head => ({ title: 'Debug error', robots: 'noindex' });
