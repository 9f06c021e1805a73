#!/bin/sh
# Runs once, when the postgres volume is first initialised (/docker-entrypoint-initdb.d).
# Temporal gets its own role and its own two databases on the same server; the app keeps
# POSTGRES_DB to itself. The temporal container then only creates the schemas (SKIP_DB_CREATE).
set -e

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set=temporal_password="$TEMPORAL_DB_PASSWORD" <<'SQL'
CREATE ROLE temporal LOGIN PASSWORD :'temporal_password';
CREATE DATABASE temporal OWNER temporal;
CREATE DATABASE temporal_visibility OWNER temporal;
SQL
