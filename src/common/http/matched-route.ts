import type { Request } from 'express';

/** The route pattern a request matched (`/api/projects/:project_id`), known once routing is done; undefined when none did. */
export function matchedRoute(req: Request): string | undefined {
  return (req.route as { path?: string } | undefined)?.path;
}
