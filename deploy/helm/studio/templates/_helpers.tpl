{{/* Names and labels shared by every object of the chart. */}}
{{- define "studio.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "studio.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "studio.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "studio.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels of every object; "studio.selectorLabels" (list $ component) picks one component's pods. */}}
{{- define "studio.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "studio.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "studio.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "studio.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "studio.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "studio.secretName" -}}
{{- default (include "studio.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/*
Temporal's frontend, host:port: temporalAddress, or with temporal.enabled the frontend Service
of Temporal's chart in this release (its fullname is the release name when that contains
"temporal", otherwise "<release>-temporal").
*/}}
{{- define "studio.temporalAddress" -}}
{{- if .Values.temporalAddress -}}
{{- .Values.temporalAddress -}}
{{- else if .Values.temporal.enabled -}}
{{- $t := .Values.temporal.fullnameOverride | default (ternary .Release.Name (printf "%s-temporal" .Release.Name) (contains "temporal" .Release.Name)) -}}
{{- printf "%s-frontend:7233" ($t | trunc 63 | trimSuffix "-") -}}
{{- else -}}
{{- fail "temporalAddress is required (host:port of Temporal's frontend) unless temporal.enabled installs Temporal's chart" -}}
{{- end -}}
{{- end -}}

{{/* Pod annotations that roll the pods when their configuration changes. */}}
{{- define "studio.configChecksums" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end -}}

{{/* The environment of the api and worker containers: every variable, from the ConfigMap and the Secret. */}}
{{- define "studio.envFrom" -}}
- configMapRef:
    name: {{ include "studio.fullname" . }}
- secretRef:
    name: {{ include "studio.secretName" . }}
{{- end -}}

{{/* /tmp as an emptyDir: the root file system is read-only. */}}
{{- define "studio.tmpVolumeMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* A variable's value as the environment has it: quoted, whole numbers without an exponent. */}}
{{- define "studio.envValue" -}}
{{- if kindIs "float64" . -}}
{{- int64 . | toString | quote -}}
{{- else -}}
{{- toString . | quote -}}
{{- end -}}
{{- end -}}
