import type { Product } from './types.ts';

export const GARDEN_AND_OFFICE_PRODUCTS: readonly Product[] = [
  // garden/tools
  {
    id: 'hand-trowel',
    name: 'Stainless hand trowel',
    priceCents: 1900,
    categoryPath: 'garden/tools',
    description:
      'A polished stainless blade with depth markings and an ash handle, for planting and potting.',
  },
  {
    id: 'pruning-shears',
    name: 'Bypass pruning shears',
    priceCents: 3400,
    categoryPath: 'garden/tools',
    description: 'Sharp forged blades and a safety catch for clean cuts on stems and branches up to 2 cm.',
  },
  {
    id: 'garden-gloves',
    name: 'Leather garden gloves',
    priceCents: 1600,
    categoryPath: 'garden/tools',
    description: 'Supple goatskin gloves with canvas cuffs that protect against thorns without losing grip.',
  },
  {
    id: 'watering-can-5l',
    name: 'Watering can 5 L',
    priceCents: 4400,
    categoryPath: 'garden/tools',
    description: 'A galvanised steel can with a long spout and a brass rose for a gentle, even shower.',
  },
  {
    id: 'border-fork',
    name: 'Border fork',
    priceCents: 4900,
    categoryPath: 'garden/tools',
    description: 'A compact digging fork for tight beds and borders, with a forged head and an ash shaft.',
  },
  // garden/planters
  {
    id: 'terracotta-pot-20cm',
    name: 'Terracotta pot 20 cm',
    priceCents: 1400,
    categoryPath: 'garden/planters',
    description: 'A classic frost-resistant terracotta pot with a matching saucer, made in Tuscany.',
  },
  {
    id: 'glazed-planter-30cm',
    name: 'Glazed planter 30 cm',
    priceCents: 4900,
    categoryPath: 'garden/planters',
    description: 'A reactive glaze in deep ocean blue on a wide stoneware planter for indoor trees.',
  },
  {
    id: 'hanging-planter',
    name: 'Hanging planter',
    priceCents: 2900,
    categoryPath: 'garden/planters',
    description: 'A matte white ceramic bowl on a braided cotton hanger for trailing plants.',
  },
  {
    id: 'window-box-60cm',
    name: 'Window box 60 cm',
    priceCents: 3900,
    categoryPath: 'garden/planters',
    description: 'A slim powder-coated steel box with drainage holes for herbs and flowers on the sill.',
  },
  {
    id: 'self-watering-pot',
    name: 'Self-watering pot',
    priceCents: 2600,
    categoryPath: 'garden/planters',
    description: 'A hidden reservoir and a water-level gauge keep houseplants happy for up to two weeks.',
  },
  // office/stationery
  {
    id: 'dot-grid-notebook-a5',
    name: 'Dot grid notebook A5',
    priceCents: 1600,
    categoryPath: 'office/stationery',
    description:
      '192 pages of 100 g/m² paper that takes fountain pen ink without bleeding, in a linen cover.',
  },
  {
    id: 'brass-ballpoint-pen',
    name: 'Brass ballpoint pen',
    priceCents: 3200,
    categoryPath: 'office/stationery',
    description: 'A solid brass pen that develops a warm patina over time; takes standard refills.',
  },
  {
    id: 'fountain-pen-fine',
    name: 'Fountain pen, fine nib',
    priceCents: 4800,
    categoryPath: 'office/stationery',
    description: 'A smooth steel fine nib in a resin body, with a converter for bottled ink.',
  },
  {
    id: 'recycled-envelopes-set',
    name: 'Recycled envelopes, set of 25',
    priceCents: 900,
    categoryPath: 'office/stationery',
    description: 'C6 envelopes in heavyweight recycled paper, for letters worth sending.',
  },
  {
    id: 'weekly-desk-planner',
    name: 'Weekly desk planner',
    priceCents: 1900,
    categoryPath: 'office/stationery',
    description: 'An undated tear-off pad that lays out the week at a glance, one sheet at a time.',
  },
  // office/desk
  {
    id: 'walnut-desk-organiser',
    name: 'Walnut desk organiser',
    priceCents: 4900,
    categoryPath: 'office/desk',
    description: 'A low walnut tray with compartments for pens, cards and a phone, to keep the desk clear.',
  },
  {
    id: 'felt-desk-mat',
    name: 'Wool felt desk mat',
    priceCents: 3900,
    categoryPath: 'office/desk',
    description: 'A thick merino felt mat that quietens the keyboard and warms up a cold desktop.',
  },
  {
    id: 'aluminium-laptop-stand',
    name: 'Aluminium laptop stand',
    priceCents: 5900,
    categoryPath: 'office/desk',
    description: 'Lifts the screen to eye level for a better posture, then folds flat into a bag.',
  },
  {
    id: 'ceramic-pen-cup',
    name: 'Ceramic pen cup',
    priceCents: 1800,
    categoryPath: 'office/desk',
    description: 'A small hand-thrown cup in a speckled glaze, for pens, brushes or a single stem.',
  },
  {
    id: 'articulated-desk-lamp',
    name: 'Articulated desk lamp',
    priceCents: 8900,
    categoryPath: 'office/desk',
    description: 'A spring-balanced arm that stays exactly where you put it, with a warm dimmable LED.',
  },
];
