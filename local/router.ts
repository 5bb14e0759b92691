import { DEFAULT_OPERATION, routeKey, routes, type Route } from '#shared/http/routes';

export interface RouteMatch {
  operation: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
  /** Literal segments win over parameters, as in API Gateway (`/profiles/linkedin/callback` before `/profiles/{id}`). */
  literalCount: number;
}

const compiled: CompiledRoute[] = routes
  .map((route) => {
    const segments = route.path.split('/').slice(1);
    return { route, segments, literalCount: segments.filter((segment) => !segment.startsWith('{')).length };
  })
  .sort((a, b) => b.literalCount - a.literalCount);

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Finds the route for a method and raw path, or the `$default` route. */
export function matchRoute(method: string, rawPath: string): RouteMatch {
  const segments = rawPath.split('/').slice(1);
  for (const { route, segments: pattern } of compiled) {
    if (route.method !== method || pattern.length !== segments.length) continue;
    const pathParameters: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      if (part.startsWith('{')) {
        if (segments[index] === '') return false;
        pathParameters[part.slice(1, -1)] = decode(segments[index]);
        return true;
      }
      return part === segments[index];
    });
    if (matches) {
      return {
        operation: route.operation,
        routeKey: routeKey(route),
        pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
      };
    }
  }
  return { operation: DEFAULT_OPERATION, routeKey: '$default' };
}
