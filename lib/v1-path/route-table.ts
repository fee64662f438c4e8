// The /v1 route table, read from the app/v1 folder tree the way Next's App
// Router reads it: `pets` is a static segment, `[petId]` one dynamic segment,
// `[...x]` one or more, `[[...x]]` none or more; `(group)` folders add nothing
// to the path. A static segment beats a dynamic one, which beats a catch-all,
// which beats an optional catch-all, segment by segment (as in Next).

export type RouteHandler = (request: Request, context: { params: Promise<Params> }) => Response | Promise<Response>;
export type RouteModule = Record<string, unknown>;
export type Params = Record<string, string | string[]>;

type Segment = { kind: 'static'; name: string } | { kind: 'dynamic' | 'catchAll' | 'optionalCatchAll'; name: string };

export type Route = { folder: string; segments: Segment[]; module: RouteModule };

const RANK = { end: 0, static: 1, dynamic: 2, catchAll: 3, optionalCatchAll: 4 } as const;

function segmentOf(folderName: string): Segment | undefined {
  if (/^\(.+\)$/.test(folderName)) return undefined;
  const optional = /^\[\[\.\.\.(.+)\]\]$/.exec(folderName);
  if (optional) return { kind: 'optionalCatchAll', name: optional[1]! };
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(folderName);
  if (catchAll) return { kind: 'catchAll', name: catchAll[1]! };
  const dynamic = /^\[(.+)\]$/.exec(folderName);
  if (dynamic) return { kind: 'dynamic', name: dynamic[1]! };
  return { kind: 'static', name: folderName };
}

function compareRoutes(a: Route, b: Route): number {
  for (let index = 0; index < Math.max(a.segments.length, b.segments.length); index++) {
    const rankA = RANK[a.segments[index]?.kind ?? 'end'];
    const rankB = RANK[b.segments[index]?.kind ?? 'end'];
    if (rankA !== rankB) return rankA - rankB;
  }
  return 0;
}

/** The table for route modules keyed by their folder under app/v1 ('' for app/v1 itself), most specific first. */
export function routeTable(modules: [folder: string, module: RouteModule][]): Route[] {
  const routes = modules.map(([folder, module]) => ({
    folder,
    segments: folder
      .split('/')
      .filter(Boolean)
      .map(segmentOf)
      .filter((segment) => segment !== undefined),
    module,
  }));
  return routes.sort(compareRoutes);
}

/** Whether the route answers every path (an optional catch-all at the root: app/v1/[[...rest]], the JSON 404 of no operation). */
export function answersEveryPath(route: Route): boolean {
  return route.segments.length === 1 && route.segments[0]!.kind === 'optionalCatchAll';
}

/**
 * The route for a path's segments (still percent-encoded, as on the wire) and
 * its params, each decoded as Next decodes them.
 */
export function matchRoute(table: Route[], pathSegments: string[]): { route: Route; params: Params } | undefined {
  for (const route of table) {
    const params = matchSegments(route.segments, pathSegments);
    if (params) return { route, params };
  }
  return undefined;
}

function matchSegments(segments: Segment[], pathSegments: string[]): Params | undefined {
  const params: Params = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const given = pathSegments[index];
    if (segment.kind === 'optionalCatchAll' || segment.kind === 'catchAll') {
      const rest = pathSegments.slice(index);
      if (rest.length === 0 && segment.kind === 'catchAll') return undefined;
      if (rest.length > 0) params[segment.name] = rest.map(decodeURIComponent);
      return params;
    }
    if (given === undefined) return undefined;
    if (segment.kind === 'static') {
      if (given !== segment.name) return undefined;
    } else {
      params[segment.name] = decodeURIComponent(given);
    }
  }
  return segments.length === pathSegments.length ? params : undefined;
}
