#!/usr/bin/env bash
# The message catalogue (Documentation/Translations.md).
#   scripts/po.sh update        regenerate po/switchyard.pot and merge it into every po/<lang>.po
#   scripts/po.sh check         fail when the template is stale, POTFILES misses a file with
#                               messages, a literal xgettext cannot read is marked, or a
#                               translation is incomplete, fuzzy or has broken placeholders
#   scripts/po.sh compile DIR   DIR/<lang>/LC_MESSAGES/switchyard.mo for every language
#   scripts/po.sh desktop SRC OUT / metainfo SRC OUT   the translated desktop entry / AppStream file
# xgettext has no Swift parser: it reads Swift as C. That works because tr/trn/trc take
# StaticString (no interpolation, no `+`) and this script refuses marked literals C cannot read
# (its warnings about unmarked multi-line literals, such as the shortcuts window's XML, are dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
DOMAIN=switchyard
KEYWORDS=(--keyword= --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2)

# Every Swift file that marks messages, sorted, plus the desktop entry and the AppStream file.
potfiles() {
  grep -rlE '\b(tr|trn|trc)\("' Sources/DesktopApp --include='*.swift' | LC_ALL=C sort
  echo Resources/app.switchyard.Switchyard.desktop
  echo Resources/app.switchyard.Switchyard.metainfo.xml
}

template() { # $1: output file
  local swift
  swift=$(mktemp)
  grep -E '\.swift$' po/POTFILES >"$swift"
  xgettext --language=C --from-code=UTF-8 "${KEYWORDS[@]}" --add-comments=Translators \
    --package-name=Switchyard --msgid-bugs-address=https://switchyard.fixture.invalid/issues \
    --files-from="$swift" --output="$1" 2> >(grep -v 'unterminated string literal' >&2)
  sed -i 's/charset=CHARSET/charset=UTF-8/' "$1"
  xgettext --join-existing --language=Desktop --from-code=UTF-8 --package-name=Switchyard --output="$1" \
    Resources/app.switchyard.Switchyard.desktop
  xgettext --join-existing --from-code=UTF-8 --package-name=Switchyard --output="$1" Resources/app.switchyard.Switchyard.metainfo.xml
  sed -i '/^"POT-Creation-Date:/d' "$1"
  rm -f "$swift"
}

case "${1:-}" in
update)
  potfiles >po/POTFILES
  template po/$DOMAIN.pot
  for lang in $(cat po/LINGUAS); do
    msgmerge --quiet --update --no-fuzzy-matching --backup=none "po/$lang.po" po/$DOMAIN.pot
  done
  echo "po: po/$DOMAIN.pot has $(grep -c '^msgid ' po/$DOMAIN.pot) messages"
  ;;
check)
  status=0
  if ! diff -u po/POTFILES <(potfiles) >/dev/null; then
    echo "po: po/POTFILES does not list every file with messages (run make po):" >&2
    diff -u po/POTFILES <(potfiles) >&2 || true
    status=1
  fi
  # Literals xgettext reads wrongly when marked: multi-line and raw strings.
  if found=$(grep -nE '\b(tr|trn|trc)\((#"|""")' -r Sources/DesktopApp --include='*.swift'); then
    echo "po: a marked message must be a plain one-line literal:" >&2; echo "$found" >&2; status=1
  fi
  fresh=$(mktemp)
  template "$fresh"
  if ! diff -q <(msgcat --sort-output --no-wrap --no-location "$fresh" | grep -vE '^"(POT-Creation|PO-Revision)') \
               <(msgcat --sort-output --no-wrap --no-location po/$DOMAIN.pot | grep -vE '^"(POT-Creation|PO-Revision)') >/dev/null; then
    echo "po: po/$DOMAIN.pot is not what the sources mark (run make po). Messages that differ:" >&2
    diff <(msgcat --sort-output --no-wrap --no-location "$fresh" | grep '^msgid') \
         <(msgcat --sort-output --no-wrap --no-location po/$DOMAIN.pot | grep '^msgid') | head -20 >&2 || true
    status=1
  fi
  rm -f "$fresh"
  for lang in $(cat po/LINGUAS); do
    if ! warnings=$(LC_ALL=C msgfmt --check --output-file=/dev/null "po/$lang.po" 2>&1) || [ -n "$warnings" ]; then
      echo "po: po/$lang.po does not pass msgfmt --check cleanly:" >&2; echo "$warnings" >&2; status=1
    fi
    stats=$(LC_ALL=C msgfmt --statistics --output-file=/dev/null "po/$lang.po" 2>&1)
    if grep -qE 'fuzzy|untranslated' <<<"$stats"; then
      echo "po: po/$lang.po is not complete: $stats" >&2; status=1
    fi
    missing=$(msgcmp "po/$lang.po" po/$DOMAIN.pot 2>&1) || { echo "po: po/$lang.po lacks messages of the template:" >&2; echo "$missing" >&2; status=1; }
  done
  [ $status -eq 0 ] && echo "po: template current; $(cat po/LINGUAS | wc -w) translation(s) complete"
  exit $status
  ;;
compile)
  out=${2:?directory}
  for lang in $(cat po/LINGUAS); do
    mkdir -p "$out/$lang/LC_MESSAGES"
    msgfmt --check --output-file="$out/$lang/LC_MESSAGES/$DOMAIN.mo" "po/$lang.po"
  done
  ;;
desktop)
  msgfmt --desktop --template="${2:?source}" -d po --output-file="${3:?output}"
  ;;
metainfo)
  msgfmt --xml --template="${2:?source}" -d po --output-file="${3:?output}"
  ;;
*)
  echo "usage: scripts/po.sh update | check | compile DIR | desktop SRC OUT | metainfo SRC OUT" >&2
  exit 2
  ;;
esac
