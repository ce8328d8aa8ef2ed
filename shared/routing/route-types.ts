/**
 * Types read off a route tree declared `as const`: the leaf ids, each pattern's params and each segment's
 * search value. They exist only for the typecheck; nothing here reaches a bundle.
 */
import type { SearchReader, SegmentProps } from './route-table.ts';

/** The pattern a child's piece is appended to: the root path `/` adds nothing. */
type ChildPrefix<Path extends string> = Path extends '/' ? '' : Path;

/**
 * A node's whole pattern, as route-leaves.ts joins it (change the two together): `/` under a prefix is the
 * prefix itself.
 */
type JoinPiece<Prefix extends string, Node> = Node extends { readonly path: infer Piece extends string }
  ? Piece extends '/'
    ? Prefix extends ''
      ? '/'
      : Prefix
    : `${Prefix}${Piece}`
  : Prefix;

type NonEmptyChildren = { readonly children: readonly [unknown, ...unknown[]] };

/**
 * Every node of a tree with its id, its pattern up to itself, whether it is a leaf, and its branch: its own id
 * and those of the nodes above it (`Above`).
 */
type NodesOf<Node, Prefix extends string = '', Above extends string = never> = Node extends {
  readonly id: infer Id extends string;
}
  ?
      | {
          id: Id;
          path: JoinPiece<Prefix, Node> extends '' ? '/' : JoinPiece<Prefix, Node>;
          leaf: Node extends NonEmptyChildren ? false : true;
          search: Node extends { readonly search: SearchReader<infer Value> } ? Value : undefined;
          branch: Above | Id;
        }
      | (Node extends { readonly children: readonly (infer Child)[] }
          ? NodesOf<Child, ChildPrefix<JoinPiece<Prefix, Node>>, Above | Id>
          : never)
  : never;

type NodeEntry<Tree> = NodesOf<Tree>;
type EntryOf<Tree, Id> = Extract<NodeEntry<Tree>, { id: Id }>;

/**
 * The id of any segment of the tree (layouts included): what data steps, middleware and cache policies are
 * keyed by. `SegmentId<typeof routes>` is a union of string literals.
 */
export type SegmentId<Tree> = NodeEntry<Tree>['id'];
/**
 * The id of a leaf: what `href()` and the router name a route by, and what actions and resource handlers
 * are keyed by.
 */
export type RouteId<Tree> = Extract<NodeEntry<Tree>, { leaf: true }>['id'];
/** The whole pattern of a segment (for a layout: its branch's pieces up to it). */
export type PatternOf<Tree, Id extends SegmentId<Tree>> = EntryOf<Tree, Id>['path'];
/**
 * The typed value a segment reads from the search params: what its `search` reader's `parse` returns
 * (`undefined` without a reader).
 */
export type SearchOf<Tree, Id extends SegmentId<Tree>> = EntryOf<Tree, Id>['search'];
/** The ids of a segment's branch: its own and those of every segment above it, the root's included. */
export type BranchOf<Tree, Id extends SegmentId<Tree>> = EntryOf<Tree, Id>['branch'];

type NameChar =
  | '_'
  | '$'
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | Lowercase<Letter>
  | Letter;
type Letter =
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z';

/** Splits a param name (path-to-regexp: a run of name characters, or a quoted name) off the pattern. */
type TakeName<Rest extends string, Name extends string = ''> = Rest extends `"${infer Quoted}"${infer After}`
  ? Name extends ''
    ? [Quoted, After]
    : [Name, Rest]
  : Rest extends `${infer Char}${infer After}`
    ? Char extends NameChar
      ? TakeName<After, `${Name}${Char}`>
      : [Name, Rest]
    : [Name, ''];

interface ParamToken<Name extends string = string, Kind = 'param' | 'wildcard', Optional = boolean> {
  name: Name;
  kind: Kind;
  optional: Optional;
}

/**
 * The params of a path-to-regexp pattern: `:name`, `*name`, and those inside `{…}` groups as optional; `\\x`
 * escapes. The same grammar as href.ts's `fillPattern`, which fills patterns at run time: change the two
 * together.
 */
type TokensOf<
  Pattern extends string,
  Optional extends boolean = false,
> = Pattern extends `\\${string}${infer Rest}`
  ? TokensOf<Rest, Optional>
  : Pattern extends `{${infer Group}}${infer Rest}`
    ? TokensOf<Group, true> | TokensOf<Rest, Optional>
    : Pattern extends `${infer Sigil extends ':' | '*'}${infer Rest}`
      ? TakeName<Rest> extends [infer Name extends string, infer After extends string]
        ? ParamToken<Name, Sigil extends ':' ? 'param' : 'wildcard', Optional> | TokensOf<After, Optional>
        : never
      : Pattern extends `${string}${infer Rest}`
        ? TokensOf<Rest, Optional>
        : never;

type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

type ParamsFrom<Tokens extends ParamToken, Single, Many> = Simplify<
  {
    [Token in Extract<Tokens, { optional: false }> as Token['name']]: Token['kind'] extends 'wildcard'
      ? Many
      : Single;
  } & {
    [Token in Extract<Tokens, { optional: true }> as Token['name']]?: Token['kind'] extends 'wildcard'
      ? Many
      : Single;
  }
>;

/** The params a pattern captures, as the router gives them: a string per `:name`, segments per `*name`. */
export type PathParams<Pattern extends string> = ParamsFrom<TokensOf<Pattern>, string, string[]>;
/** The params `href()` takes for a pattern (a catch-all accepts a readonly array). */
export type PathParamsInput<Pattern extends string> = ParamsFrom<
  TokensOf<Pattern>,
  string,
  readonly string[]
>;

/**
 * The params a segment sees: those captured by its branch up to it, typed from its pattern
 * (`ParamsOf<typeof routes, 'product'>` is `{ id: string }` for `/products/:id`).
 */
export type ParamsOf<Tree, Id extends SegmentId<Tree>> = PathParams<PatternOf<Tree, Id>>;

/** A segment's data as its app declares it (see `SegmentPropsOf`); `null` for a segment without a data step. */
type DataOf<DataMap, Id> = Id extends keyof DataMap ? DataMap[Id] : null;

/**
 * The props of one segment's component, typed from the tree (params, search) and from the app's data map,
 * an interface the app's server data steps fill in by declaration merging (`DataOfSteps`), so a component's
 * data is what its step returns.
 *
 * @example
 * // routes.ts: an empty data map, filled in from the server's data steps.
 * export interface AppData {}
 * export type Props<Id extends SegmentId<typeof routes>> = SegmentPropsOf<typeof routes, AppData, Id>;
 * // a page: export default function NotePage({ data, params }: Props<'note'>) { … }
 */
export type SegmentPropsOf<Tree, DataMap, Id extends SegmentId<Tree>> = SegmentProps<
  DataOf<DataMap, Id>,
  ParamsOf<Tree, Id>,
  SearchOf<Tree, Id>
>;
