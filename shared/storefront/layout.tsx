import type { ReactNode } from 'react';
import { useRouter } from '../ui/router-context.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { messagesFor } from './messages.ts';

/** The frame around every page, error pages included: skip link, header, main landmark, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { locale } = useRouter();
  const messages = messagesFor(locale);
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <SiteHeader messages={messages} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter messages={messages} />
    </div>
  );
}
