import type { Request } from 'express';

/**
 * The route pattern a request matched (`/api/projects/:project_id`), known once routing is done;
 * undefined when none did. A catch-all middleware route (`/{*path}`) is not a match.
 */
export function matchedRoute(req: Request): string | undefined {
  const route = (req.route as { path?: string } | undefined)?.path;
  return route === '/{*path}' ? undefined : route;
}
