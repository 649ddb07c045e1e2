import { mailboxOf } from './mailbox';

describe('mailboxOf', () => {
  it.each([
    ['Victim@Example.com', 'victim@example.com'],
    ['victim+news@example.com', 'victim@example.com'],
    ['victim+a+b@example.com', 'victim@example.com'],
    ['v.i.c.t.i.m@gmail.com', 'victim@gmail.com'],
    ['V.ictim+x@GoogleMail.com', 'victim@gmail.com'],
    ['victim@bücher.example', 'victim@xn--bcher-kva.example'],
    ['victim@BÜCHER.example', 'victim@xn--bcher-kva.example'],
    ['victim@xn--bcher-kva.example', 'victim@xn--bcher-kva.example'],
  ])('reads %s as the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('keeps the dots where the provider does not ignore them', () => {
    expect(mailboxOf('v.ictim@example.com')).not.toBe(mailboxOf('victim@example.com'));
  });
});
