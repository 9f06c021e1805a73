#!/bin/sh
# One-shot step of docker-compose.yml's `temporal-namespace` service (temporalio/admin-tools): makes
# the namespace the service uses (TEMPORAL_NAMESPACE) once the server answers, then exits 0. Does
# nothing when it exists already. The server image, unlike the old auto-setup one, makes none.
set -eu

ns=${DEFAULT_NAMESPACE:-default}
tries=0
until temporal operator cluster health > /dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "temporal-namespace: the server at ${TEMPORAL_ADDRESS} did not answer within 5 minutes" >&2
    exit 1
  fi
  sleep 5
done
if temporal operator namespace describe --namespace "$ns" > /dev/null 2>&1; then
  echo "temporal-namespace: ${ns} exists"
else
  temporal operator namespace create --namespace "$ns" --retention "${DEFAULT_NAMESPACE_RETENTION:-7d}"
  echo "temporal-namespace: ${ns} created"
fi
