#!/usr/bin/env bash
# Secrets skim: credential-looking values in fixtures, tests and docs must be obvious fakes.
# A value passes when it says what it is (fake, fixture, canary, example, test, invalid, dummy).
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='(api[_-]?key|apikey|password|passwd|token|secret|authorization)["'"'"' ]*[:=] *["'"'"'][^"'"'"' ]{6,}'
hits=$(grep -rniE "$pattern" Fixtures Tests Documentation README.md 2>/dev/null \
  | grep -viE 'fake|fixture|canary|example|test|invalid|dummy|placeholder' || true)
if [ -n "$hits" ]; then
  echo "check-secrets: credential-looking values that are not obvious fakes:" >&2
  echo "$hits" >&2
  exit 1
fi
echo "check-secrets: no real-looking credentials in Fixtures, Tests or Documentation"
