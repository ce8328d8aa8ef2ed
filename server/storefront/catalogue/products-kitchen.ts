import type { Product } from './types.ts';

export const KITCHEN_PRODUCTS: readonly Product[] = [
  // kitchen/knives
  {
    id: 'chef-knife-20cm',
    name: 'Chef knife 20 cm',
    priceCents: 8900,
    categoryPath: 'kitchen/knives',
    description:
      'A balanced all-rounder forged from Swedish stainless steel, with a riveted oak handle that feels at home in any hand.',
  },
  {
    id: 'santoku-knife-18cm',
    name: 'Santoku knife 18 cm',
    priceCents: 7900,
    categoryPath: 'kitchen/knives',
    description:
      'A flat-edged Japanese-style blade with a hollow grind, made for fine slicing, dicing and mincing.',
  },
  {
    id: 'paring-knife-9cm',
    name: 'Paring knife 9 cm',
    priceCents: 2900,
    categoryPath: 'kitchen/knives',
    description:
      'A nimble little blade for peeling, trimming and all the small jobs a chef knife is too big for.',
  },
  {
    id: 'bread-knife-23cm',
    name: 'Bread knife 23 cm',
    priceCents: 5400,
    categoryPath: 'kitchen/knives',
    description: 'A long scalloped edge that glides through crusty loaves without crushing the crumb.',
  },
  {
    id: 'walnut-knife-block',
    name: 'Walnut knife block',
    priceCents: 6900,
    categoryPath: 'kitchen/knives',
    description:
      'Solid walnut with a hidden magnetic strip: holds five knives and keeps every edge off the wood.',
  },
  {
    id: 'whetstone-1000-6000',
    name: 'Whetstone 1000/6000',
    priceCents: 3900,
    categoryPath: 'kitchen/knives',
    description: 'A two-sided water stone on a bamboo base: coarse to restore an edge, fine to polish it.',
  },
  // kitchen/cookware
  {
    id: 'cast-iron-skillet-26cm',
    name: 'Cast iron skillet 26 cm',
    priceCents: 5900,
    categoryPath: 'kitchen/cookware',
    description: 'Pre-seasoned cast iron that goes from hob to oven to table, and only gets better with use.',
  },
  {
    id: 'enamelled-dutch-oven-24cm',
    name: 'Enamelled Dutch oven 24 cm',
    priceCents: 14900,
    categoryPath: 'kitchen/cookware',
    description: 'A heavy, even-heating pot for braises, stews and bread, finished in a soft sage enamel.',
  },
  {
    id: 'stainless-saucepan-16cm',
    name: 'Stainless saucepan 16 cm',
    priceCents: 4900,
    categoryPath: 'kitchen/cookware',
    description: 'Tri-ply stainless steel with a pouring rim and a lid that doubles as a strainer.',
  },
  {
    id: 'carbon-steel-wok-32cm',
    name: 'Carbon steel wok 32 cm',
    priceCents: 4500,
    categoryPath: 'kitchen/cookware',
    description:
      'Light, fast and properly hot: a flat-bottomed wok that works on gas, electric and induction.',
  },
  {
    id: 'stainless-stockpot-8l',
    name: 'Stainless stockpot 8 L',
    priceCents: 6900,
    categoryPath: 'kitchen/cookware',
    description: 'A tall pot with an encapsulated base for stocks, pasta and batch cooking for a crowd.',
  },
  {
    id: 'olive-wood-spatula',
    name: 'Olive wood spatula',
    priceCents: 1400,
    categoryPath: 'kitchen/cookware',
    description:
      'Carved from a single piece of olive wood, gentle on every pan and beautiful to keep on the counter.',
  },
  // kitchen/tableware
  {
    id: 'stoneware-dinner-plate',
    name: 'Stoneware dinner plate',
    priceCents: 2200,
    categoryPath: 'kitchen/tableware',
    description: 'A generous 27 cm plate in speckled oat glaze, dishwasher and microwave safe.',
  },
  {
    id: 'stoneware-bowl-set',
    name: 'Stoneware bowls, set of 4',
    priceCents: 4800,
    categoryPath: 'kitchen/tableware',
    description: 'Deep everyday bowls for soups, salads and breakfast, glazed in four quiet earth tones.',
  },
  {
    id: 'linen-napkins-set-4',
    name: 'Linen napkins, set of 4',
    priceCents: 3200,
    categoryPath: 'kitchen/tableware',
    description: 'Stonewashed European linen that softens with every wash and never needs ironing.',
  },
  {
    id: 'glass-tumbler-set-6',
    name: 'Glass tumblers, set of 6',
    priceCents: 3600,
    categoryPath: 'kitchen/tableware',
    description: 'Sturdy mouth-blown tumblers with a subtle ripple, sized for water, juice or wine.',
  },
  {
    id: 'ceramic-teapot-1l',
    name: 'Ceramic teapot 1 L',
    priceCents: 4200,
    categoryPath: 'kitchen/tableware',
    description: 'A round-bellied teapot with a removable stainless infuser, enough for four cups.',
  },
  {
    id: 'oak-serving-board',
    name: 'Oak serving board',
    priceCents: 3900,
    categoryPath: 'kitchen/tableware',
    description: 'A long board of oiled European oak for bread, cheese and everything that goes with them.',
  },
];
