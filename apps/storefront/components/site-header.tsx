import { Link, useRouter } from '#runtime/shared';
import { href } from '../href.ts';
import { type Messages, SHOP_NAME } from '../messages.ts';
import { BagIcon, BrandMark, PersonIcon } from './icons.tsx';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { useCartCount } from './optimistic-cart.tsx';

/** Which header entry a route belongs to, so it can be shown as the current section. */
const SECTION_OF_ROUTE: Readonly<Record<string, 'shop' | 'help' | 'cart' | 'account'>> = {
  shop: 'shop',
  product: 'shop',
  help: 'help',
  'help-article': 'help',
  cart: 'cart',
  account: 'account',
  'sign-in': 'account',
  'sign-up': 'account',
};

/**
 * The badge's largest count; more reads `99+`. A width, not a cart rule: a cart holds up to
 * MAX_QUANTITY × MAX_CART_LINES units (shop-rules.ts).
 */
const BADGE_MAX_COUNT = 99;

interface SiteHeaderProps {
  messages: Messages;
  /** The signed-in account, or null: the header links to its page, or to sign in. */
  account: { email: string } | null;
}

/** The header; its cart count is the optimistic one (optimistic-cart.tsx), inside OptimisticCartProvider. */
export function SiteHeader({ messages, account }: SiteHeaderProps) {
  const { routeId } = useRouter();
  const { count: cartCount, pending } = useCartCount();
  const section = routeId ? SECTION_OF_ROUTE[routeId] : undefined;
  const current = (name: string) => (section === name ? 'true' : undefined);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={href('home')} className="brand">
          <BrandMark />
          <span className="brand__name">{SHOP_NAME}</span>
        </Link>
        <nav aria-label={messages.mainNavigation} className="main-nav">
          <ul>
            <li>
              <Link to={href('shop')} className="main-nav__link" aria-current={current('shop')}>
                {messages.navShop}
              </Link>
            </li>
            <li>
              <Link to={href('help')} className="main-nav__link" aria-current={current('help')}>
                {messages.navHelp}
              </Link>
            </li>
            <li>
              <Link
                to={href('cart')}
                className="main-nav__link cart-link"
                aria-current={current('cart')}
                aria-busy={pending || undefined}
              >
                <BagIcon />
                <span>{messages.navCart}</span>
                {cartCount > 0 ? (
                  <>
                    <span className="cart-count" aria-hidden="true">
                      {cartCount > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(cartCount)}
                    </span>
                    <span className="visually-hidden">{` ${messages.cartCount(cartCount)}`}</span>
                  </>
                ) : null}
              </Link>
            </li>
            <li>
              <AccountLink messages={messages} account={account} current={current('account')} />
            </li>
          </ul>
        </nav>
        <LocaleSwitcher label={messages.language} />
      </div>
    </header>
  );
}

/** "Sign in", or the signed-in account's email, linking to its page. */
function AccountLink({
  messages,
  account,
  current,
}: Omit<SiteHeaderProps, 'cartCount'> & { current?: 'true' }) {
  if (!account) {
    return (
      <Link to={href('sign-in')} className="main-nav__link account-link" aria-current={current}>
        <PersonIcon />
        <span>{messages.navSignIn}</span>
      </Link>
    );
  }
  return (
    <Link to={href('account')} className="main-nav__link account-link" aria-current={current}>
      <PersonIcon />
      <span className="account-link__email">{account.email}</span>
      <span className="visually-hidden">{` (${messages.navAccount})`}</span>
    </Link>
  );
}
