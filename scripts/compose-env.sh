#!/usr/bin/env bash
# Makes the .env that docker compose reads, once: a copy of .env.example with a fresh admin token.
# Run it again at any time: it keeps the .env and the token it has, and prints the token to paste
# into Authorize on /docs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .env ] || cp .env.example .env
if ! grep -qE '^API_ADMIN_TOKEN=.{32,}$' .env; then
  token=$(openssl rand -base64 32)
  if grep -q '^API_ADMIN_TOKEN=' .env; then
    # base64 holds no '|': it delimits the substitution.
    sed -i "s|^API_ADMIN_TOKEN=.*\$|API_ADMIN_TOKEN=${token}|" .env
  else
    echo "API_ADMIN_TOKEN=${token}" >>.env
  fi
fi
echo "Admin token (Authorize on http://127.0.0.1:8000/docs): $(grep '^API_ADMIN_TOKEN=' .env | cut -d= -f2-)"
