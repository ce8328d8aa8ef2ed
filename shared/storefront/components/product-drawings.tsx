import type { ReactNode } from 'react';

/**
 * Line drawings for particular kinds of product, on the same 48×48 grid as the category drawings. A
 * product gets one when a word of its id names it (`carbon-steel-wok-32cm` → pan), otherwise its
 * category's drawing: this keeps a category page from showing the same picture twelve times.
 */
const DRAWINGS: Readonly<Record<string, ReactNode>> = {
  pan: (
    <>
      <circle cx="19" cy="25" r="12" />
      <circle cx="19" cy="25" r="7.5" />
      <path d="M31 23 H43 A2 2 0 0 1 43 27 H31" />
    </>
  ),
  spatula: (
    <>
      <rect x="17" y="4" width="14" height="17" rx="6" />
      <path d="M22 9 V16 M26 9 V16" />
      <path d="M24 21 V44" />
    </>
  ),
  bowl: (
    <>
      <path d="M6 20 H42 C42 31 34 37 24 37 C14 37 6 31 6 20 Z" />
      <path d="M17 42 H31" />
    </>
  ),
  glass: (
    <>
      <path d="M13 8 H35 L32 41 H16 Z" />
      <path d="M14.3 19 H33.7" />
    </>
  ),
  teapot: (
    <>
      <path d="M12 22 C12 15 36 15 36 22 V30 C36 36 30 40 24 40 C18 40 12 36 12 30 Z" />
      <path d="M12 25 L5 18" />
      <path d="M36 22 C44 22 44 34 36 34" />
      <path d="M20 15 H28 M24 11 V15" />
    </>
  ),
  board: (
    <>
      <rect x="4" y="14" width="32" height="22" rx="4" />
      <path d="M36 22 H42 A3 3 0 0 1 42 28 H36" />
      <circle cx="41" cy="25" r="0.5" />
    </>
  ),
  candles: (
    <>
      <path d="M13 20 H21 V42 H13 Z M27 15 H35 V42 H27 Z" />
      <path d="M17 14 C15 12 17 9 17 8 C17 9 19 12 17 14 Z M31 9 C29 7 31 4 31 3 C31 4 33 7 31 9 Z" />
    </>
  ),
  lantern: (
    <>
      <path d="M19 9 A5 5 0 0 1 29 9" />
      <path d="M15 12 H33 V16 H15 Z M17 16 H31 V38 H17 Z M14 38 H34 V42 H14 Z" />
      <path d="M24 22 V32" />
    </>
  ),
  pendant: (
    <>
      <path d="M24 4 V15" />
      <path d="M10 32 C10 22 17 15 24 15 C31 15 38 22 38 32 Z" />
      <path d="M20 36 A4 4 0 0 0 28 36" />
    </>
  ),
  globe: (
    <>
      <path d="M6 14 H14 V22 H6 Z M14 18 H18" />
      <circle cx="29" cy="26" r="12" />
      <path d="M24 22 A6 6 0 0 1 29 19" />
    </>
  ),
  jar: (
    <>
      <path d="M15 7 H33 V13 H15 Z" />
      <path d="M13 13 H35 V38 A4 4 0 0 1 31 42 H17 A4 4 0 0 1 13 38 Z" />
      <path d="M18 22 H30" />
    </>
  ),
  shelf: (
    <>
      <path d="M4 30 H44 V34 H4 Z" />
      <path d="M9 30 V14 H14 V30 M15 30 V17 H20 V30 M22 30 L25 15 L29 16 L26 30" />
      <path d="M35 30 V25 H41 V30 M38 25 C36 21 37 18 38 17 C39 18 40 21 38 25" />
    </>
  ),
  pegs: (
    <>
      <path d="M4 14 H44" />
      <path d="M11 14 V21 M20 14 V21 M28 14 V21 M37 14 V21" />
      <path d="M18 21 C14 28 15 38 20 40 C25 38 26 28 22 21" />
    </>
  ),
  shears: (
    <>
      <circle cx="14" cy="37" r="5" />
      <circle cx="34" cy="37" r="5" />
      <path d="M17.5 33.5 L34 6 M30.5 33.5 L14 6" />
    </>
  ),
  can: (
    <>
      <path d="M10 20 H30 V40 H10 Z" />
      <path d="M14 20 C14 11 26 11 26 20" />
      <path d="M30 30 L41 17 M38 14 L44 20" />
    </>
  ),
  fork: (
    <>
      <path d="M15 5 V15 C15 20 18 23 24 23 C30 23 33 20 33 15 V5 M24 5 V23" />
      <path d="M24 23 V44" />
    </>
  ),
  notebook: (
    <>
      <rect x="11" y="5" width="26" height="38" rx="3" />
      <path d="M17 5 V43 M32 5 V43" />
    </>
  ),
  envelope: (
    <>
      <rect x="5" y="12" width="38" height="25" rx="2" />
      <path d="M5 14 L24 28 L43 14" />
    </>
  ),
  calendar: (
    <>
      <rect x="8" y="10" width="32" height="31" rx="3" />
      <path d="M8 18 H40 M16 6 V13 M32 6 V13" />
      <path d="M15 25 H17 M23 25 H25 M31 25 H33 M15 32 H17 M23 32 H25" />
    </>
  ),
  laptop: (
    <>
      <rect x="10" y="8" width="28" height="20" rx="2" />
      <path d="M6 33 H42 M16 33 L20 28 M32 33 L28 28 M12 40 H36" />
    </>
  ),
  'desk-lamp': (
    <>
      <path d="M8 42 H22 M15 42 L10 27 L24 17" />
      <path d="M22 13 L34 8 L39 19 L27 24 Z" />
      <circle cx="10" cy="27" r="1.5" />
    </>
  ),
  cup: (
    <>
      <path d="M14 20 H34 L32 42 H16 Z" />
      <path d="M19 20 L15 6 M24 20 V5 M29 20 L34 8" />
    </>
  ),
};

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

/** The drawing a product id names, if any. */
export function productDrawing(productId: string): ReactNode | undefined {
  for (const word of productId.split('-')) {
    const name = DRAWING_OF_WORD[word];
    if (name) return DRAWINGS[name];
  }
  return undefined;
}
