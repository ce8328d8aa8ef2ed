import type { Locale } from '#runtime/shared';
import { type StorefrontLocale, storefrontLocale } from './locales.ts';

/**
 * The strings of the sign-up, sign-in, sign-out and account pages, in every locale. Not in the locale's
 * messages module, which every first load downloads: only these pages (and the account actions) import them.
 */
export interface AccountMessages {
  signInTitle: string;
  signInDescription: string;
  signUpTitle: string;
  signUpDescription: string;
  accountTitle: string;
  signOutTitle: string;
  fieldEmail: string;
  fieldPassword: string;
  /** Under the sign-up's password field. */
  passwordHint: (min: number, max: number) => string;
  signIn: string;
  signUp: string;
  signOut: string;
  /** The sign-out page's question, for a visitor who opened it. */
  signOutQuestion: string;
  noAccountYet: string;
  createAccount: string;
  haveAccount: string;
  errorEmail: string;
  errorEmailTaken: string;
  /** An email holding an invisible character (zero-width space, bidi mark...), named as `U+200B`. */
  errorEmailCharacter: (character: string) => string;
  errorPasswordShort: (min: number) => string;
  errorPasswordLong: (max: number) => string;
  errorPasswordMissing: string;
  /** The one answer to an unknown email and to a wrong password: it says neither. */
  errorCredentials: string;
  /** Too many failed sign-ins: when to try again, in whole minutes. */
  errorThrottled: (minutes: number) => string;
  /** Too many sign-ups from one client address: when to try again, in whole minutes. */
  errorSignUpThrottled: (minutes: number) => string;
  signedInAs: (email: string) => string;
  ordersHeading: string;
  noOrders: string;
  orderDate: string;
  orderTotal: string;
  orderStatus: string;
  /** The only status an order has in this shop: nothing is charged or shipped. */
  statusPlaced: string;
  viewOrder: string;
  /** The visually hidden rest of an order's link: "order of 3 May 2026". */
  orderOf: (date: string) => string;
  signOutEverywhere: string;
  signOutEverywhereNote: string;
  /** The sign-in page's notice, once, after "Sign out everywhere". */
  signedOutEverywhere: string;
}

const en: AccountMessages = {
  signInTitle: 'Sign in',
  signInDescription: 'Sign in to your Maison Nord account.',
  signUpTitle: 'Create an account',
  signUpDescription: 'Keep your cart and your orders on every device.',
  accountTitle: 'Your account',
  signOutTitle: 'Sign out',
  fieldEmail: 'Email',
  fieldPassword: 'Password',
  passwordHint: (min, max) => `${min} to ${max} characters; a sentence you remember is best.`,
  signIn: 'Sign in',
  signUp: 'Create account',
  signOut: 'Sign out',
  signOutQuestion: 'Sign out of your account on this device?',
  noAccountYet: 'New to Maison Nord?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  errorEmail: 'Enter an email address such as name@example.com.',
  errorEmailTaken: 'An account with this email exists: sign in instead.',
  errorEmailCharacter: (character) => `Remove the invisible character ${character} from this email.`,
  errorPasswordShort: (min) => `Use at least ${min} characters.`,
  errorPasswordLong: (max) => `Use at most ${max} characters.`,
  errorPasswordMissing: 'Enter your password.',
  errorCredentials: 'The email or the password is not right.',
  errorThrottled: (minutes) =>
    `Too many attempts to sign in. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  errorSignUpThrottled: (minutes) =>
    `Too many accounts created from your network. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  signedInAs: (email) => `Signed in as ${email}`,
  ordersHeading: 'Your orders',
  noOrders: 'You have not ordered anything yet.',
  orderDate: 'Date',
  orderTotal: 'Total',
  orderStatus: 'Status',
  statusPlaced: 'Placed',
  viewOrder: 'View',
  orderOf: (date) => `order of ${date}`,
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereNote: 'Ends every session of your account, on all your devices, this one included.',
  signedOutEverywhere: 'You are signed out on all your devices.',
};

const fr: AccountMessages = {
  signInTitle: 'Se connecter',
  signInDescription: 'Connectez-vous à votre compte Maison Nord.',
  signUpTitle: 'Créer un compte',
  signUpDescription: 'Retrouvez votre panier et vos commandes sur tous vos appareils.',
  accountTitle: 'Votre compte',
  signOutTitle: 'Se déconnecter',
  fieldEmail: 'E-mail',
  fieldPassword: 'Mot de passe',
  passwordHint: (min, max) =>
    `De ${min} à ${max} caractères ; une phrase dont vous vous souvenez est idéale.`,
  signIn: 'Se connecter',
  signUp: 'Créer le compte',
  signOut: 'Se déconnecter',
  signOutQuestion: 'Vous déconnecter de votre compte sur cet appareil ?',
  noAccountYet: 'Nouveau chez Maison Nord ?',
  createAccount: 'Créer un compte',
  haveAccount: 'Vous avez déjà un compte ?',
  errorEmail: 'Saisissez une adresse e-mail comme nom@exemple.fr.',
  errorEmailTaken: 'Un compte existe avec cet e-mail : connectez-vous.',
  errorEmailCharacter: (character) => `Retirez de cet e-mail le caractère invisible ${character}.`,
  errorPasswordShort: (min) => `Utilisez au moins ${min} caractères.`,
  errorPasswordLong: (max) => `Utilisez au plus ${max} caractères.`,
  errorPasswordMissing: 'Saisissez votre mot de passe.',
  errorCredentials: 'L’e-mail ou le mot de passe n’est pas correct.',
  errorThrottled: (minutes) =>
    `Trop de tentatives de connexion. Réessayez dans ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  errorSignUpThrottled: (minutes) =>
    `Trop de comptes créés depuis votre réseau. Réessayez dans ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  signedInAs: (email) => `Connecté en tant que ${email}`,
  ordersHeading: 'Vos commandes',
  noOrders: 'Vous n’avez encore rien commandé.',
  orderDate: 'Date',
  orderTotal: 'Total',
  orderStatus: 'État',
  statusPlaced: 'Passée',
  viewOrder: 'Voir',
  orderOf: (date) => `la commande du ${date}`,
  signOutEverywhere: 'Se déconnecter partout',
  signOutEverywhereNote:
    'Met fin à toutes les sessions de votre compte, sur tous vos appareils, celui-ci compris.',
  signedOutEverywhere: 'Vous êtes déconnecté de tous vos appareils.',
};

const de: AccountMessages = {
  signInTitle: 'Anmelden',
  signInDescription: 'Melden Sie sich bei Ihrem Maison-Nord-Konto an.',
  signUpTitle: 'Konto erstellen',
  signUpDescription: 'Ihr Warenkorb und Ihre Bestellungen auf jedem Gerät.',
  accountTitle: 'Ihr Konto',
  signOutTitle: 'Abmelden',
  fieldEmail: 'E-Mail',
  fieldPassword: 'Passwort',
  passwordHint: (min, max) => `${min} bis ${max} Zeichen; am besten ein Satz, den Sie sich merken.`,
  signIn: 'Anmelden',
  signUp: 'Konto erstellen',
  signOut: 'Abmelden',
  signOutQuestion: 'Auf diesem Gerät von Ihrem Konto abmelden?',
  noAccountYet: 'Neu bei Maison Nord?',
  createAccount: 'Konto erstellen',
  haveAccount: 'Sie haben schon ein Konto?',
  errorEmail: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
  errorEmailTaken: 'Zu dieser E-Mail gibt es ein Konto: Melden Sie sich an.',
  errorEmailCharacter: (character) => `Entfernen Sie das unsichtbare Zeichen ${character} aus dieser E-Mail.`,
  errorPasswordShort: (min) => `Verwenden Sie mindestens ${min} Zeichen.`,
  errorPasswordLong: (max) => `Verwenden Sie höchstens ${max} Zeichen.`,
  errorPasswordMissing: 'Geben Sie Ihr Passwort ein.',
  errorCredentials: 'E-Mail oder Passwort stimmt nicht.',
  errorThrottled: (minutes) =>
    `Zu viele Anmeldeversuche. Versuchen Sie es in ${minutes === 1 ? '1 Minute' : `${minutes} Minuten`} wieder.`,
  errorSignUpThrottled: (minutes) =>
    `Zu viele neue Konten aus Ihrem Netzwerk. Versuchen Sie es in ${minutes === 1 ? '1 Minute' : `${minutes} Minuten`} wieder.`,
  signedInAs: (email) => `Angemeldet als ${email}`,
  ordersHeading: 'Ihre Bestellungen',
  noOrders: 'Sie haben noch nichts bestellt.',
  orderDate: 'Datum',
  orderTotal: 'Summe',
  orderStatus: 'Status',
  statusPlaced: 'Aufgegeben',
  viewOrder: 'Ansehen',
  orderOf: (date) => `Bestellung vom ${date}`,
  signOutEverywhere: 'Überall abmelden',
  signOutEverywhereNote: 'Beendet alle Sitzungen Ihres Kontos auf all Ihren Geräten, auch auf diesem.',
  signedOutEverywhere: 'Sie sind auf allen Ihren Geräten abgemeldet.',
};

export const accountMessages: Readonly<Record<StorefrontLocale, AccountMessages>> = { en, fr, de };

/** The account pages' strings in the locale of a page or request. */
export function accountMessagesFor(locale: Locale): AccountMessages {
  return accountMessages[storefrontLocale(locale)];
}
