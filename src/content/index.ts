export * from './content-document';
export { DEMO_CONTENT } from './demo-content';
export { ServedContent } from './served-content';
