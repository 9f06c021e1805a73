import fc from 'fast-check';
import { formatMoment, roadmapView, type RoadmapInput } from '../../../domain/session-info/roadmap-view';

const wedding = (studio: RoadmapInput['studio']): RoadmapInput => ({
  studio,
  session: {
    title: 'Mariage Camille & Léo',
    start: new Date('2026-12-28T15:00:00.000Z'),
    end: new Date('2026-12-28T23:30:00.000Z'),
    location: 'Domaine des Oliviers',
    notes: null,
  },
  contact: { name: 'Camille Martin', email: 'camille@example.fr', phone: null },
  answers: [['Nombre d’invités', '85']],
});

describe('roadmapView', () => {
  it("reads in a French studio's language, with moments in Paris time, never UTC timestamps", () => {
    const view = roadmapView(wedding({ name: 'Studio Lumière', locale: 'fr-FR', timeZone: 'Europe/Paris' }));
    expect(view.studioName).toBe('Studio Lumière');
    expect(view.details).toEqual([
      ['Contact', 'Camille Martin · camille@example.fr'],
      ['Début', 'lundi 28 décembre 2026 à 16:00'],
      ['Fin', 'mardi 29 décembre 2026 à 00:30'],
      ['Lieu', 'Domaine des Oliviers'],
    ]);
    expect(view.heading.answers).toBe('Informations du client');
  });

  it("reads in an American studio's language and zone", () => {
    const view = roadmapView(wedding({ name: 'Bright Studio', locale: 'en-US', timeZone: 'America/New_York' }));
    expect(view.details.map(([label]) => label)).toEqual(['Contact', 'Start', 'End', 'Location']);
    expect(view.details[1][1]).toMatch(/^Monday, December 28, 2026 at 10:00\sAM$/);
  });

  it('leaves out what the session does not have', () => {
    const view = roadmapView({
      ...wedding({ name: 'S', locale: 'fr-FR', timeZone: 'Europe/Paris' }),
      contact: null,
      session: { title: 'Portrait', start: null, end: null, location: null, notes: null },
    });
    expect(view.details).toEqual([]);
  });

  it('never shows an ISO timestamp, whatever the moment and zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('Europe/Paris', 'America/New_York', 'Pacific/Auckland', 'UTC'),
        fc.constantFrom('fr-FR' as const, 'en-US' as const),
        (instant, zone, locale) => {
          expect(formatMoment(instant, locale, zone)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
        },
      ),
    );
  });
});
