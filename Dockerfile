# Image for the api, the worker and the one-shot migration step (docker-compose.yml picks the
# command). The api and the worker run the JavaScript tsc compiles into dist/ at build time: tsx's
# loader costs every process about 50 MB of memory (docs/performance.md). The migration step runs
# the TypeScript through tsx, so the image keeps the dev dependencies.
# Node.js 24: the image's own Node (the `node` devDependency only brings it to machines whose
# system Node is older; docs/decisions.md, "Node.js 24").
FROM node:24-bookworm-slim

# Chromium renders the PDFs (the worker launches one browser and reuses it). Without a font
# package the PDFs have no text at all. Puppeteer never downloads its own browser here.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*

ENV PUPPETEER_SKIP_DOWNLOAD=true \
    CHROMIUM_PATH=/usr/bin/chromium \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. Install scripts stay off, as
# on the build machines (npm 11 skips unapproved ones): what the service uses works without them.
# CI checks that `npm ci` accepts the lockfile (.ci/run, docs/decisions.md).
COPY package.json package-lock.json ./
# The `node` devDependency is removed again: its install script, which fetches a second Node
# binary, is skipped here, and the image's Node is already 24.
RUN npm ci --ignore-scripts --no-audit \
 && rm -rf node_modules/node node_modules/.bin/node \
 && npm cache clean --force

COPY . .
# The workflow code is bundled here once (WORKFLOW_BUNDLE_FILE), not by every worker at its start.
RUN npx tsc -p tsconfig.json \
 && node dist/workers/bundle-workflows-child.js dist/workflows.bundle.js

# Set after the install: `npm ci` with NODE_ENV=production would leave out tsx.
ENV NODE_ENV=production \
    PORT=3000 \
    WORKER_METRICS_PORT=9464

# Run as the image's unprivileged `node` user (uid 1000). The source stays root-owned and
# read-only to it; tsx writes its cache under /tmp. Chromium's own sandbox needs user namespaces,
# which Docker's default seccomp profile refuses, so the worker must launch it with --no-sandbox.
USER node

EXPOSE 3000 9464

# The api by default; the worker runs `node dist/workers/main.js`, migrations `npx tsx scripts/migrate.ts`.
# The api as docker-compose and the Helm chart run it (docs/decisions.md, stop 58).
CMD ["node", "--single-threaded-gc", "dist/api/main.js"]
