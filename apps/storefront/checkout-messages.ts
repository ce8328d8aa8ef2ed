import type { Locale } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocale } from './locales.ts';

/**
 * The strings of the checkout and the order confirmation, in every locale. Not in the locale's messages
 * module, which every first load downloads: only these two pages (and the checkout action) import them.
 */
export interface CheckoutMessages {
  checkoutTitle: string;
  checkoutDescription: string;
  /** The heading of the cart summary beside the checkout form. */
  orderSummary: string;
  fieldName: string;
  fieldEmail: string;
  fieldStreet: string;
  fieldPostcode: string;
  fieldCity: string;
  fieldCountry: string;
  /** The country list's empty first choice. */
  chooseCountry: string;
  placeOrder: string;
  /** Under the place-order button: nothing is charged. */
  noPaymentNote: string;
  errorRequired: string;
  errorTooLong: (max: number) => string;
  errorEmail: string;
  errorPostcode: string;
  errorCountry: string;
  /** A line break in a one-line field. */
  errorOneLine: string;
  /** A character nobody types (a control, a bidi override...), named by its code point: `U+202E`. */
  errorCharacter: (character: string) => string;
  /** The checkout's error when the cart has nothing left to order. */
  errorCheckoutEmpty: string;
  orderTitle: string;
  orderThanks: (name: string) => string;
  orderNumber: string;
  shipTo: string;
  total: string;
}

export const checkoutMessages: Readonly<Record<StorefrontLocale, CheckoutMessages>> = {
  en: {
    checkoutTitle: 'Checkout',
    checkoutDescription: 'Where should we send your Maison Nord order?',
    orderSummary: 'Your order',
    fieldName: 'Full name',
    fieldEmail: 'Email',
    fieldStreet: 'Street and number',
    fieldPostcode: 'Postcode',
    fieldCity: 'City',
    fieldCountry: 'Country',
    chooseCountry: 'Choose a country',
    placeOrder: 'Place order',
    noPaymentNote: 'No payment is taken: this is an example shop.',
    errorRequired: 'Fill in this field.',
    errorTooLong: (max) => `Use at most ${max} characters.`,
    errorEmail: 'Enter an email address such as name@example.com.',
    errorPostcode: 'Enter a postcode of 3 to 10 letters and digits.',
    errorCountry: 'Choose a country from the list.',
    errorOneLine: 'Write this on one line.',
    errorCharacter: (character) => `Remove the invisible character ${character} from this field.`,
    errorCheckoutEmpty: 'Your cart is empty: there is nothing to order.',
    orderTitle: 'Thank you for your order',
    orderThanks: (name) => `Thank you, ${name}. Your order is placed.`,
    orderNumber: 'Order number',
    shipTo: 'Delivery address',
    total: 'Total',
  },
  fr: {
    checkoutTitle: 'Commande',
    checkoutDescription: 'Où devons-nous livrer votre commande Maison Nord ?',
    orderSummary: 'Votre commande',
    fieldName: 'Nom complet',
    fieldEmail: 'E-mail',
    fieldStreet: 'Rue et numéro',
    fieldPostcode: 'Code postal',
    fieldCity: 'Ville',
    fieldCountry: 'Pays',
    chooseCountry: 'Choisissez un pays',
    placeOrder: 'Passer la commande',
    noPaymentNote: 'Aucun paiement n’est demandé : cette boutique est un exemple.',
    errorRequired: 'Remplissez ce champ.',
    errorTooLong: (max) => `Utilisez au plus ${max} caractères.`,
    errorEmail: 'Saisissez une adresse e-mail comme nom@exemple.fr.',
    errorPostcode: 'Saisissez un code postal de 3 à 10 lettres et chiffres.',
    errorCountry: 'Choisissez un pays dans la liste.',
    errorOneLine: 'Écrivez ceci sur une seule ligne.',
    errorCharacter: (character) => `Retirez de ce champ le caractère invisible ${character}.`,
    errorCheckoutEmpty: 'Votre panier est vide : il n’y a rien à commander.',
    orderTitle: 'Merci pour votre commande',
    orderThanks: (name) => `Merci, ${name}. Votre commande est passée.`,
    orderNumber: 'Numéro de commande',
    shipTo: 'Adresse de livraison',
    total: 'Total',
  },
  de: {
    checkoutTitle: 'Kasse',
    checkoutDescription: 'Wohin sollen wir Ihre Maison-Nord-Bestellung schicken?',
    orderSummary: 'Ihre Bestellung',
    fieldName: 'Vollständiger Name',
    fieldEmail: 'E-Mail',
    fieldStreet: 'Straße und Hausnummer',
    fieldPostcode: 'Postleitzahl',
    fieldCity: 'Ort',
    fieldCountry: 'Land',
    chooseCountry: 'Land auswählen',
    placeOrder: 'Bestellung aufgeben',
    noPaymentNote: 'Es wird nichts berechnet: Dies ist ein Beispielshop.',
    errorRequired: 'Füllen Sie dieses Feld aus.',
    errorTooLong: (max) => `Verwenden Sie höchstens ${max} Zeichen.`,
    errorEmail: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
    errorPostcode: 'Geben Sie eine Postleitzahl aus 3 bis 10 Buchstaben und Ziffern ein.',
    errorCountry: 'Wählen Sie ein Land aus der Liste.',
    errorOneLine: 'Schreiben Sie dies in eine Zeile.',
    errorCharacter: (character) => `Entfernen Sie das unsichtbare Zeichen ${character} aus diesem Feld.`,
    errorCheckoutEmpty: 'Ihr Warenkorb ist leer: Es gibt nichts zu bestellen.',
    orderTitle: 'Vielen Dank für Ihre Bestellung',
    orderThanks: (name) => `Vielen Dank, ${name}. Ihre Bestellung ist aufgegeben.`,
    orderNumber: 'Bestellnummer',
    shipTo: 'Lieferadresse',
    total: 'Gesamt',
  },
};

/** The checkout's strings in the locale of a page or request. */
export function checkoutMessagesFor(locale: Locale): CheckoutMessages {
  return checkoutMessages[storefrontLocale(locale)];
}
