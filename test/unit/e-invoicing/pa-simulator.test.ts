import fc from 'fast-check';
import { parseInvoiceXml } from '../../../lib/facturx/read-xml';
import { createPlatformClient } from '../../../lib/e-invoicing/platform-client';
import { startPaSimulator } from '../../../scripts/stack/pa-simulator';
import { canMove, LIFECYCLE_STATUSES, readCii, rejectionReason } from '../../../scripts/stack/pa-simulator-rules';

/** A CII invoice reduced to what the simulator reads. */
const cii = (number: string, seller: string | null, buyer: string | null) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocument><ram:ID>${number}</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>
    <ram:SellerTradeParty><ram:Name>Studio</ram:Name>${seller ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${seller}</ram:ID></ram:SpecifiedLegalOrganization>` : ''}</ram:SellerTradeParty>
    <ram:BuyerTradeParty><ram:Name>Client</ram:Name>${buyer ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${buyer}</ram:ID></ram:SpecifiedLegalOrganization>` : ''}</ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const read = (xml: string) => {
  const parsed = parseInvoiceXml(xml);
  if (!parsed.ok) throw new Error(parsed.message);
  return readCii(parsed.document);
};

describe('PA simulator rules', () => {
  it('reads the number, the seller and buyer SIREN of a CII invoice', () => {
    expect(read(cii('F-2026-00001', '732829320', '552100554'))).toEqual({
      ok: true,
      facts: { number: 'F-2026-00001', typeCode: '380', sellerSiren: '732829320', buyerSiren: '552100554' },
    });
    expect(read('<Invoice/>')).toMatchObject({ ok: false });
  });

  it('deposits an invoice whose buyer is in the directory, rejects any other with a reason', () => {
    const facts = { number: 'F-1', typeCode: '380', sellerSiren: '732829320', buyerSiren: '552100554' };
    expect(rejectionReason(facts, () => true)).toBeNull();
    expect(rejectionReason(facts, () => false)).toMatch(/^REJ_UNKNOWN_RECIPIENT/);
    expect(rejectionReason({ ...facts, buyerSiren: null }, () => true)).toMatch(/^REJ_BUYER/);
    expect(rejectionReason({ ...facts, sellerSiren: null }, () => true)).toMatch(/^REJ_SELLER/);
  });

  it('never moves a rejected or refused flow, a cashed one only to another cashing, and knows only lifecycle statuses', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LIFECYCLE_STATUSES), fc.constantFrom(...LIFECYCLE_STATUSES), (from, to) => {
        const expected = from === 'Encaissée' ? to === 'Encaissée' : !['Rejetée', 'Refusée'].includes(from);
        expect(canMove(from, to)).toBe(expected);
      }),
    );
    expect(canMove('Déposée', 'Payée')).toBe(false);
  });
});

describe('PA simulator over HTTP', () => {
  let sim: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    sim = await startPaSimulator({ port: 0, clientId: 'c', clientSecret: 's' });
  });
  afterAll(() => sim.stop());

  it('deposits or rejects CII flows, moves them when told, keeps their history, and goes down when told', async () => {
    const client = createPlatformClient({ baseUrl: sim.url, clientId: 'c', clientSecret: 's' });
    const info = {
      flowSyntax: 'CII' as const,
      flowType: 'CustomerInvoice' as const,
      processingRule: 'B2B' as const,
      name: 'f.xml',
    };
    const ok = await client.sendFlow(Buffer.from(cii('F-1', '732829320', '552100554')), { ...info, trackingId: 'i1' });
    expect([ok.status, ok.reason]).toEqual(['Déposée', null]);
    const rejected = await client.sendFlow(Buffer.from(cii('F-2', '732829320', '123456782')), {
      ...info,
      trackingId: 'i2',
    });
    expect(rejected.status).toBe('Rejetée');
    expect(rejected.reason).toMatch(/not in the directory/);

    const moved = await fetch(`${sim.url}/_simulator/flows/${ok.flowId}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'Approuvée' }),
    });
    expect(moved.status).toBe(200);
    const flow = await client.getFlow(ok.flowId);
    expect(flow.history.map((h) => h.status)).toEqual(['Déposée', 'Approuvée']);
    expect(await client.lookupCompany('552100554')).toMatchObject({ name: 'Mariages de France SARL' });
    expect(await client.lookupCompany('123456782')).toBeNull();

    await fetch(`${sim.url}/_simulator/outage`, { method: 'POST', body: JSON.stringify({ seconds: 30 }) });
    await expect(client.getFlow(ok.flowId)).rejects.toMatchObject({ failure: 'server', retryable: true });
    await fetch(`${sim.url}/_simulator/outage`, { method: 'POST', body: JSON.stringify({ seconds: 0 }) });
    expect((await client.searchFlows({})).map((f) => f.flowId).sort()).toEqual([ok.flowId, rejected.flowId].sort());
    await expect(
      createPlatformClient({ baseUrl: sim.url, clientId: 'c', clientSecret: 'wrong' }).getFlow(ok.flowId),
    ).rejects.toMatchObject({ failure: 'unauthorized' });
  });
});
