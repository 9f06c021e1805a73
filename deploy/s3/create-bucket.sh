#!/bin/sh
# One-shot step of docker-compose.yml: creates $S3_BUCKET on the gateway unless it exists.
# Runs in the amazon/aws-cli image; credentials come from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY.
set -e

# The gateway serves buckets by path (http://s3:7070/<bucket>), not as sub-domains.
aws configure set default.s3.addressing_style path

attempt=1
while [ "$attempt" -le 30 ]; do
  if aws --endpoint-url "$S3_ENDPOINT" s3api head-bucket --bucket "$S3_BUCKET" > /dev/null 2>&1; then
    echo "Bucket $S3_BUCKET exists."
    exit 0
  fi
  if [ "$AWS_DEFAULT_REGION" = "us-east-1" ]; then
    created=$(aws --endpoint-url "$S3_ENDPOINT" s3api create-bucket --bucket "$S3_BUCKET" > /dev/null && echo yes || echo no)
  else
    created=$(aws --endpoint-url "$S3_ENDPOINT" s3api create-bucket --bucket "$S3_BUCKET" \
      --create-bucket-configuration "LocationConstraint=$AWS_DEFAULT_REGION" > /dev/null && echo yes || echo no)
  fi
  if [ "$created" = yes ]; then
    echo "Bucket $S3_BUCKET created."
    exit 0
  fi
  echo "S3 gateway not ready (attempt $attempt), retrying..."
  attempt=$((attempt + 1))
  sleep 2
done
echo "Could not create bucket $S3_BUCKET at $S3_ENDPOINT" >&2
exit 1
