import type { Product } from './types.ts';

export const HOME_PRODUCTS: readonly Product[] = [
  // home/lighting
  {
    id: 'brass-table-lamp',
    name: 'Brass table lamp',
    priceCents: 12900,
    categoryPath: 'home/lighting',
    description: 'A slim brushed-brass lamp with a pleated linen shade that casts a warm, even glow.',
  },
  {
    id: 'linen-pendant-shade',
    name: 'Linen pendant shade',
    priceCents: 7900,
    categoryPath: 'home/lighting',
    description: 'A wide drum shade in natural linen that softens a bare bulb into gentle, diffused light.',
  },
  {
    id: 'opal-globe-wall-light',
    name: 'Opal globe wall light',
    priceCents: 8900,
    categoryPath: 'home/lighting',
    description: 'A hand-blown opal glass globe on a small brass mount, at home in hallways and bathrooms.',
  },
  {
    id: 'beeswax-candles-set-6',
    name: 'Beeswax candles, set of 6',
    priceCents: 1800,
    categoryPath: 'home/lighting',
    description: 'Pure beeswax dinner candles that burn slowly, cleanly and with a faint scent of honey.',
  },
  {
    id: 'rechargeable-lantern',
    name: 'Rechargeable lantern',
    priceCents: 5900,
    categoryPath: 'home/lighting',
    description: 'A dimmable cordless lantern for the table, the balcony or the tent, charged over USB-C.',
  },
  // home/textiles
  {
    id: 'wool-throw-blanket',
    name: 'Wool throw blanket',
    priceCents: 8900,
    categoryPath: 'home/textiles',
    description: 'A soft herringbone throw woven from lambswool in a small mill in the Scottish Borders.',
  },
  {
    id: 'linen-duvet-cover-double',
    name: 'Linen duvet cover, double',
    priceCents: 11900,
    categoryPath: 'home/textiles',
    description: 'Breathable washed linen that keeps you cool in summer and cosy in winter.',
  },
  {
    id: 'waffle-bath-towel',
    name: 'Waffle bath towel',
    priceCents: 2900,
    categoryPath: 'home/textiles',
    description: 'A light organic cotton waffle weave that dries you quickly and itself even faster.',
  },
  {
    id: 'cotton-cushion-cover',
    name: 'Cotton cushion cover 50 cm',
    priceCents: 2400,
    categoryPath: 'home/textiles',
    description: 'Heavy cotton canvas with a hidden zip, dyed in a deep moss green.',
  },
  {
    id: 'jute-doormat',
    name: 'Jute doormat',
    priceCents: 2900,
    categoryPath: 'home/textiles',
    description: 'A thick natural jute mat with a non-slip back that scrapes boots clean at the door.',
  },
  // home/storage
  {
    id: 'woven-storage-basket',
    name: 'Woven storage basket',
    priceCents: 3400,
    categoryPath: 'home/storage',
    description: 'A seagrass basket with leather handles for blankets, toys or the week’s laundry.',
  },
  {
    id: 'oak-wall-shelf',
    name: 'Oak wall shelf 80 cm',
    priceCents: 6900,
    categoryPath: 'home/storage',
    description: 'Solid oak on hidden brackets: a floating shelf for books, plants and favourite things.',
  },
  {
    id: 'canvas-laundry-bag',
    name: 'Canvas laundry bag',
    priceCents: 2200,
    categoryPath: 'home/storage',
    description: 'A tall drawstring bag in undyed cotton canvas that hangs from a hook or stands on its own.',
  },
  {
    id: 'glass-storage-jar-1l',
    name: 'Glass storage jar 1 L',
    priceCents: 1200,
    categoryPath: 'home/storage',
    description: 'Borosilicate glass with an airtight beech lid for flour, pasta, coffee and more.',
  },
  {
    id: 'ash-coat-rack',
    name: 'Ash coat rack',
    priceCents: 7900,
    categoryPath: 'home/storage',
    description: 'A wall-mounted rail of solid ash with five turned pegs for coats, bags and hats.',
  },
];
