// #region shop-migrations
import { defineMigrations, sessionTableMigration } from '#runtime/database';
import schema from './migrations/0001-shop-schema.sql?raw';
import catalogue from './migrations/0002-catalogue.sql?raw';
import featured from './migrations/0003-featured-products.sql?raw';
import addKeys from './migrations/0004-cart-add-keys.sql?raw';
import lineOrder from './migrations/0005-line-order.sql?raw';
import constraintNames from './migrations/0006-cart-constraint-names.sql?raw';
import accounts from './migrations/0007-accounts.sql?raw';
import catalogueVersion from './migrations/0008-catalogue-version.sql?raw';
import catalogueVersionNotify from './migrations/0009-catalogue-version-notify.sql?raw';
import canonicalEmails from './migrations/0010-canonical-emails.sql?raw';
import signUpThrottle from './migrations/0011-sign-up-throttle.sql?raw';
import visitorOrdersByCart from './migrations/0012-visitor-orders-by-cart.sql?raw';
import sessionsToRuntime from './migrations/0014-sessions-to-runtime.sql?raw';
import orderOutbox from './migrations/0015-order-outbox.sql?raw';

/** The shop's schema and catalogue, then accounts, applied at start in order (a test checks every file here is listed). */
export const shopMigrations = defineMigrations({
  '0001-shop-schema.sql': schema,
  '0002-catalogue.sql': catalogue,
  '0003-featured-products.sql': featured,
  '0004-cart-add-keys.sql': addKeys,
  '0005-line-order.sql': lineOrder,
  '0006-cart-constraint-names.sql': constraintNames,
  '0007-accounts.sql': accounts,
  '0008-catalogue-version.sql': catalogueVersion,
  '0009-catalogue-version-notify.sql': catalogueVersionNotify,
  '0010-canonical-emails.sql': canonicalEmails,
  '0011-sign-up-throttle.sql': signUpThrottle,
  '0012-visitor-orders-by-cart.sql': visitorOrdersByCart,
  // The runtime's session table (databaseSessionStore), then the shop's own sessions moved into it.
  '0013-runtime-sessions.sql': sessionTableMigration,
  '0014-sessions-to-runtime.sql': sessionsToRuntime,
  '0015-order-outbox.sql': orderOutbox,
});
// #endregion shop-migrations
