import fc from 'fast-check';
import { renderContract, unknownContractVariables } from '../../../domain/client-portal/contract-text';

describe("a quote's contract", () => {
  it('fills the variables as text and cuts paragraphs at blank lines', () => {
    const paragraphs = renderContract(
      'Entre {{studio.name}} et {{ client.name }}.\r\n\r\n\r\nArticle 1\nL’acompte reste acquis.  \n\n',
      {
        'studio.name': 'Studio <b>Lumière</b>',
        'client.name': 'Chloé Dubois',
      },
    );
    expect(paragraphs).toEqual(['Entre Studio <b>Lumière</b> et Chloé Dubois.', 'Article 1\nL’acompte reste acquis.']);
  });

  it('names each unknown variable once, in order; known ones pass', () => {
    expect(
      unknownContractVariables('{{quote.number}} {{client.nickname}} {{ session.date }} {{client.nickname}} {{x}}'),
    ).toEqual(['client.nickname', 'x']);
    expect(unknownContractVariables('Sans variable.')).toEqual([]);
  });

  it('never loses text outside placeholders', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[{}]/.test(s) && s.trim() !== ''),
          { minLength: 1, maxLength: 6 },
        ),
        (words) => {
          const text = words.map((w) => w.replace(/\s+/g, ' ').trim()).filter(Boolean);
          fc.pre(text.length > 0);
          expect(renderContract(text.join('\n\n'), {})).toEqual(text);
        },
      ),
    );
  });
});
