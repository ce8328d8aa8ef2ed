import type { Locale } from '../routing/locale.ts';

export const SHOP_NAME = 'Maison Nord';

/** Every UI string of the storefront. Texts that come from data (product and category names, help articles) are not here. */
export interface Messages {
  skipToContent: string;
  mainNavigation: string;
  navShop: string;
  navHelp: string;
  navCart: string;
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
  addToCart: string;
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
  /** The visually hidden label of a cart line's quantity field. */
  quantityOf: (name: string) => string;
  /** Shown on a form when its post fails (network error, server error). */
  formFailure: string;
  errorUnknownProduct: string;
  errorQuantity: (max: number) => string;
  errorQuantityOverLimit: (inCart: number, max: number) => string;
  errorCartFull: (maxLines: number) => string;
  errorNotInCart: string;
  footerTagline: string;
  footerShop: string;
  footerService: string;
  footerDelivery: string;
  footerReturns: string;
  footerPayment: string;
  footerPrivacy: string;
  footerNote: string;
}

const en: Messages = {
  skipToContent: 'Skip to content',
  mainNavigation: 'Main navigation',
  navShop: 'Shop',
  navHelp: 'Help',
  navCart: 'Cart',
  language: 'Language',
  breadcrumb: 'Breadcrumb',
  breadcrumbHome: 'Home',
  homeTitle: 'Well-made things for kitchen, home and garden',
  heroEyebrow: 'New season, same good things',
  heroTitle: 'Well-made things for everyday living.',
  heroText:
    'Kitchen tools, home goods, garden essentials and desk companions, chosen to last and shipped from our small warehouse in Lyon.',
  heroCta: 'Browse the shop',
  heroSecondary: 'Delivery & returns',
  homeDescription:
    'Well-made kitchen, home, garden and office goods, chosen to last. Delivered across Europe.',
  featuredHeading: 'Featured products',
  categoriesHeading: 'Shop by category',
  viewAll: 'View all products',
  allProducts: 'All products',
  shopDescription: 'Browse every product at Maison Nord: kitchen, home, garden and office.',
  categoryDescription: (category) => `${category} at Maison Nord: well-made things, chosen to last.`,
  categories: 'Categories',
  productCount: (count) => (count === 1 ? '1 product' : `${count} products`),
  addToCart: 'Add to cart',
  quantity: 'Quantity',
  priceNote: 'VAT included',
  deliveryNote: 'Ships in 1–2 working days · free returns within 30 days',
  relatedProducts: 'Related products',
  relatedError: 'Related products could not be loaded.',
  loading: 'Loading…',
  helpTitle: 'Help centre',
  helpIntro: 'Answers about delivery, returns, payment and your data.',
  helpDescription:
    'Answers about delivery times, returns, refunds, payment methods and privacy at Maison Nord.',
  backToHelp: 'Back to the help centre',
  cartTitle: 'Your cart',
  cartDescription: 'Review the items in your Maison Nord cart.',
  cartEmpty: 'Your cart is empty',
  cartEmptyText: 'Find something you will love in the shop.',
  continueShopping: 'Continue shopping',
  product: 'Product',
  unitPrice: 'Unit price',
  lineTotal: 'Total',
  subtotal: 'Subtotal',
  checkoutNote: 'Prices include VAT. Shipping is calculated at checkout.',
  cartCount: (count) => (count === 1 ? '(1 item)' : `(${count} items)`),
  addedToCart: 'Added to your cart',
  addedDetail: (quantity, name) => `${quantity} × ${name}`,
  viewCart: 'View cart',
  update: 'Update',
  remove: 'Remove',
  quantityOf: (name) => `Quantity of ${name}`,
  formFailure: 'Something went wrong. Please try again.',
  errorUnknownProduct: 'This product is not available.',
  errorQuantity: (max) => `Enter a whole number from 1 to ${max}.`,
  errorQuantityOverLimit: (inCart, max) =>
    inCart >= max
      ? `You already have the maximum of ${max} in your cart.`
      : `You already have ${inCart} in your cart: you can add up to ${max - inCart} more.`,
  errorCartFull: (maxLines) =>
    `Your cart is full: it holds up to ${maxLines} different products. Remove one to add this.`,
  errorNotInCart: 'This product is no longer in your cart.',
  footerTagline: 'Thoughtfully made goods for the kitchen, the home, the garden and the desk.',
  footerShop: 'Shop',
  footerService: 'Customer service',
  footerDelivery: 'Delivery times',
  footerReturns: 'Returns',
  footerPayment: 'Payment methods',
  footerPrivacy: 'Privacy',
  footerNote: 'Maison Nord is an example storefront. No orders are shipped.',
};

const fr: Messages = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  navShop: 'Boutique',
  navHelp: 'Aide',
  navCart: 'Panier',
  language: 'Langue',
  breadcrumb: 'Fil d’Ariane',
  breadcrumbHome: 'Accueil',
  homeTitle: 'De beaux objets pour la cuisine, la maison et le jardin',
  heroEyebrow: 'Nouvelle saison, toujours de belles choses',
  heroTitle: 'De beaux objets pour tous les jours.',
  heroText:
    'Ustensiles de cuisine, maison, jardin et bureau : des objets choisis pour durer, expédiés depuis notre petit entrepôt lyonnais.',
  heroCta: 'Découvrir la boutique',
  heroSecondary: 'Livraison et retours',
  homeDescription:
    'Des objets bien faits pour la cuisine, la maison, le jardin et le bureau, choisis pour durer. Livraison dans toute l’Europe.',
  featuredHeading: 'Produits à la une',
  categoriesHeading: 'Acheter par catégorie',
  viewAll: 'Voir tous les produits',
  allProducts: 'Tous les produits',
  shopDescription: 'Tous les produits de Maison Nord : cuisine, maison, jardin et bureau.',
  categoryDescription: (category) =>
    `${category} chez Maison Nord : des objets bien faits, choisis pour durer.`,
  categories: 'Catégories',
  productCount: (count) => (count <= 1 ? `${count} produit` : `${count} produits`),
  addToCart: 'Ajouter au panier',
  quantity: 'Quantité',
  priceNote: 'TVA incluse',
  deliveryNote: 'Expédié sous 1 à 2 jours ouvrés · retours gratuits sous 30 jours',
  relatedProducts: 'Produits similaires',
  relatedError: 'Les produits similaires n’ont pas pu être chargés.',
  loading: 'Chargement…',
  helpTitle: 'Centre d’aide',
  helpIntro: 'Réponses sur la livraison, les retours, le paiement et vos données.',
  helpDescription:
    'Réponses sur les délais de livraison, les retours, les remboursements, le paiement et la confidentialité chez Maison Nord.',
  backToHelp: 'Retour au centre d’aide',
  cartTitle: 'Votre panier',
  cartDescription: 'Consultez les articles de votre panier Maison Nord.',
  cartEmpty: 'Votre panier est vide',
  cartEmptyText: 'Trouvez votre bonheur dans la boutique.',
  continueShopping: 'Continuer vos achats',
  product: 'Produit',
  unitPrice: 'Prix unitaire',
  lineTotal: 'Total',
  subtotal: 'Sous-total',
  checkoutNote: 'Prix TTC. Les frais de livraison sont calculés lors du paiement.',
  cartCount: (count) => (count <= 1 ? `(${count} article)` : `(${count} articles)`),
  addedToCart: 'Ajouté à votre panier',
  addedDetail: (quantity, name) => `${quantity} × ${name}`,
  viewCart: 'Voir le panier',
  update: 'Mettre à jour',
  remove: 'Retirer',
  quantityOf: (name) => `Quantité de ${name}`,
  formFailure: 'Une erreur est survenue. Veuillez réessayer.',
  errorUnknownProduct: 'Ce produit n’est pas disponible.',
  errorQuantity: (max) => `Saisissez un nombre entier de 1 à ${max}.`,
  errorQuantityOverLimit: (inCart, max) =>
    inCart >= max
      ? `Vous avez déjà le maximum de ${max} dans votre panier.`
      : `Vous en avez déjà ${inCart} dans votre panier : vous pouvez en ajouter ${max - inCart} de plus au maximum.`,
  errorCartFull: (maxLines) =>
    `Votre panier est plein : il contient au plus ${maxLines} produits différents. Retirez-en un pour ajouter celui-ci.`,
  errorNotInCart: 'Ce produit n’est plus dans votre panier.',
  footerTagline: 'Des objets pensés pour la cuisine, la maison, le jardin et le bureau.',
  footerShop: 'Boutique',
  footerService: 'Service client',
  footerDelivery: 'Délais de livraison',
  footerReturns: 'Retours',
  footerPayment: 'Moyens de paiement',
  footerPrivacy: 'Confidentialité',
  footerNote: 'Maison Nord est une boutique de démonstration. Aucune commande n’est expédiée.',
};

const de: Messages = {
  skipToContent: 'Zum Inhalt springen',
  mainNavigation: 'Hauptnavigation',
  navShop: 'Shop',
  navHelp: 'Hilfe',
  navCart: 'Warenkorb',
  language: 'Sprache',
  breadcrumb: 'Brotkrümelnavigation',
  breadcrumbHome: 'Startseite',
  homeTitle: 'Gut gemachte Dinge für Küche, Wohnen und Garten',
  heroEyebrow: 'Neue Saison, gute Dinge',
  heroTitle: 'Gut gemachte Dinge für jeden Tag.',
  heroText:
    'Küchenwerkzeug, Wohnaccessoires, Gartenbedarf und Schreibtischbegleiter, ausgewählt für lange Freude und versandt aus unserem kleinen Lager in Lyon.',
  heroCta: 'Zum Shop',
  heroSecondary: 'Versand & Rückgabe',
  homeDescription:
    'Gut gemachte Dinge für Küche, Wohnen, Garten und Büro, ausgewählt für lange Freude. Lieferung in ganz Europa.',
  featuredHeading: 'Ausgewählte Produkte',
  categoriesHeading: 'Nach Kategorie einkaufen',
  viewAll: 'Alle Produkte ansehen',
  allProducts: 'Alle Produkte',
  shopDescription: 'Alle Produkte von Maison Nord: Küche, Wohnen, Garten und Büro.',
  categoryDescription: (category) => `${category} bei Maison Nord: gut gemachte Dinge für lange Freude.`,
  categories: 'Kategorien',
  productCount: (count) => (count === 1 ? '1 Produkt' : `${count} Produkte`),
  addToCart: 'In den Warenkorb',
  quantity: 'Menge',
  priceNote: 'inkl. MwSt.',
  deliveryNote: 'Versand in 1–2 Werktagen · kostenlose Rückgabe innerhalb von 30 Tagen',
  relatedProducts: 'Ähnliche Produkte',
  relatedError: 'Ähnliche Produkte konnten nicht geladen werden.',
  loading: 'Wird geladen…',
  helpTitle: 'Hilfe-Center',
  helpIntro: 'Antworten zu Versand, Rückgabe, Zahlung und Ihren Daten.',
  helpDescription:
    'Antworten zu Lieferzeiten, Rückgabe, Erstattung, Zahlungsarten und Datenschutz bei Maison Nord.',
  backToHelp: 'Zurück zum Hilfe-Center',
  cartTitle: 'Ihr Warenkorb',
  cartDescription: 'Die Artikel in Ihrem Warenkorb bei Maison Nord.',
  cartEmpty: 'Ihr Warenkorb ist leer',
  cartEmptyText: 'Im Shop finden Sie bestimmt etwas Schönes.',
  continueShopping: 'Weiter einkaufen',
  product: 'Produkt',
  unitPrice: 'Einzelpreis',
  lineTotal: 'Summe',
  subtotal: 'Zwischensumme',
  checkoutNote: 'Preise inkl. MwSt. Versandkosten werden an der Kasse berechnet.',
  cartCount: (count) => (count === 1 ? '(1 Artikel)' : `(${count} Artikel)`),
  addedToCart: 'In den Warenkorb gelegt',
  addedDetail: (quantity, name) => `${quantity} × ${name}`,
  viewCart: 'Warenkorb ansehen',
  update: 'Aktualisieren',
  remove: 'Entfernen',
  quantityOf: (name) => `Menge von ${name}`,
  formFailure: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  errorUnknownProduct: 'Dieses Produkt ist nicht verfügbar.',
  errorQuantity: (max) => `Geben Sie eine ganze Zahl von 1 bis ${max} ein.`,
  errorQuantityOverLimit: (inCart, max) =>
    inCart >= max
      ? `Sie haben bereits die Höchstmenge von ${max} im Warenkorb.`
      : `Sie haben bereits ${inCart} im Warenkorb: Sie können höchstens ${max - inCart} weitere hinzufügen.`,
  errorCartFull: (maxLines) =>
    `Ihr Warenkorb ist voll: Er fasst höchstens ${maxLines} verschiedene Produkte. Entfernen Sie eines, um dieses hinzuzufügen.`,
  errorNotInCart: 'Dieses Produkt ist nicht mehr in Ihrem Warenkorb.',
  footerTagline: 'Durchdachte Dinge für Küche, Zuhause, Garten und Schreibtisch.',
  footerShop: 'Shop',
  footerService: 'Kundenservice',
  footerDelivery: 'Lieferzeiten',
  footerReturns: 'Rückgabe',
  footerPayment: 'Zahlungsarten',
  footerPrivacy: 'Datenschutz',
  footerNote: 'Maison Nord ist ein Beispiel-Shop. Es werden keine Bestellungen versandt.',
};

const MESSAGES: Readonly<Record<Locale, Messages>> = { en, fr, de };

/** The UI strings of `locale`. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** A page title with the shop's name: `Chef knife 20 cm · Maison Nord`. */
export function pageTitle(title: string): string {
  return `${title} · ${SHOP_NAME}`;
}
