import { Outlet, type SegmentProps, useRouter } from '#runtime/shared';
import { OptimisticCartProvider } from './components/optimistic-cart.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { messagesFor } from './messages.ts';
import type { StorefrontLayoutData } from './types.ts';

/**
 * The root layout, around every page, error pages included: skip link, header (with the cart count and the
 * account from the root's data step, the count optimistic while changes are on their way), main landmark,
 * footer.
 */
export default function RootLayout({ data }: SegmentProps<StorefrontLayoutData | null>) {
  const { locale } = useRouter();
  const messages = messagesFor(locale);
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <OptimisticCartProvider data={data}>
        <SiteHeader messages={messages} account={data?.account ?? null} />
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
      </OptimisticCartProvider>
      <SiteFooter messages={messages} />
    </div>
  );
}
