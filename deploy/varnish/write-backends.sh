#!/bin/sh
# Writes backends.vcl, which default.vcl includes: the service's instances behind a round-robin
# director, each probed at /health, and the token a PURGE must carry (the service's CDN_PURGE_TOKEN).
#
#   CDN_PURGE_TOKEN=… deploy/varnish/write-backends.sh deploy/varnish/backends.vcl 127.0.0.1:8000 127.0.0.1:8001
set -eu

if [ "$#" -lt 2 ]; then
  echo "usage: CDN_PURGE_TOKEN=<token> $0 <backends.vcl to write> <host:port> [<host:port> ...]" >&2
  exit 2
fi
# The token is written into VCL as a string: only the characters of base64 and base64url, 32 or more.
case "${CDN_PURGE_TOKEN:-}" in
  *[!A-Za-z0-9+/=_-]* | "") token_ok=false ;;
  *) token_ok=true ;;
esac
if ! $token_ok || [ "${#CDN_PURGE_TOKEN}" -lt 32 ]; then
  echo "CDN_PURGE_TOKEN must be at least 32 characters of base64 (make one with: openssl rand -base64 32)" >&2
  exit 2
fi
output=$1
shift

{
  echo "# Written by deploy/varnish/write-backends.sh: the instances behind this Varnish, and the purge token."
  echo "probe instance_health {"
  echo "  .url = \"/health\";"
  echo "  .interval = 1s;"
  echo "  .timeout = 1s;"
  echo "  .window = 3;"
  echo "  .threshold = 2;"
  echo "}"
  n=0
  for instance in "$@"; do
    n=$((n + 1))
    host=${instance%:*}
    port=${instance##*:}
    case "$host$port" in
      *[!A-Za-z0-9.:_-]* | "") echo "not a host:port: $instance" >&2; exit 2 ;;
    esac
    echo "backend instance_$n {"
    echo "  .host = \"$host\";"
    echo "  .port = \"$port\";"
    echo "  .probe = instance_health;"
    echo "}"
  done
  echo "sub vcl_init {"
  echo "  new instances = directors.round_robin();"
  i=0
  while [ "$i" -lt "$n" ]; do
    i=$((i + 1))
    echo "  instances.add_backend(instance_$i);"
  done
  echo "}"
  echo "sub purge_authorized {"
  echo "  if (req.http.Authorization != \"Bearer $CDN_PURGE_TOKEN\") {"
  echo "    return (synth(401, \"PURGE needs the service's token\"));"
  echo "  }"
  echo "}"
} >"$output"
