import type { FindOptionsOrder, Repository } from 'typeorm';
import { applyPartialOrder } from '@/common/ordering/partial-order';

interface Ordered {
  id: string;
  sortOrder: number;
}

/**
 * Reorders a table's rows in one transaction over locked rows: the listed ids first, the rest
 * after them in their old order. An unknown id (404) rolls everything back.
 */
export async function reorderRows<T extends Ordered>(
  repository: Repository<T>,
  order: readonly string[],
  displayOrder: FindOptionsOrder<T>,
  idOf: (row: T) => string,
  noun: string,
): Promise<T[]> {
  return repository.manager.transaction(async (manager) => {
    const rows = manager.getRepository<T>(repository.target);
    const current = await rows.find({ order: displayOrder, lock: { mode: 'pessimistic_write' } });
    const reordered = applyPartialOrder(current, order, idOf, noun);
    for (const [position, row] of reordered.entries()) {
      if (row.sortOrder !== position) await rows.update(row.id, { sortOrder: position } as never);
    }
    return reordered;
  });
}
