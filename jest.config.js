/** Two projects: unit tests (pure code, activities, workflows on the time-skipping server, replay; no stack), and integration tests against the one real stack started in globalSetup. See docs/testing.md. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      // No decorator metadata, as under tsx (esbuild): every model column names its type, and
      // metadata would reference classes too early in circular model imports.
      transform: { legacyDecorator: true, decoratorMetadata: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  // Integration tests wait on real servers; unit tests finish far sooner.
  testTimeout: 60000,
  // A handle a failed suite left open (its afterAll timed out before closing its app) must not
  // keep Jest, and CI with it, waiting after the last suite: results are already reported.
  forceExit: true,
  projects: [
    {
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      testEnvironment: 'node',
      // Workflow tests run on Temporal's Java time-skipping server: fetched here once per machine.
      globalSetup: '<rootDir>/test/helpers/time-skipping-global-setup.ts',
    },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
      testEnvironment: 'node',
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
      setupFiles: ['<rootDir>/test/setup/load-stack-env.ts'],
    },
  ],
};
