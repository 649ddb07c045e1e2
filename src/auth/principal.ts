/** The admin a verified credential belongs to; handlers reach it through @CurrentPrincipal(). */
export interface Principal {
  id: string;
  email: string | null;
  name: string | null;
  role: 'admin';
}

/** The principal of API_ADMIN_TOKEN. */
export const STATIC_ADMIN: Principal = { id: 'static-admin-token', email: null, name: 'Static admin token', role: 'admin' };

/** Who the content history says made a change: the admin's name or email, or "admin token". */
export const actorOf = (principal: Principal): string | null =>
  principal.id === STATIC_ADMIN.id ? 'admin token' : (principal.name ?? principal.email);
