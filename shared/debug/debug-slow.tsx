import type { Head, SegmentProps } from '../routing/route-table.ts';

export default function DebugSlowPage({ data }: SegmentProps<{ waitedMs: number }>) {
  return (
    <section className="page">
      <h1>Slow response</h1>
      <p>{`The data step waited ${data.waitedMs} ms.`}</p>
    </section>
  );
}

export const head = (): Head => ({ title: 'Debug slow response', robots: 'noindex' });
