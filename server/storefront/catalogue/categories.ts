import type { CategoryDefinition } from './types.ts';

/**
 * The category tree. Products sit in the leaves; a parent lists everything below it. Top-level "home"
 * is called "Home & Living" so its breadcrumb never reads like the link to the home page.
 */
export const CATEGORY_TREE: readonly CategoryDefinition[] = [
  {
    slug: 'kitchen',
    names: { en: 'Kitchen', fr: 'Cuisine', de: 'Küche' },
    children: [
      { slug: 'knives', names: { en: 'Knives', fr: 'Couteaux', de: 'Messer' } },
      { slug: 'cookware', names: { en: 'Cookware', fr: 'Ustensiles de cuisson', de: 'Kochgeschirr' } },
      { slug: 'tableware', names: { en: 'Tableware', fr: 'Arts de la table', de: 'Geschirr' } },
    ],
  },
  {
    slug: 'home',
    names: { en: 'Home & Living', fr: 'Maison', de: 'Wohnen' },
    children: [
      { slug: 'lighting', names: { en: 'Lighting', fr: 'Éclairage', de: 'Beleuchtung' } },
      { slug: 'textiles', names: { en: 'Textiles', fr: 'Linge de maison', de: 'Heimtextilien' } },
      { slug: 'storage', names: { en: 'Storage', fr: 'Rangement', de: 'Aufbewahrung' } },
    ],
  },
  {
    slug: 'garden',
    names: { en: 'Garden', fr: 'Jardin', de: 'Garten' },
    children: [
      { slug: 'tools', names: { en: 'Garden tools', fr: 'Outils de jardin', de: 'Gartenwerkzeug' } },
      { slug: 'planters', names: { en: 'Planters', fr: 'Pots et jardinières', de: 'Pflanzgefäße' } },
    ],
  },
  {
    slug: 'office',
    names: { en: 'Office', fr: 'Bureau', de: 'Büro' },
    children: [
      { slug: 'stationery', names: { en: 'Stationery', fr: 'Papeterie', de: 'Schreibwaren' } },
      {
        slug: 'desk',
        names: { en: 'Desk accessories', fr: 'Accessoires de bureau', de: 'Schreibtischzubehör' },
      },
    ],
  },
];
