import fc from 'fast-check';
import { linkRecipients } from '../../../domain/client-portal/link-recipients';

describe("who gets the client's portal link (issue 40 §12)", () => {
  it("only the client's own address, whatever its case; everyone else apart", () => {
    expect(linkRecipients(['Lea@Example.com', 'witness@example.com'], 'lea@example.com')).toEqual({
      client: ['Lea@Example.com'],
      others: ['witness@example.com'],
    });
    expect(linkRecipients(['witness@example.com'], null)).toEqual({ client: [], others: ['witness@example.com'] });
  });

  it('splits the recipients without losing or adding one, and never hands the link to another address', () => {
    fc.assert(
      fc.property(fc.array(fc.emailAddress(), { maxLength: 6 }), fc.option(fc.emailAddress()), (to, client) => {
        const split = linkRecipients(to, client);
        expect(split.client.length + split.others.length).toBe(to.length);
        for (const address of split.client) expect(address.toLowerCase()).toBe(client?.toLowerCase());
        for (const address of split.others) expect(address.toLowerCase()).not.toBe(client?.toLowerCase());
      }),
    );
  });
});
