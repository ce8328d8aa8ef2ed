import type { RouteNode } from './route-table.ts';

/** A leaf of a route tree: the nodes of its branch (root first) and its whole pattern. */
export interface RouteLeaf {
  branch: RouteNode[];
  path: string;
}

/**
 * Every leaf of a route tree with its whole pattern: the path pieces of its branch joined, where a `/` piece
 * under a prefix adds nothing (`/help` + `/` is `/help`). compileRoutes matches these patterns and href()
 * fills them; route-types.ts's JoinPiece joins them the same way in the types, so change the two together.
 * `visit` sees every node, layouts included, before its children.
 */
export function routeLeaves(tree: readonly RouteNode[], visit?: (node: RouteNode) => void): RouteLeaf[] {
  const leaves: RouteLeaf[] = [];
  const walk = (node: RouteNode, parents: RouteNode[], prefix: string) => {
    visit?.(node);
    const piece = node.path ?? '';
    const branch = [...parents, node];
    const path = piece === '/' && prefix !== '' ? prefix : `${prefix}${piece}`;
    if (!node.children?.length) leaves.push({ branch, path: path || '/' });
    for (const child of node.children ?? []) walk(child, branch, path === '/' ? '' : path);
  };
  for (const node of tree) walk(node, [], '');
  return leaves;
}
