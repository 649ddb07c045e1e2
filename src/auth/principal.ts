/** The admin a verified credential belongs to; handlers reach it through @CurrentPrincipal(). */
export interface Principal {
  id: string;
  email: string | null;
  name: string | null;
  role: 'admin';
}
