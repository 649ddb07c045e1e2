import { MemoryThrottlerStorage } from '@/common/rate-limit/memory-throttler.storage';
import { ConfirmationAllowance } from './confirmation-allowance';

describe('ConfirmationAllowance', () => {
  it('counts every spelling of one mailbox against its three a day', async () => {
    const allowance = new ConfirmationAllowance(new MemoryThrottlerStorage());
    const spellings = ['victim@gmail.com', 'vic.tim+1@gmail.com', 'VICTIM+2@googlemail.com', 'v.i.c.t.i.m@gmail.com'];
    const taken = [];
    for (const address of spellings) taken.push(await allowance.take(address));
    expect(taken).toEqual([true, true, true, false]);
    expect(await allowance.take('someone.else@gmail.com')).toBe(true);
  });

  it('counts an international domain in either spelling as one', async () => {
    const allowance = new ConfirmationAllowance(new MemoryThrottlerStorage());
    const spellings = ['a@bücher.example', 'a@xn--bcher-kva.example', 'a+x@BÜCHER.example', 'A@xn--bcher-kva.example'];
    const taken = [];
    for (const address of spellings) taken.push(await allowance.take(address));
    expect(taken).toEqual([true, true, true, false]);
  });
});
