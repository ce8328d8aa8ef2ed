/**
 * Line drawings for particular kinds of product, on the same 48×48 grid as the category drawings (each one
 * a file in `../drawings/`, shown through the `drawing--<name>` class of styles/drawings.css). A product
 * gets one when a word of its id names it (`carbon-steel-wok-32cm` → pan), otherwise its category's
 * drawing: this keeps a category page from showing the same picture twelve times.
 */

/** Words of a product id that name a drawing. */
const DRAWING_OF_WORD: Readonly<Record<string, string>> = {
  skillet: 'pan',
  wok: 'pan',
  spatula: 'spatula',
  bowl: 'bowl',
  tumbler: 'glass',
  teapot: 'teapot',
  board: 'board',
  candles: 'candles',
  lantern: 'lantern',
  pendant: 'pendant',
  globe: 'globe',
  jar: 'jar',
  shelf: 'shelf',
  rack: 'pegs',
  shears: 'shears',
  can: 'can',
  fork: 'fork',
  notebook: 'notebook',
  envelopes: 'envelope',
  planner: 'calendar',
  laptop: 'laptop',
  articulated: 'desk-lamp',
  cup: 'cup',
};

/** The name of the drawing a product id names (its first word that names one), if any. */
export function productDrawing(productId: string): string | undefined {
  for (const word of productId.split('-')) {
    const name = DRAWING_OF_WORD[word];
    if (name) return name;
  }
  return undefined;
}
