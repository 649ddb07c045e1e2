export * from './content-domains';
export * from './content-document';
export * from './languages';
export { DEMO_CONTENT } from './demo-content';
export { ServedContent } from './served-content';
