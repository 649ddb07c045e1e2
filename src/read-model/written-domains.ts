import { SetMetadata } from '@nestjs/common';
import type { ContentDomain } from '@/content';
import { CONTENT_DOMAIN } from './metadata-keys';

const toldByWrite = new WeakMap<object, readonly ContentDomain[]>();

/**
 * Which of its controller's domains a write changed, where only the write itself can tell (a
 * publish changes the domains its draft changed): only those answers are prepared again and
 * announced as changed, so visitors' other answers stand and no cache purges them.
 */
export function changedOnly(request: object, domains: readonly ContentDomain[]): void {
  toldByWrite.set(request, domains);
}

/** The domains the request's write changed: those it told (changedOnly), else its controller's. */
export const domainsChangedBy = (request: object, declared: readonly ContentDomain[]): readonly ContentDomain[] =>
  toldByWrite.get(request) ?? declared;

/** A write of a @ServesContent() controller that changes no content (a preview link, a draft thrown away): it invalidates nothing. */
export const ChangesNoContent = (): MethodDecorator => SetMetadata(CONTENT_DOMAIN, []);
