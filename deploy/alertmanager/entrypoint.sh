#!/bin/sh
# Writes Alertmanager's configuration from the environment, then runs it. Alertmanager does not
# expand variables itself, and refuses a receiver whose address is empty, so only the channels
# that are set get a receiver:
#   ALERT_CHAT_WEBHOOK_URL    Slack-compatible incoming webhook: every alert
#   ALERT_PAGING_WEBHOOK_URL  paging service's webhook: severity=critical only
#   ALERT_WEBHOOK_URL         generic webhook: every alert
#   ALERT_EMAIL_TO            email (through ALERT_SMTP_SMARTHOST, ALERT_EMAIL_FROM): every alert
# With none set, alerts are still visible in Alertmanager's own page and in Prometheus.
set -eu
out=${ALERTMANAGER_CONFIG_OUT:-/tmp/alertmanager.yml}

{
  echo "route:"
  echo "  receiver: default"
  echo "  group_by: [alertname, queue, jobName]"
  echo "  group_wait: 30s"
  echo "  group_interval: 5m"
  echo "  repeat_interval: 4h"
  if [ -z "${ALERT_PAGING_WEBHOOK_URL:-}${ALERT_CHAT_WEBHOOK_URL:-}${ALERT_WEBHOOK_URL:-}${ALERT_EMAIL_TO:-}" ]; then
    echo "  routes: []"
  else
    echo "  routes:"
  fi
  [ -n "${ALERT_PAGING_WEBHOOK_URL:-}" ] && { echo "    - receiver: paging"; echo "      matchers: [severity=\"critical\"]"; echo "      continue: true"; }
  [ -n "${ALERT_CHAT_WEBHOOK_URL:-}" ] && { echo "    - receiver: chat"; echo "      continue: true"; }
  [ -n "${ALERT_WEBHOOK_URL:-}" ] && { echo "    - receiver: webhook"; echo "      continue: true"; }
  [ -n "${ALERT_EMAIL_TO:-}" ] && { echo "    - receiver: email"; echo "      continue: true"; }
  echo "receivers:"
  echo "  - name: default"
  if [ -n "${ALERT_CHAT_WEBHOOK_URL:-}" ]; then
    echo "  - name: chat"
    echo "    slack_configs:"
    echo "      - api_url: '${ALERT_CHAT_WEBHOOK_URL}'"
    echo "        send_resolved: true"
    echo "        title: '{{ .CommonLabels.alertname }} ({{ .Status }})'"
    echo "        text: '{{ range .Alerts }}{{ .Annotations.summary }}. {{ .Annotations.description }} {{ end }}'"
  fi
  if [ -n "${ALERT_PAGING_WEBHOOK_URL:-}" ]; then
    echo "  - name: paging"
    echo "    webhook_configs:"
    echo "      - url: '${ALERT_PAGING_WEBHOOK_URL}'"
    echo "        send_resolved: true"
  fi
  if [ -n "${ALERT_WEBHOOK_URL:-}" ]; then
    echo "  - name: webhook"
    echo "    webhook_configs:"
    echo "      - url: '${ALERT_WEBHOOK_URL}'"
    echo "        send_resolved: true"
  fi
  if [ -n "${ALERT_EMAIL_TO:-}" ]; then
    echo "  - name: email"
    echo "    email_configs:"
    echo "      - to: '${ALERT_EMAIL_TO}'"
    echo "        from: '${ALERT_EMAIL_FROM:-alerts@studio.local}'"
    echo "        smarthost: '${ALERT_SMTP_SMARTHOST:-maildev:1025}'"
    echo "        require_tls: ${ALERT_SMTP_REQUIRE_TLS:-false}"
    echo "        send_resolved: true"
  fi
} > "$out"

exec "${ALERTMANAGER_BIN:-/bin/alertmanager}" --config.file="$out" --storage.path=/alertmanager "$@"
