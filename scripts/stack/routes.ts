/** One route of a local fake: a method, an exact path or a pattern, and its handler. */
export interface FakeRoute<Handler> {
  method: string;
  path: string | RegExp;
  handle: Handler;
}

/** The first route a request takes, tried in order, with its path's match (null for an exact path); undefined for none. */
export function routeOf<Handler>(
  routes: readonly FakeRoute<Handler>[],
  method: string | undefined,
  pathname: string,
): { route: FakeRoute<Handler>; match: RegExpExecArray | null } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    if (typeof route.path === 'string') {
      if (route.path === pathname) return { route, match: null };
      continue;
    }
    const match = route.path.exec(pathname);
    if (match) return { route, match };
  }
  return undefined;
}
