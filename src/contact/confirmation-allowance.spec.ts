import { MemoryThrottlerStorage } from '@/common/rate-limit/memory-throttler.storage';
import { ConfirmationAllowance } from './confirmation-allowance';

/** Whether each address, in turn, gets a confirmation from one fresh allowance. */
async function confirmedIn(addresses: string[]): Promise<boolean[]> {
  const allowance = new ConfirmationAllowance(new MemoryThrottlerStorage());
  const confirmed = [];
  for (const address of addresses) confirmed.push(await allowance.take(address));
  return confirmed;
}

describe('ConfirmationAllowance', () => {
  it('counts every spelling of one mailbox against its three a day', async () => {
    const spellings = [
      'victim@gmail.com',
      'vic.tim+1@gmail.com',
      'VICTIM+2@googlemail.com',
      'v.i.c.t.i.m@gmail.com',
      'someone.else@gmail.com',
    ];
    expect(await confirmedIn(spellings)).toEqual([true, true, true, false, true]);
  });

  it('counts an international domain in either spelling as one', async () => {
    const spellings = ['a@bücher.example', 'a@xn--bcher-kva.example', 'a+x@BÜCHER.example', 'A@xn--bcher-kva.example'];
    expect(await confirmedIn(spellings)).toEqual([true, true, true, false]);
  });
});
