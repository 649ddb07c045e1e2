/** The Entra ID strategy's name in passport's registry, apart from the strategy, which loads passport-jwt. */
export const ENTRA_JWT_STRATEGY = 'entra-jwt';
