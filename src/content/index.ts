export * from './content-domains';
export * from './content-document';
export * from './languages';
export { DEMO_CONTENT, DEMO_CONTENT_CHANGED_AT } from './demo-content';
export { ServedContent } from './served-content';
