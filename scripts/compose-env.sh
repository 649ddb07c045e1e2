#!/usr/bin/env bash
# Makes the .env that docker compose reads, once: a copy of .env.example with a fresh admin token
# (and a purge token for the varnish profile).
# Run it again at any time: it keeps the .env and the token it has, and prints the token to paste
# into Authorize on /docs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .env ] || cp .env.example .env
# A fresh token for each that has none: the admin's, and the one the api purges Varnish with.
for name in API_ADMIN_TOKEN CDN_PURGE_TOKEN; do
  if ! grep -qE "^${name}=.{32,}\$" .env; then
    token=$(openssl rand -base64 32)
    if grep -q "^${name}=" .env; then
      # base64 holds no '|': it delimits the substitution.
      sed -i "s|^${name}=.*\$|${name}=${token}|" .env
    else
      echo "${name}=${token}" >>.env
    fi
  fi
done
echo "Admin token (Authorize on http://127.0.0.1:8000/docs): $(grep '^API_ADMIN_TOKEN=' .env | cut -d= -f2-)"
