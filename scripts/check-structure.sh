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
# Every ServiceCatalog kind and library kind by name (DocumentationDriftTests fails when one is missing here).
kinds='sonarr|radarr|lidarr|prowlarr|qbittorrent|transmission|deluge|sabnzbd|nzbget|jellyseerr|rtorrent'
libraries='series|movie|movies|artist|music'
pattern="(kind|\.kind) (==|!=) \.($kinds|$libraries)\b|case \.($kinds|$libraries)\b|(==|!=) \.($kinds|$libraries)\b|case \"(series|movie|episode|episodefile|moviefile|artist|album|track|trackfile|queue|command|health)\""
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
# Nothing the build or `make po` writes is tracked, beyond the template and the file list it keeps on purpose:
# no build trees, compiled catalogues, copies of the template or editor leftovers (a stale copy is read by nobody
# and drifts). In po/ only LINGUAS, POTFILES, the template and the translations belong.
if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
  if found=$(git ls-files | grep -E '^(\.build|build)/|\.(mo|gmo|o|a|swp|orig|rej)$|~$|^po/' \
      | grep -vE '^po/(LINGUAS|POTFILES|switchyard\.pot|[A-Za-z_@]+\.po)$'); then
    echo "check-structure: tracked files that the build or make po generates (remove them with git rm):" >&2
    echo "$found" >&2
    status=1
  fi
fi
[ $status -eq 0 ] && echo "check-structure: files within their sizes; no kind checks outside kind folders; no generated files tracked"
exit $status
