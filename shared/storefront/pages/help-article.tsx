import type { Head } from '../../routing/route-table.ts';

export default function Page() {
  return <h1>help-article</h1>;
}

export const head = (): Head => ({ title: 'help-article' });
