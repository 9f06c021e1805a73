// Lint rules shared by every folder; type-aware rules stay off to keep `npm test` fast on 2 cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettierOff from 'eslint-config-prettier';

// Shared pieces of the layer rules (docs/architecture.md, "Layers").
const NO_API = { group: ['**/api', '**/api/**'], message: 'Only api/ (and scripts, tests) import from api/.' };
const NO_WORKERS = {
  group: ['**/workers', '**/workers/**'],
  message: 'workers/ wires processes; nothing below it imports it.',
};
const NO_SERVICES = {
  group: ['**/services', '**/services/**'],
  message: 'services/ sit above db/ and lib/: api, activities and workers call them, nothing below them does.',
};
const NO_MODELS = {
  group: ['**/db/models', '**/db/models/**'],
  message: 'Models live in db/ only: call a db/queries or db/commands function (row types: db/rows.ts).',
};
const NO_SEQUELIZE_VALUES = {
  regex: '^sequelize(/.*)?$',
  allowTypeImports: true,
  message: 'sequelize is used inside db/ only: put the statement in db/queries or db/commands (types may be named).',
};
const NO_ORM_VALUES = {
  regex: '^sequelize-typescript$',
  allowTypeImports: true,
  message: 'The ORM is used inside db/ only; the Sequelize type may be named to pass it to db/.',
};
const NO_WORKFLOW_BODY = {
  // The top-level workflows/ folder (not domain/workflows, the studio's business workflows).
  regex: '^(\\.\\./)+workflows/(?!contracts$|[^/]+/contract$)',
  message:
    "Import a workflow's contract.ts (queue, id, input, signals), never its body: workflow code runs in the worker's sandbox.",
};
// The core asks the registry (domain/regimes/index.ts) for a country's regime; it never imports one
// by name (docs/architecture.md, "Regimes and add-ons"). The regimes and their add-ons may.
const NO_REGIME_BY_NAME = {
  regex: '(^|/)regimes/(fr|gb|ie|ca|au|us|other)(/|$)',
  message:
    "Ask the registry for a country's regime (regimeOf, studioRegimeOf from domain/regimes): the core never imports a regime by name.",
};
// domain/ is pure: it imports nothing of ours that does I/O, so api, activities and workflows can all share its rules.
const DOMAIN_PURE = [
  {
    group: [
      '**/api/**',
      '**/activities/**',
      '**/workers/**',
      '**/workflows/**',
      '**/db/**',
      '**/lib/**',
      '**/scripts/**',
      '**/services/**',
    ],
    message: 'domain/ imports only domain/: no I/O, no framework.',
  },
  {
    group: [
      'sequelize*',
      'pg',
      'express',
      '@aws-sdk/*',
      '@temporalio/*',
      'nodemailer',
      'pino',
      'puppeteer*',
      'exceljs',
    ],
    message: 'domain/ is pure: keep I/O libraries out.',
  },
];
const NO_SQL = [
  {
    selector: "CallExpression[callee.property.name='query'][callee.object.name='sequelize']",
    message: 'SQL lives in db/: write a query in db/queries or a command in db/commands.',
  },
  {
    selector: "CallExpression[callee.property.name='query'][callee.object.property.name='sequelize']",
    message: 'SQL lives in db/: write a query in db/queries or a command in db/commands.',
  },
  {
    selector: "Identifier[name='QueryTypes']",
    message: 'SQL lives in db/: write a query in db/queries or a command in db/commands.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', '.tools/', 'dist/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Domain rules and workflows must not reach for `any`: they are the contract other code trusts.
    files: ['domain/**/*.ts', 'workflows/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // Boundaries (docs/architecture.md). domain/ is pure (DOMAIN_PURE), and outside the regimes
    // and their add-ons it reaches a country's law through the registry only.
    files: ['domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...DOMAIN_PURE, NO_REGIME_BY_NAME] }],
    },
  },
  {
    // The regimes register themselves (domain/regimes/index.ts) and an add-on names its regime:
    // pure as the rest of domain/ (a later block replaces an earlier one's options for these files).
    files: ['domain/regimes/**/*.ts', 'domain/addons/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: DOMAIN_PURE }] },
  },
  {
    // Workflows run in Temporal's deterministic sandbox: contracts, domain and the workflow
    // package only. Activity modules may be imported for their types (proxyActivities<T>).
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/activities', '**/activities/**'],
              message: "Workflows name their activities by the interface declared in their capability's contract.ts.",
            },
            {
              group: ['**/api/**', '**/workers/**', '**/db/**', '**/lib/**', '**/scripts/**', '**/services/**'],
              message: 'Workflows import only contracts, domain and @temporalio/workflow.',
            },
            NO_REGIME_BY_NAME,
            {
              group: ['@temporalio/*', '!@temporalio/workflow', '!@temporalio/common'],
              message: 'Workflows use @temporalio/workflow only.',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'crypto',
                'sequelize*',
                'pg',
                'express',
                '@aws-sdk/*',
                'nodemailer',
                'pino',
              ],
              message: 'No I/O in workflow code.',
            },
          ],
        },
      ],
    },
  },
  {
    // api/ validates, calls and presents (docs/architecture.md): every model call and SQL statement
    // is a query or command in db/, so no model, no sequelize and no raw query here. The
    // Sequelize instance may still be passed to db commands, as a type.
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/models', '**/db/models/**'],
              message: 'api/ reads and writes through db/queries and db/commands; row types come from db/rows.ts.',
            },
            {
              regex: '^sequelize(/.*)?$',
              message:
                'api/ does not use the ORM: put the statement in db/queries or db/commands (errors: db/errors.ts).',
            },
            {
              regex: '^sequelize-typescript$',
              allowTypeImports: true,
              message: 'api/ may name the Sequelize type (to pass it to db commands), nothing else of the ORM.',
            },
            NO_WORKFLOW_BODY,
            NO_REGIME_BY_NAME,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][callee.object.name='sequelize']",
          message: 'No SQL in api/: write a query in db/queries.',
        },
        {
          selector: "CallExpression[callee.property.name='query'][callee.object.property.name='sequelize']",
          message: 'No SQL in api/: write a query in db/queries.',
        },
        { selector: "Identifier[name='QueryTypes']", message: 'No SQL in api/: write a query in db/queries.' },
      ],
    },
  },
  {
    // Below api/ (docs/architecture.md, "Layers"): each folder's imports in one list (a later
    // block would replace, not add to, an earlier one's options for the same files).
    // lib/ reaches data only through db/queries and db/commands, and a workflow only through its
    // contract; workers/ wire (they may name workflow bodies: the bundle).
    files: ['lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_API,
            NO_WORKERS,
            NO_SERVICES,
            NO_MODELS,
            NO_SEQUELIZE_VALUES,
            NO_ORM_VALUES,
            NO_WORKFLOW_BODY,
            NO_REGIME_BY_NAME,
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...NO_SQL],
    },
  },
  {
    // activities/ as lib/, and their data access comes through deps (the worker binds the db/
    // functions to the one Sequelize, workers/activities.ts): db/commands and db/queries are
    // named as types only (`import { type findUser }`, for `Bound<typeof findUser>`).
    files: ['activities/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_API,
            NO_WORKERS,
            NO_MODELS,
            NO_SEQUELIZE_VALUES,
            NO_ORM_VALUES,
            NO_WORKFLOW_BODY,
            NO_REGIME_BY_NAME,
            {
              group: [
                '**/db/commands',
                '**/db/commands/**',
                '**/db/queries',
                '**/db/queries/**',
                '**/services',
                '**/services/**',
              ],
              allowTypeImports: true,
              message:
                "An activity takes its db/ functions through its factory's deps (bound by workers/activities.ts); import them as types only.",
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...NO_SQL],
    },
  },
  {
    // services/ holds the use cases (docs/architecture.md, "Layers"): the rules, access checks and
    // events of one capability, between the callers (api, activities, workers) and the data (db/).
    // A service calls db/queries and db/commands, domain, lib (lib/jobs to start a job) and
    // workflow contracts; it never imports a caller, a model, the ORM's values or SQL.
    files: ['services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_API,
            NO_WORKERS,
            {
              group: ['**/activities', '**/activities/**'],
              message: 'services/ serve activities; they never import them.',
            },
            NO_MODELS,
            NO_SEQUELIZE_VALUES,
            NO_ORM_VALUES,
            NO_WORKFLOW_BODY,
            NO_REGIME_BY_NAME,
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...NO_SQL],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [NO_API, NO_MODELS, NO_SEQUELIZE_VALUES, NO_REGIME_BY_NAME] },
      ],
      'no-restricted-syntax': ['error', ...NO_SQL],
    },
  },
  {
    // db/ holds every model and statement and calls nothing above it: no Temporal, no jobs.
    files: ['db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_API,
            NO_WORKERS,
            NO_SERVICES,
            { group: ['**/activities', '**/activities/**'], message: 'db/ serves activities; it never imports them.' },
            {
              group: ['**/lib/jobs', '**/lib/jobs/**'],
              message:
                'db/ never starts jobs: lib/jobs calls db/, not the other way (pass a callback if a transaction must wrap a call).',
            },
            {
              regex: '^(\\.\\./)+workflows(/|$)',
              message: 'db/ imports domain/ only, never Temporal workflows or their contracts.',
            },
            {
              group: ['@temporalio/*'],
              message: 'db/ never calls Temporal: rows and Temporal together live in lib/jobs.',
            },
            NO_REGIME_BY_NAME,
          ],
        },
      ],
      // A callback handed to db/ runs inside its transaction, where a network call (Temporal, a
      // provider, S3, SMTP) would hold locks for as long as the far end takes: db/ functions take
      // values and answer values; the caller commits, then calls (docs/architecture.md).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ":function > Identifier > TSTypeAnnotation > TSFunctionType[returnType.typeAnnotation.typeName.name='Promise']",
          message:
            'db/ functions take no callback: it would run inside the transaction (no network call under a lock). Answer what the caller needs; it calls out after the commit.',
        },
      ],
    },
  },
  {
    // Migrations are frozen (docs/architecture.md, "Layers"): a migration states its SQL or data and
    // imports no live code, so what it did when it ran is what it does on a fresh database, whatever
    // the commands, queries and domain rules become. Node built-ins, sequelize and umzug, the
    // migrator (../migrator) and the frozen copies beside the migrations (./frozen/) only. This
    // block replaces db/'s import rule for these files (a later block's options replace an earlier one's).
    files: ['db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|sequelize$|sequelize-typescript$|umzug$|\\.)',
              message: 'A migration imports node built-ins, sequelize and umzug only: state the SQL or data it needs.',
            },
            {
              regex: '^(?!\\.\\./migrator$).*(^|/)\\.\\.(/|$)',
              message:
                'A migration imports no live code (commands, queries, domain): copy what it needs, as it stands now, into db/migrations/frozen/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts, benchmarks and the stack launcher talk to the terminal by design.
    files: ['scripts/**/*.{ts,mjs}', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // One function, one screen: a router is a table of routes (api/http/route-kit.ts, routesFor),
    // a use case a few named steps (docs/architecture.md). Migrations and tests are exempt.
    files: ['**/*.{ts,mjs}'],
    ignores: ['test/**', 'db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  // Prettier owns the layout (npm run format; npm run lint checks it): ESLint's style rules are off.
  prettierOff,
);
