import type { PendingChange } from './persistence/content-history.repository';
import { pendingRevisions } from './pending-revisions';

let nextId = 1;
const change = (
  transactionId: string,
  domain: PendingChange['domain'],
  source: PendingChange['source'] = 'api',
  actor: string | null = 'admin token',
) => ({
  id: String(nextId++),
  transactionId,
  domain,
  source,
  actor,
});

describe('pendingRevisions', () => {
  it('makes one revision of each transaction, in the order they were written', () => {
    const revisions = pendingRevisions([change('7', 'awards'), change('7', 'profile'), change('9', 'projects', 'database', null)]);
    expect(revisions).toEqual([
      { domains: new Set(['awards', 'profile']), source: 'api', actor: 'admin token' },
      { domains: new Set(['projects']), source: 'database', actor: null },
    ]);
  });

  it('makes one revision of transactions that changed the same domain before the recorder saw either, attributed to the later', () => {
    const revisions = pendingRevisions([
      change('7', 'awards'),
      change('8', 'skills', 'sync', null),
      change('9', 'awards', 'import', 'Mara'),
      change('9', 'profile', 'import', 'Mara'),
    ]);
    expect(revisions).toEqual([
      { domains: new Set(['skills']), source: 'sync', actor: null },
      { domains: new Set(['awards', 'profile']), source: 'import', actor: 'Mara' },
    ]);
  });

  it('joins a chain of overlapping transactions into one', () => {
    const revisions = pendingRevisions([change('1', 'awards'), change('2', 'profile'), change('3', 'awards'), change('3', 'profile')]);
    expect(revisions).toEqual([{ domains: new Set(['awards', 'profile']), source: 'api', actor: 'admin token' }]);
  });
});
