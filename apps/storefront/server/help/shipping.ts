import type { HelpSectionDefinition } from './types.ts';

export const SHIPPING_SECTION: HelpSectionDefinition = {
  id: 'shipping',
  title: { en: 'Shipping & delivery', fr: 'Livraison', de: 'Versand & Lieferung' },
  articles: [
    {
      slug: 'shipping/delivery-times',
      title: { en: 'Delivery times', fr: 'Délais de livraison', de: 'Lieferzeiten' },
      summary: {
        en: 'When your order leaves our warehouse and when it reaches you.',
        fr: 'Quand votre commande quitte notre entrepôt et quand elle arrive chez vous.',
        de: 'Wann Ihre Bestellung unser Lager verlässt und wann sie bei Ihnen ankommt.',
      },
      body: {
        en: [
          'Orders placed before 2 pm on a working day leave our warehouse the same day. Orders placed later, or at the weekend, are packed on the next working day.',
          'Standard delivery within France, Germany and the Benelux countries takes 2 to 4 working days. Larger items such as lamps and shelves may take one extra day because they travel with a freight carrier.',
          'As soon as your parcel is on its way, we send you an email with the carrier’s tracking link.',
        ],
        fr: [
          'Les commandes passées avant 14 h un jour ouvré quittent notre entrepôt le jour même. Les commandes passées plus tard, ou le week-end, sont préparées le jour ouvré suivant.',
          'La livraison standard en France, en Allemagne et au Benelux prend de 2 à 4 jours ouvrés. Les articles volumineux, comme les lampes et les étagères, peuvent demander un jour de plus, car ils sont confiés à un transporteur spécialisé.',
          'Dès que votre colis est en route, nous vous envoyons un e-mail avec le lien de suivi du transporteur.',
        ],
        de: [
          'Bestellungen, die an einem Werktag vor 14 Uhr eingehen, verlassen unser Lager noch am selben Tag. Spätere Bestellungen oder Bestellungen am Wochenende packen wir am nächsten Werktag.',
          'Die Standardlieferung nach Deutschland, Frankreich und in die Benelux-Länder dauert 2 bis 4 Werktage. Größere Artikel wie Lampen und Regale können einen Tag länger brauchen, weil sie mit einer Spedition reisen.',
          'Sobald Ihr Paket unterwegs ist, schicken wir Ihnen eine E-Mail mit dem Sendungsverfolgungslink des Versanddienstleisters.',
        ],
      },
    },
    {
      slug: 'shipping/international',
      title: { en: 'International shipping', fr: 'Livraison internationale', de: 'Internationaler Versand' },
      summary: {
        en: 'Where we deliver outside the EU, and what customs may charge.',
        fr: 'Où nous livrons hors de l’UE et les frais de douane éventuels.',
        de: 'Wohin wir außerhalb der EU liefern und welche Zollgebühren anfallen können.',
      },
      body: {
        en: [
          'We deliver to every country of the European Union, as well as to Switzerland, Norway and the United Kingdom. Delivery outside the EU takes 4 to 8 working days.',
          'For deliveries outside the EU, import duties and local taxes may be charged by the customs office of the destination country. They are not included in our prices and are paid to the carrier on delivery.',
        ],
        fr: [
          'Nous livrons dans tous les pays de l’Union européenne, ainsi qu’en Suisse, en Norvège et au Royaume-Uni. La livraison hors UE prend de 4 à 8 jours ouvrés.',
          'Pour les livraisons hors UE, des droits d’importation et des taxes locales peuvent être perçus par les douanes du pays de destination. Ils ne sont pas inclus dans nos prix et se règlent auprès du transporteur à la livraison.',
        ],
        de: [
          'Wir liefern in alle Länder der Europäischen Union sowie in die Schweiz, nach Norwegen und in das Vereinigte Königreich. Lieferungen außerhalb der EU dauern 4 bis 8 Werktage.',
          'Bei Lieferungen außerhalb der EU können Einfuhrzölle und lokale Steuern des Ziellandes anfallen. Sie sind nicht in unseren Preisen enthalten und werden bei der Zustellung an den Versanddienstleister gezahlt.',
        ],
      },
    },
    {
      slug: 'shipping/tracking',
      title: { en: 'Tracking your parcel', fr: 'Suivre votre colis', de: 'Sendungsverfolgung' },
      summary: {
        en: 'How to follow your parcel and what to do if it seems stuck.',
        fr: 'Comment suivre votre colis et que faire s’il semble bloqué.',
        de: 'So verfolgen Sie Ihr Paket und das tun Sie, wenn es festzustecken scheint.',
      },
      body: {
        en: [
          'The shipping confirmation email contains a tracking link. Tracking usually becomes active a few hours after the parcel leaves our warehouse.',
          'If the tracking has not changed for more than three working days, write to us with your order number and we will open an enquiry with the carrier.',
        ],
        fr: [
          'L’e-mail de confirmation d’expédition contient un lien de suivi. Le suivi devient généralement actif quelques heures après le départ du colis de notre entrepôt.',
          'Si le suivi n’a pas évolué depuis plus de trois jours ouvrés, écrivez-nous avec votre numéro de commande : nous ouvrirons une enquête auprès du transporteur.',
        ],
        de: [
          'Die Versandbestätigung per E-Mail enthält einen Link zur Sendungsverfolgung. Er ist meist wenige Stunden, nachdem das Paket unser Lager verlassen hat, aktiv.',
          'Hat sich der Status seit mehr als drei Werktagen nicht geändert, schreiben Sie uns mit Ihrer Bestellnummer, und wir stellen einen Nachforschungsauftrag beim Versanddienstleister.',
        ],
      },
    },
  ],
};
