#!/usr/bin/env bash
# Core must stay free of GTK: it is tested without a display.
set -euo pipefail
cd "$(dirname "$0")/.."
if grep -rn "import CGtk" Sources/Core; then
  echo "check-layering: Sources/Core imports CGtk (see Documentation/Architecture.md)" >&2
  exit 1
fi
echo "check-layering: Core does not import CGtk"
