/** The preview-token strategy's name in passport's registry: the drafts module, which issues the tokens, registers it. */
export const PREVIEW_TOKEN_STRATEGY = 'preview-token';
