import type { ReactNode } from 'react';
import { Link } from '../ui/link.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <header>
        <Link to="/">Shop</Link>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
