#!/bin/sh
# One-shot schema step of docker-compose.yml's `temporal-schema` service (temporalio/admin-tools):
# brings Temporal's two PostgreSQL databases to the schema of the tools' release, then exits 0.
# The databases and the `temporal` role exist already (deploy/postgres/initdb/10-temporal.sh), so
# nothing is created here. Safe on every start: `setup-schema -v 0.0` only lays the version table
# on an empty database, and `update-schema` applies the versions not yet applied.
# temporal-sql-tool reads the connection from SQL_PLUGIN, SQL_HOST, SQL_PORT, SQL_USER and
# SQL_PASSWORD (set by compose); the database is named per call.
set -eu

schema_root=/etc/temporal/schema/postgresql/v12
for pair in "${SQL_DATABASE:-temporal}:temporal" "${SQL_VISIBILITY_DATABASE:-temporal_visibility}:visibility"; do
  db=${pair%%:*}
  dir=${pair#*:}
  echo "temporal-schema: ${db} (${schema_root}/${dir})"
  temporal-sql-tool --db "$db" setup-schema -v 0.0
  temporal-sql-tool --db "$db" update-schema -d "${schema_root}/${dir}/versioned"
done
echo "temporal-schema: up to date"
