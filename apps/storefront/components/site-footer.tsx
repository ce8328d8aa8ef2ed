import { Link } from '#runtime/shared';
import { href } from '../href.ts';
import { type Messages, SHOP_NAME } from '../messages.ts';

export function SiteFooter({ messages }: { messages: Messages }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">{SHOP_NAME}</p>
          <p>{messages.footerTagline}</p>
        </div>
        <nav aria-label={messages.footerShop}>
          <h2 className="site-footer__heading">{messages.footerShop}</h2>
          <ul>
            <li>
              <Link to={href('shop')}>{messages.allProducts}</Link>
            </li>
            <li>
              <Link to={href('cart')}>{messages.navCart}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={messages.footerService}>
          <h2 className="site-footer__heading">{messages.footerService}</h2>
          <ul>
            <li>
              <Link to={href('help')}>{messages.helpTitle}</Link>
            </li>
            <li>
              <Link to={href('help-article', { slug: ['shipping', 'delivery-times'] })}>
                {messages.footerDelivery}
              </Link>
            </li>
            <li>
              <Link to={href('help-article', { slug: ['returns', 'how-to-return'] })}>
                {messages.footerReturns}
              </Link>
            </li>
            <li>
              <Link to={href('help-article', { slug: ['payment', 'methods'] })}>
                {messages.footerPayment}
              </Link>
            </li>
            <li>
              <Link to={href('help-article', { slug: ['account', 'privacy'] })}>
                {messages.footerPrivacy}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__note">
        <p>{messages.footerNote}</p>
      </div>
    </footer>
  );
}
