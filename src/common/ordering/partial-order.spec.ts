import { NotFoundException } from '@nestjs/common';
import { applyPartialOrder } from './partial-order';

const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('applyPartialOrder', () => {
  it('puts listed ids first and keeps the rest in their relative order', () => {
    expect(ids(applyPartialOrder(items, ['d', 'b'], (item) => item.id, 'project'))).toEqual(['d', 'b', 'a', 'c', 'e']);
  });

  it('reorders everything when every id is listed', () => {
    expect(ids(applyPartialOrder(items, ['e', 'd', 'c', 'b', 'a'], (item) => item.id, 'project'))).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('changes nothing for an empty list', () => {
    expect(ids(applyPartialOrder(items, [], (item) => item.id, 'project'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses unknown ids with a 404 naming them', () => {
    const attempt = () => applyPartialOrder(items, ['a', 'zz'], (item) => item.id, 'project');
    expect(attempt).toThrow(NotFoundException);
    try {
      attempt();
    } catch (error) {
      expect((error as NotFoundException).getResponse()).toEqual({ detail: 'Unknown project: zz' });
    }
  });
});
