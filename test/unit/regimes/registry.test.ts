import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { countryMainZone, registrationLocale } from '../../../domain/accounts/registration-defaults';
import { USER_LOCALES } from '../../../domain/accounts/users';
import { defaultCurrency, isCurrencyCode } from '../../../domain/money/currency';
import {
  DEFAULT_REGIME,
  knownRegimeOf,
  OTHER_REGIME,
  provides,
  regimeOf,
  REGIMES,
  studioRegimeOf,
} from '../../../domain/regimes';
import { TITLE_WORDS } from '../../../domain/regimes/document-words';
import { TITLES } from '../../../domain/regimes/document-rules';
import { type Regime } from '../../../domain/regimes/regime';
import {
  identityOf,
  normalizeTaxNumber,
  registrationProblem,
  TAX_REGISTRATION_KINDS,
} from '../../../domain/regimes/registrations';
import { isTimeZone } from '../../../domain/time-zone';
import { client, doc, input, seller } from './build';

// Every registered regime, validated as gobl validates its regimes (issue 42): a new country's
// folder passes here before the core may ask it anything. Recipe: domain/regimes/README.md.
const ALL: readonly Regime[] = [...REGIMES, OTHER_REGIME];
const folder = (regime: Regime) => path.resolve(__dirname, '../../../domain/regimes', regime.code.toLowerCase());
const isDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const isSource = (source: { title: string; url: string } | undefined) =>
  Boolean(source?.title.trim()) && /^https?:\/\/[^\s]+$/.test(source?.url ?? '');

describe.each(ALL.map((r) => [r.code, r] as const))('the %s regime', (code, regime) => {
  it('has its folder, a README, and the country it names', () => {
    expect(fs.existsSync(path.join(folder(regime), 'index.ts'))).toBe(true);
    expect(fs.readFileSync(path.join(folder(regime), 'README.md'), 'utf8')).toMatch(/^# /);
    expect(regime.name.trim()).not.toBe('');
    if (code !== 'OTHER') {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(regimeOf(code)).toBe(regime);
    }
  });

  it('says its currency, time zone and locale, as the account defaults read them', () => {
    expect(USER_LOCALES).toContain(regime.locale);
    if (code === 'OTHER') return;
    expect(isCurrencyCode(regime.currency!)).toBe(true);
    expect(isTimeZone(regime.timeZone!)).toBe(true);
    expect(defaultCurrency(code)).toBe(regime.currency);
    expect(countryMainZone(code)).toBe(regime.timeZone);
    expect(registrationLocale(undefined, code)).toBe(regime.locale);
  });

  it('dates every rate by the day it applies from, newest first, and gives its source', () => {
    for (const category of regime.categories) {
      expect(isSource(category.source)).toBe(true);
      if (category.rates.length === 0) expect(category.studioData?.trim()).toBeTruthy();
      for (const rate of category.rates) {
        expect(isDay(rate.since)).toBe(true);
        expect(isSource(rate.source)).toBe(true);
        expect(Number.isInteger(rate.milliPercent) && rate.milliPercent >= 0 && rate.milliPercent <= 100_000).toBe(
          true,
        );
      }
      const keys = new Set(category.rates.map((r) => `${r.key}/${r.region ?? ''}`));
      for (const key of keys) {
        const days = category.rates.filter((r) => `${r.key}/${r.region ?? ''}` === key).map((r) => r.since);
        expect(days).toEqual([...days].sort().reverse());
      }
    }
  });

  it('checks its registrations: accepts the known-good numbers, refuses the known-bad ones', () => {
    for (const identity of regime.identities) {
      expect(identity.kind.startsWith(`${code}_`)).toBe(true);
      expect(isSource(identity.source)).toBe(true);
      expect(identity.examples.valid.length).toBeGreaterThan(0);
      expect(identity.examples.invalid.length).toBeGreaterThan(0);
      for (const good of identity.examples.valid)
        expect([good.number, identity.problem(good)]).toEqual([good.number, null]);
      for (const bad of identity.examples.invalid) expect(identity.problem(bad)).toEqual(expect.any(String));
    }
    if (regime.vatKind) expect(regime.identities.map((i) => i.kind)).toContain(regime.vatKind);
  });

  it('reads a known-good number typed with spaces, dots and dashes as the same number', () => {
    for (const identity of regime.identities.filter((i) => !i.keptAsTyped))
      for (const good of identity.examples.valid)
        fc.assert(
          fc.property(
            fc.array(fc.constantFrom(' ', '.', '-'), { minLength: good.number.length, maxLength: good.number.length }),
            (seps) => {
              const typed = [...good.number]
                .map((c, i) => `${c}${seps[i]}`)
                .join('')
                .toLowerCase();
              const number = normalizeTaxNumber(identity.kind, typed);
              expect(registrationProblem({ kind: identity.kind, number, region: good.region })).toBeNull();
            },
          ),
          { numRuns: 25 },
        );
  });

  it('answers any number with a sentence or null, never a throw', () => {
    for (const identity of regime.identities)
      fc.assert(
        fc.property(fc.string(), fc.option(fc.string({ maxLength: 3 })), (number, region) => {
          const problem = identity.problem({ number, region });
          expect(problem === null || problem.trim().length > 0).toBe(true);
        }),
        { numRuns: 50 },
      );
  });

  it('words every tax, title and correction it uses', () => {
    for (const words of [regime.englishTaxWords, regime.localWords?.taxWords].filter(Boolean))
      for (const key of ['vat', 'totalVat', 'vatSummary'] as const) expect(words![key].trim()).not.toBe('');
    expect(regime.taxName.trim()).not.toBe('');
    expect(regime.corrections.length).toBeGreaterThan(0);
    for (const correction of regime.corrections) {
      for (const language of Object.values(TITLE_WORDS)) expect(language[correction.titleCode].trim()).not.toBe('');
      if (correction.source) expect(isSource(correction.source)).toBe(true);
    }
    for (const addon of regime.addons) {
      expect(addon.features.length).toBeGreaterThan(0);
      expect(addon.sources.length).toBeGreaterThan(0);
      expect(addon.sources.every(isSource)).toBe(true);
      // An e-invoice gate issues in one currency, the regime's own.
      if (addon.features.includes('facturx')) expect(addon.issueCurrency).toBe(regime.currency);
    }
  });

  it('keeps records for some years, and says under which rule', () => {
    expect(regime.retention.years).toBeGreaterThan(0);
    expect(regime.retention.basis.trim()).not.toBe('');
  });

  it('answers any document of a studio of its country with a title, mentions and problems that say what to do', () => {
    const country = code === 'OTHER' ? 'JP' : code;
    fc.assert(
      fc.property(
        fc.constantFrom('invoice', 'credit_note') as fc.Arbitrary<'invoice' | 'credit_note'>,
        fc.constantFrom('EUR', 'GBP', 'USD', 'CAD', 'AUD'),
        fc.integer({ min: 0, max: 10_000_00 }),
        fc.constantFrom(0, 5000, 9975, 10000, 20000),
        fc.boolean(),
        (kind, currency, cents, milliPercent, registered) => {
          const document = {
            ...doc(currency, (cents / 100).toFixed(2), [{ name: regime.taxName, milliPercent }]),
            kind,
          };
          const rules = regime.documentRules(input(seller(country, [], { registered }), client(), document));
          expect(rules.jurisdiction).toBe(code);
          expect(Object.keys(TITLES)).toContain(rules.titleCode);
          for (const m of rules.mentions) expect(m.code.trim() !== '' && m.text.trim() !== '').toBe(true);
          for (const p of rules.problems) expect(p.code.trim() !== '' && p.message.trim() !== '').toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the registry', () => {
  it('declares every registration kind in exactly one regime', () => {
    const declared = REGIMES.flatMap((r) => r.identities.map((i) => i.kind));
    expect([...declared].sort()).toEqual([...TAX_REGISTRATION_KINDS].sort());
    for (const kind of TAX_REGISTRATION_KINDS) expect(identityOf(kind)).toBeDefined();
  });

  it('knows each country once, the fallback for any other, and the default for a studio that has not said', () => {
    expect(new Set(REGIMES.map((r) => r.code)).size).toBe(REGIMES.length);
    expect(regimeOf('JP')).toBe(OTHER_REGIME);
    expect(regimeOf(null)).toBe(OTHER_REGIME);
    expect(knownRegimeOf('JP')).toBeUndefined();
    expect(studioRegimeOf(null)).toBe(DEFAULT_REGIME);
    expect(studioRegimeOf('not a country')).toBe(DEFAULT_REGIME);
    expect(studioRegimeOf('Royaume-Uni')).toBe(regimeOf('GB'));
  });

  it('asks the add-ons by feature: France brings its e-invoicing reform, no other regime brings one yet', () => {
    const features = ['facturx', 'e-invoicing-platform', 'e-reporting', 'fec', 'reform-mentions'] as const;
    for (const feature of features) {
      expect(provides(regimeOf('FR'), feature)).toBe(true);
      expect(provides(studioRegimeOf(null), feature)).toBe(true);
      for (const regime of ALL.filter((r) => r.code !== 'FR')) expect(provides(regime, feature)).toBe(false);
    }
  });

  it('has the fallback keep the longest retention it knows', () => {
    expect(OTHER_REGIME.retention.years).toBe(Math.max(...REGIMES.map((r) => r.retention.years)));
  });
});
