import { Link } from '../../ui/link.tsx';
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
              <Link to="/shop">{messages.allProducts}</Link>
            </li>
            <li>
              <Link to="/cart">{messages.navCart}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={messages.footerService}>
          <h2 className="site-footer__heading">{messages.footerService}</h2>
          <ul>
            <li>
              <Link to="/help">{messages.helpTitle}</Link>
            </li>
            <li>
              <Link to="/help/shipping/delivery-times">{messages.footerDelivery}</Link>
            </li>
            <li>
              <Link to="/help/returns/how-to-return">{messages.footerReturns}</Link>
            </li>
            <li>
              <Link to="/help/payment/methods">{messages.footerPayment}</Link>
            </li>
            <li>
              <Link to="/help/account/privacy">{messages.footerPrivacy}</Link>
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
