import type { Messages } from '../messages.ts';

/** The storefront's French strings: their own chunk, so a visitor downloads one locale. */
export const messages: Messages = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  navShop: 'Boutique',
  navHelp: 'Aide',
  navCart: 'Panier',
  navSignIn: 'Se connecter',
  navAccount: 'Votre compte',
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
  sortBy: 'Trier par',
  sortFeatured: 'Sélection',
  sortPriceAsc: 'Prix croissant',
  sortPriceDesc: 'Prix décroissant',
  sortName: 'Nom',
  pagination: 'Pages',
  previousPage: 'Précédente',
  nextPage: 'Suivante',
  pageOf: (page, count) => `Page ${page} sur ${count}`,
  addToCart: 'Ajouter au panier',
  addProductToCart: (product) => `Ajouter ${product} au panier`,
  addedOneToCart: (product) => `${product} ajouté à votre panier`,
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
  helpTopics: 'Rubriques d’aide',
  filterTopics: 'Filtrer les rubriques',
  noTopicMatches: 'Aucune rubrique ne correspond.',
  articleNotFound: 'Cet article est introuvable.',
  cartTitle: 'Votre panier',
  cartDescription: 'Consultez les articles de votre panier Maison Nord.',
  cartEmpty: 'Votre panier est vide',
  cartEmptyText: 'Trouvez votre bonheur dans la boutique.',
  continueShopping: 'Continuer vos achats',
  product: 'Produit',
  unitPrice: 'Prix unitaire',
  lineTotal: 'Total',
  subtotal: 'Sous-total',
  checkoutNote: 'Prix TTC. Livraison offerte.',
  cartCount: (count) => (count <= 1 ? `(${count} article)` : `(${count} articles)`),
  addedToCart: 'Ajouté à votre panier',
  addedDetail: (quantity, name) => `${quantity} × ${name}`,
  viewCart: 'Voir le panier',
  update: 'Mettre à jour',
  remove: 'Retirer',
  decreaseQuantityOf: (name) => `Diminuer la quantité de ${name}`,
  increaseQuantityOf: (name) => `Augmenter la quantité de ${name}`,
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
  checkout: 'Commander',
  cartMergeLimited: ({ leftOut, clamped, maxLines, maxQuantity }) =>
    `Le panier d’avant votre connexion n’a pas tenu en entier dans celui de votre compte, qui contient au plus ${maxLines} produits et ${maxQuantity} de chacun : ${[
      leftOut === 0
        ? ''
        : leftOut === 1
          ? '1 produit a été laissé de côté'
          : `${leftOut} produits ont été laissés de côté`,
      clamped === 0
        ? ''
        : clamped === 1
          ? '1 quantité a été réduite'
          : `${clamped} quantités ont été réduites`,
    ]
      .filter(Boolean)
      .join(' et ')}.`,
  footerTagline: 'Des objets pensés pour la cuisine, la maison, le jardin et le bureau.',
  footerShop: 'Boutique',
  footerService: 'Service client',
  footerDelivery: 'Délais de livraison',
  footerReturns: 'Retours',
  footerPayment: 'Moyens de paiement',
  footerPrivacy: 'Confidentialité',
  footerNote: 'Maison Nord est une boutique de démonstration. Aucune commande n’est expédiée.',
};
