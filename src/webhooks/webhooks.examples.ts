export const EXAMPLE_WEBHOOK_ID = '9b2f4c6e-1a3d-4e5f-8a7b-0c1d2e3f4a5b';
export const EXAMPLE_DELIVERY_ID = 'msg_2f6c0d3e8a1b4c5d9e7f0a1b2c3d4e5f';
/** A Netlify build hook: a POST to it starts a build (its body is ignored). */
export const EXAMPLE_RECEIVER_URL = 'https://api.netlify.com/build_hooks/5f2d9c1e8b7a6f4e3d2c1b0a';
export const EXAMPLE_SECRET = 'whsec_NeCBtqNK2sTimwZOd0CeONTJtUgp5/LHBxMS/y9KSVg=';
