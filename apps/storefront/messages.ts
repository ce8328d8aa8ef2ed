import type { Locale } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocale } from './locales.ts';

export const SHOP_NAME = 'Maison Nord';

/** Every UI string of the storefront. Texts that come from data (product and category names, help articles) are not here. */
export interface Messages {
  skipToContent: string;
  mainNavigation: string;
  navShop: string;
  navHelp: string;
  navCart: string;
  /** The header's link for a visitor who is not signed in. */
  navSignIn: string;
  /** The header's account link, named for screen readers after the email it shows. */
  navAccount: string;
  language: string;
  breadcrumb: string;
  breadcrumbHome: string;
  homeTitle: string;
  heroEyebrow: string;
  heroTitle: string;
  heroText: string;
  heroCta: string;
  heroSecondary: string;
  homeDescription: string;
  featuredHeading: string;
  categoriesHeading: string;
  viewAll: string;
  allProducts: string;
  shopDescription: string;
  categoryDescription: (category: string) => string;
  categories: string;
  productCount: (count: number) => string;
  /** Name of the list's order controls, and each order. */
  sortBy: string;
  sortFeatured: string;
  sortPriceAsc: string;
  sortPriceDesc: string;
  sortName: string;
  /** Name of the page links, the arrows, and where the visitor is. */
  pagination: string;
  previousPage: string;
  nextPage: string;
  pageOf: (page: number, count: number) => string;
  addToCart: string;
  /** A product card's add button, named for screen readers ("Add Chef knife to cart"). */
  addProductToCart: (product: string) => string;
  /** Said on the card once its add has landed. */
  addedOneToCart: (product: string) => string;
  quantity: string;
  priceNote: string;
  deliveryNote: string;
  relatedProducts: string;
  relatedError: string;
  loading: string;
  helpTitle: string;
  helpIntro: string;
  helpDescription: string;
  backToHelp: string;
  /** The help layout's article navigation. */
  helpTopics: string;
  filterTopics: string;
  noTopicMatches: string;
  articleNotFound: string;
  cartTitle: string;
  cartDescription: string;
  cartEmpty: string;
  cartEmptyText: string;
  continueShopping: string;
  product: string;
  unitPrice: string;
  lineTotal: string;
  subtotal: string;
  checkoutNote: string;
  /** The header's cart link, read after "Cart": `(3 items)`. */
  cartCount: (count: number) => string;
  addedToCart: string;
  /** Under "Added to your cart": `2 × Chef knife 20 cm`. */
  addedDetail: (quantity: number, name: string) => string;
  viewCart: string;
  update: string;
  remove: string;
  /** A cart line's − and + buttons, named for screen readers ("Increase the quantity of Chef knife"). */
  decreaseQuantityOf: (name: string) => string;
  increaseQuantityOf: (name: string) => string;
  /** The visually hidden label of a cart line's quantity field. */
  quantityOf: (name: string) => string;
  /** Shown on a form when its post fails (network error, server error). */
  formFailure: string;
  errorUnknownProduct: string;
  errorQuantity: (max: number) => string;
  errorQuantityOverLimit: (inCart: number, max: number) => string;
  errorCartFull: (maxLines: number) => string;
  errorNotInCart: string;
  /** The cart's link to the checkout. */
  checkout: string;
  /** On the cart after signing in, when the visitor's cart did not all fit in the account's (caps of shop-rules.ts). */
  cartMergeLimited: (merge: {
    leftOut: number;
    clamped: number;
    maxLines: number;
    maxQuantity: number;
  }) => string;
  footerTagline: string;
  footerShop: string;
  footerService: string;
  footerDelivery: string;
  footerReturns: string;
  footerPayment: string;
  footerPrivacy: string;
  footerNote: string;
}

type MessagesModule = { messages: Messages };

const LOADERS: Readonly<Record<StorefrontLocale, () => Promise<MessagesModule>>> = {
  en: () => import('./messages/en.ts'),
  fr: () => import('./messages/fr.ts'),
  de: () => import('./messages/de.ts'),
};

const loaded = new Map<Locale, Messages>();

/**
 * Loads the strings of `locale` (the storefront's `loadLocale`): the browser awaits its visitor's locale
 * before hydrating, the server loads every locale before its first request.
 */
export async function loadMessages(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) loaded.set(locale, (await LOADERS[storefrontLocale(locale)]()).messages);
}

/** The UI strings of `locale`, once `loadMessages(locale)` has resolved. */
export function messagesFor(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (!messages)
    throw new Error(`The "${locale}" messages are not loaded: await loadMessages("${locale}") first`);
  return messages;
}

/** A page title with the shop's name: `Chef knife 20 cm · Maison Nord`. */
export function pageTitle(title: string): string {
  return `${title} · ${SHOP_NAME}`;
}
