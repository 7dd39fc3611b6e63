#!/usr/bin/env bash
# The shape that keeps a new service an addition (Documentation/Architecture.md): no source file
# over 400 lines, the repository and the composition root small, and no kind checks, service names
# or message-name switches outside a kind's own folder.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
while read -r lines file; do
  [ "$file" = total ] && continue
  if [ "$lines" -gt 400 ]; then echo "check-structure: $file has $lines lines (at most 400)" >&2; status=1; fi
done < <(find Sources -name '*.swift' -print0 | xargs -0 wc -l)
limit() {
  local lines; lines=$(wc -l <"$1")
  if [ "$lines" -gt "$2" ]; then echo "check-structure: $1 has $lines lines (at most $2)" >&2; status=1; fi
}
limit Sources/Core/Repository/Repository.swift 200
limit Sources/DesktopApp/Model/AppModel.swift 250
# Kind folders: each service's own (Sources/Core/Services/<Service>), and each library kind's
# presentation (Sources/DesktopApp/Features/Library/Kinds).
pattern='(kind|\.kind) (==|!=) \.(sonarr|radarr|series|movie|qbittorrent|transmission|deluge|sabnzbd|nzbget)\b|case \.(sonarr|radarr|series|movie|movies|qbittorrent|transmission|deluge|sabnzbd|nzbget)\b|== \.(sonarr|radarr|series|movie|movies)\b|case "(series|movie|episode|episodefile|moviefile|queue|command|health)"'
if found=$(grep -rnE "$pattern" Sources --include='*.swift' \
    | grep -vE '^Sources/Core/Services/[A-Za-z]+/|^Sources/DesktopApp/Features/Library/Kinds/'); then
  echo "check-structure: kind checks or message names outside a kind's folder:" >&2
  echo "$found" >&2
  status=1
fi
# Tests/Support is a plain library target: make bench builds every target in release, where
# @testable imports do not compile.
if found=$(grep -ln '@testable' Tests/Support/*.swift); then
  echo "check-structure: @testable import in Tests/Support (release builds of make bench fail):" >&2
  echo "$found" >&2
  status=1
fi
[ $status -eq 0 ] && echo "check-structure: files within their sizes; no kind checks outside kind folders"
exit $status
