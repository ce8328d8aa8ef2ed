import type { HelpSectionDefinition } from './types.ts';

export const PAYMENT_SECTION: HelpSectionDefinition = {
  id: 'payment',
  title: { en: 'Payment', fr: 'Paiement', de: 'Zahlung' },
  articles: [
    {
      slug: 'payment/methods',
      title: { en: 'Payment methods', fr: 'Moyens de paiement', de: 'Zahlungsarten' },
      summary: {
        en: 'Cards, bank transfer and the other ways you can pay.',
        fr: 'Cartes, virement et les autres moyens de payer.',
        de: 'Karten, Überweisung und weitere Möglichkeiten zu bezahlen.',
      },
      body: {
        en: [
          'We accept Visa, Mastercard and American Express, as well as Apple Pay, Google Pay and SEPA bank transfer.',
          'Your card is charged only when your order ships. For bank transfers, we reserve the items for 7 days and ship them as soon as the payment arrives.',
          'All prices are in euros and include VAT at the rate of your delivery country.',
        ],
        fr: [
          'Nous acceptons Visa, Mastercard et American Express, ainsi qu’Apple Pay, Google Pay et le virement SEPA.',
          'Votre carte n’est débitée qu’au moment de l’expédition. Pour un virement, nous réservons les articles pendant 7 jours et les expédions dès réception du paiement.',
          'Tous les prix sont en euros et incluent la TVA au taux de votre pays de livraison.',
        ],
        de: [
          'Wir akzeptieren Visa, Mastercard und American Express sowie Apple Pay, Google Pay und SEPA-Überweisung.',
          'Ihre Karte wird erst belastet, wenn Ihre Bestellung versandt wird. Bei Überweisung reservieren wir die Artikel 7 Tage lang und versenden sie, sobald die Zahlung eingegangen ist.',
          'Alle Preise sind in Euro angegeben und enthalten die Mehrwertsteuer Ihres Lieferlandes.',
        ],
      },
    },
  ],
};

export const ACCOUNT_SECTION: HelpSectionDefinition = {
  id: 'account',
  title: { en: 'Your account & privacy', fr: 'Votre compte et vos données', de: 'Konto & Datenschutz' },
  articles: [
    {
      slug: 'account/privacy',
      title: { en: 'Privacy and cookies', fr: 'Confidentialité et cookies', de: 'Datenschutz und Cookies' },
      summary: {
        en: 'What we store about you, and the only cookies we set.',
        fr: 'Ce que nous conservons à votre sujet et les seuls cookies que nous déposons.',
        de: 'Was wir über Sie speichern und welche Cookies wir setzen.',
      },
      body: {
        en: [
          'We keep only what we need to deliver your order: your name, address, email and order history. We never sell your data or share it with advertisers.',
          'This shop sets two cookies: one remembers the language you chose, the other keeps the contents of your cart. Neither is used for tracking.',
          'You can ask us at any time for a copy of your data, or for its deletion.',
        ],
        fr: [
          'Nous ne conservons que ce qui est nécessaire pour livrer votre commande : votre nom, votre adresse, votre e-mail et l’historique de vos commandes. Nous ne vendons jamais vos données et ne les partageons pas avec des annonceurs.',
          'Cette boutique dépose deux cookies : l’un mémorise la langue choisie, l’autre conserve le contenu de votre panier. Aucun ne sert au pistage.',
          'Vous pouvez à tout moment nous demander une copie de vos données ou leur suppression.',
        ],
        de: [
          'Wir speichern nur, was wir für die Lieferung Ihrer Bestellung brauchen: Name, Adresse, E-Mail und Bestellverlauf. Wir verkaufen Ihre Daten nie und geben sie nicht an Werbetreibende weiter.',
          'Dieser Shop setzt zwei Cookies: Eines merkt sich die gewählte Sprache, das andere den Inhalt Ihres Warenkorbs. Keines dient dem Tracking.',
          'Sie können jederzeit eine Kopie Ihrer Daten oder deren Löschung anfordern.',
        ],
      },
    },
  ],
};
