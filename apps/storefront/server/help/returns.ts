import type { HelpSectionDefinition } from './types.ts';

export const RETURNS_SECTION: HelpSectionDefinition = {
  id: 'returns',
  title: { en: 'Returns & refunds', fr: 'Retours et remboursements', de: 'Rückgabe & Erstattung' },
  articles: [
    {
      slug: 'returns/how-to-return',
      title: {
        en: 'How to return an item',
        fr: 'Comment retourner un article',
        de: 'So senden Sie einen Artikel zurück',
      },
      summary: {
        en: 'You have 30 days to change your mind. Here is how to send things back.',
        fr: 'Vous avez 30 jours pour changer d’avis. Voici comment nous renvoyer un article.',
        de: 'Sie haben 30 Tage Zeit, es sich anders zu überlegen. So senden Sie Artikel zurück.',
      },
      body: {
        en: [
          'You can return any unused item in its original packaging within 30 days of delivery. Knives and textiles must be unwashed and unused for hygiene reasons.',
          'Write to us with your order number and the items you want to return. We reply with a prepaid return label within one working day.',
          'Pack the items securely, stick the label on the parcel and drop it at any post office or parcel point of the carrier.',
        ],
        fr: [
          'Vous pouvez retourner tout article inutilisé, dans son emballage d’origine, dans les 30 jours suivant la livraison. Pour des raisons d’hygiène, les couteaux et le linge doivent être non lavés et non utilisés.',
          'Écrivez-nous en indiquant votre numéro de commande et les articles à retourner. Nous vous répondons avec une étiquette de retour prépayée sous un jour ouvré.',
          'Emballez soigneusement les articles, collez l’étiquette sur le colis et déposez-le dans un bureau de poste ou un point relais du transporteur.',
        ],
        de: [
          'Sie können jeden unbenutzten Artikel in der Originalverpackung innerhalb von 30 Tagen nach der Lieferung zurücksenden. Messer und Textilien müssen aus Hygienegründen ungewaschen und unbenutzt sein.',
          'Schreiben Sie uns Ihre Bestellnummer und die Artikel, die Sie zurücksenden möchten. Innerhalb eines Werktags erhalten Sie ein vorfrankiertes Rücksendeetikett.',
          'Verpacken Sie die Artikel sicher, kleben Sie das Etikett auf das Paket und geben Sie es in einer Filiale oder einem Paketshop des Versanddienstleisters ab.',
        ],
      },
    },
    {
      slug: 'returns/refunds',
      title: { en: 'Refunds', fr: 'Remboursements', de: 'Erstattungen' },
      summary: {
        en: 'When and how we pay you back after a return.',
        fr: 'Quand et comment nous vous remboursons après un retour.',
        de: 'Wann und wie wir Ihnen nach einer Rücksendung den Betrag erstatten.',
      },
      body: {
        en: [
          'We refund your return within 5 working days of receiving it, using the payment method you paid with. Your bank may take a few more days to show the money on your account.',
          'Return shipping is free within the EU. If you return only part of an order that was delivered free of charge, the delivery stays free.',
        ],
        fr: [
          'Nous remboursons votre retour dans les 5 jours ouvrés suivant sa réception, avec le moyen de paiement utilisé lors de la commande. Votre banque peut mettre quelques jours de plus à créditer votre compte.',
          'Le retour est gratuit dans l’UE. Si vous ne retournez qu’une partie d’une commande livrée gratuitement, la livraison reste gratuite.',
        ],
        de: [
          'Wir erstatten Ihre Rücksendung innerhalb von 5 Werktagen nach Eingang über die Zahlungsart, mit der Sie bezahlt haben. Ihre Bank braucht eventuell einige Tage länger, bis der Betrag auf Ihrem Konto erscheint.',
          'Die Rücksendung ist innerhalb der EU kostenlos. Senden Sie nur einen Teil einer versandkostenfreien Bestellung zurück, bleibt der Versand kostenlos.',
        ],
      },
    },
  ],
};
