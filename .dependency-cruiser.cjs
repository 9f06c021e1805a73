// The import graph's layer rules (docs/architecture.md, "Layers"), checked by `npm run depcheck`
// over the source folders. Arrows go down only:
//   api → services, lib, db (queries, commands, rows, errors), domain, workflows/*/contract
//   activities → services, db, lib, domain, contracts (services and db functions through deps)
//   services → db (queries, commands, rows, errors), lib, domain, contracts
//   workers → anything (wiring)
//   workflows → domain, contracts (activity interfaces are declared in the contracts)
//   lib → db queries/commands, domain, contracts
//   db → domain (db/connect.ts also reads lib/config and lib/with-timeout)
//   db/migrations → the migrator and db/migrations/frozen/ only (frozen: no live code)
//   domain → nothing of ours; a country's regime through the registry (domain/regimes/index.ts) only
// ESLint (eslint.config.mjs) keeps the same rules file by file; this checks the whole graph.
const CONTRACT = '^workflows/([^/]+/contract|contracts)\\.ts$';
const ours = (...folders) => `^(${folders.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ imports nothing of ours.',
      from: { path: '^domain/' },
      to: { path: ours('api', 'activities', 'workers', 'workflows', 'db', 'lib', 'scripts', 'services') },
    },
    {
      name: 'regimes-through-the-registry',
      severity: 'error',
      comment:
        'The core asks domain/regimes/index.ts for a country\'s regime and never imports one by name; the regimes and their add-ons may (docs/architecture.md, "Regimes and add-ons").',
      from: {
        path: ours('api', 'activities', 'workers', 'workflows', 'db', 'lib', 'scripts', 'domain', 'services'),
        pathNot: '^domain/(regimes|addons)/',
      },
      to: { path: '^domain/regimes/(fr|gb|ie|ca|au|us|other)/' },
    },
    {
      name: 'db-imports-domain-only',
      severity: 'error',
      comment: 'db/ imports domain/ only: never Temporal, jobs, activities or api.',
      from: { path: '^db/', pathNot: '^db/connect\\.ts$' },
      to: { path: ours('api', 'activities', 'workers', 'workflows', 'lib', 'scripts', 'services') },
    },
    {
      name: 'migrations-frozen',
      severity: 'error',
      comment:
        'A migration imports no live code: the migrator and its frozen copies (db/migrations/frozen/) only, besides node, sequelize and umzug.',
      from: { path: '^db/migrations/' },
      to: {
        path: '^(api|activities|workers|workflows|lib|scripts|domain|db|services)/',
        pathNot: '^db/(migrator\\.ts|migrations/)',
      },
    },
    {
      name: 'db-connect',
      severity: 'error',
      comment: 'db/connect.ts may read lib/config and lib/with-timeout, nothing else above db/.',
      from: { path: '^db/connect\\.ts$' },
      to: {
        path: ours('api', 'activities', 'workers', 'workflows', 'scripts', 'services'),
        pathNot: '^lib/(config|with-timeout)\\.ts$',
      },
    },
    {
      name: 'db-no-temporal',
      severity: 'error',
      comment: 'db/ never calls Temporal.',
      from: { path: '^db/' },
      to: { path: '@temporalio/' },
    },
    {
      name: 'workflows-deterministic',
      severity: 'error',
      comment: 'Workflows import domain/ and contracts only.',
      from: { path: '^workflows/' },
      to: { path: ours('api', 'workers', 'db', 'lib', 'scripts', 'services') },
    },
    {
      name: 'workflows-activity-interfaces-in-contracts',
      severity: 'error',
      comment:
        "A workflow names its activities by the interface in its capability's contract (proxyActivities<T>); the implementation runs in the worker.",
      from: { path: '^workflows/' },
      to: { path: '^activities/' },
    },
    {
      name: 'lib-below-api',
      severity: 'error',
      comment: 'lib/ imports db queries and commands, domain and contracts; services sit above it.',
      from: { path: '^lib/' },
      to: { path: ours('api', 'workers', 'activities', 'scripts', 'services') },
    },
    {
      name: 'activities-below-api',
      severity: 'error',
      comment: 'activities/ import db, lib, domain and contracts.',
      from: { path: '^activities/' },
      to: { path: ours('api', 'workers', 'scripts') },
    },
    {
      name: 'api-above-jobs',
      severity: 'error',
      comment: 'api/ starts jobs through lib/jobs; activities and workers are the worker side.',
      from: { path: '^api/' },
      to: { path: ours('activities', 'workers', 'scripts') },
    },
    {
      name: 'services-below-callers',
      severity: 'error',
      comment:
        'services/ hold the use cases: they call db/, lib and domain, and never the api, activities or workers that call them.',
      from: { path: '^services/' },
      to: { path: ours('api', 'activities', 'workers', 'scripts') },
    },
    {
      name: 'models-in-db-only',
      severity: 'error',
      comment: 'Models are used inside db/ only.',
      from: { path: ours('api', 'activities', 'lib', 'workers', 'services') },
      to: { path: '^db/models/' },
    },
    {
      name: 'contracts-not-bodies',
      severity: 'error',
      comment: "api/, services/, lib/ and activities/ import a workflow's contract, never its body.",
      from: { path: ours('api', 'activities', 'lib', 'services') },
      to: { path: '^workflows/', pathNot: CONTRACT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
