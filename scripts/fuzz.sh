#!/usr/bin/env bash
# Fuzzes every decoder family with libFuzzer (and AddressSanitizer), seeded from Fixtures/.
# Usage: scripts/fuzz.sh SECONDS_PER_FAMILY [FAMILY…]        (make fuzz SECONDS=N; OPT=-Onone for a quick build)
#        RUNS=N scripts/fuzz.sh 0 [FAMILY…]                    (exactly N executions per family)
# Builds build/fuzz/switchyard-fuzz from Core's sources plus Tools/Fuzz/FuzzEntry.swift, keeps each
# family's growing corpus in build/fuzz/corpus/FAMILY and anything it finds in build/fuzz/crashes/FAMILY.
# Prints one line per family: executions, corpus size, crashes. Exits 1 when any input crashed or hung.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-60}
shift || true
families=("$@")
[ ${#families[@]} -gt 0 ] || families=(servarr qbittorrent transmission deluge nzbget sabnzbd rtorrent jellyseerr)
out=build/fuzz
# ASAN=0 builds without AddressSanitizer: several times the executions per second, for long runs.
sanitizers=fuzzer,address
bin=$out/switchyard-fuzz
if [ "${ASAN:-1}" = 0 ]; then sanitizers=fuzzer; bin=$out/switchyard-fuzz-noasan; fi
# OPT=-Onone (make test's smoke) compiles in about a quarter of the time for about 60 % of the executions a
# second: on a cold machine the optimised build costs more than a few seconds of fuzzing gains.
optimization=${OPT:--O}
case $optimization in -O) ;; -Onone) bin+=-onone ;; *) echo "fuzz: OPT is -O or -Onone" >&2; exit 2 ;; esac
export SWIFT_BACKTRACE=enable=no   # a trap goes straight to libFuzzer, which saves the input
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0:detect_leaks=0}
mkdir -p "$out"

# The decoder fuzzing driver lives in the test-support target; here it is compiled into Core itself
# (one module, for the sanitizers), so its `import Core` goes.
mkdir -p "$out/support"
sed '/^import Core$/d' Tests/Support/DecoderFuzzing.swift > "$out/support/DecoderFuzzing.swift.tmp"
cmp -s "$out/support/DecoderFuzzing.swift.tmp" "$out/support/DecoderFuzzing.swift" 2>/dev/null \
  || mv "$out/support/DecoderFuzzing.swift.tmp" "$out/support/DecoderFuzzing.swift"
rm -f "$out/support/DecoderFuzzing.swift.tmp"
mapfile -t sources < <( (find Sources/Core Tools/Fuzz -name '*.swift'; echo "$out/support/DecoderFuzzing.swift") | sort)
if [ ! -x "$bin" ] || [ -n "$(find "${sources[@]}" -newer "$bin" | head -1)" ]; then
  echo "fuzz: building $bin (Core + entry point, -sanitize=$sanitizers)" >&2
  mapfile -t cflags < <(pkg-config --cflags-only-I libsoup-3.0 libsecret-1 | tr ' ' '\n' | grep -v '^$')
  xcc=()
  for flag in "${cflags[@]}"; do xcc+=(-Xcc "$flag"); done
  libs=()
  for flag in $(pkg-config --libs libsoup-3.0 libsecret-1); do
    case $flag in
      -l*|-L*) libs+=("$flag") ;;
      -Wl,*) libs+=(-Xlinker "${flag#-Wl,}") ;;
      *) ;;  # -pthread: the Swift runtime links it already
    esac
  done
  swiftc -sanitize=$sanitizers -parse-as-library "$optimization" -swift-version 6 -module-name Core \
    -I Sources/CSoup -I Sources/CSecret "${xcc[@]}" "${sources[@]}" -o "$bin" \
    "${libs[@]}" 2> >(grep -v "Cannot export local symbol" >&2)
fi

status=0
for family in "${families[@]}"; do
  corpus=$out/corpus/$family
  crashes=$out/crashes/$family
  mkdir -p "$corpus" "$crashes"
  case $family in
    servarr) seeds=(Fixtures/sonarr Fixtures/radarr Fixtures/lidarr) ;;
    *) seeds=("Fixtures/$family") ;;
  esac
  for dir in "${seeds[@]}"; do cp -n "$dir"/*.json "$corpus"/ 2>/dev/null || true; done
  # Seeds at the edges: each fixture with every number replaced by an extreme (huge, negative, 2^63, 2^32-1).
  /usr/bin/python3 - "$corpus" "${seeds[@]}" <<'PY'
import json, pathlib, sys
corpus = pathlib.Path(sys.argv[1])
def replace(value, edge):
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return edge
    if isinstance(value, dict):
        return {key: replace(item, edge) for key, item in value.items()}
    if isinstance(value, list):
        return [replace(item, edge) for item in value]
    return value
for folder in sys.argv[2:]:
    for path in pathlib.Path(folder).glob("*.json"):
        try:
            value = json.loads(path.read_text())
        except ValueError:
            continue
        for name, edge in [("huge", "1e300"), ("negative", "-1"), ("int64", "9223372036854775807"), ("u32", "4294967295")]:
            text = json.dumps(replace(value, "@EDGE@")).replace('"@EDGE@"', edge)
            (corpus / f"edge-{name}-{path.parent.name}-{path.name}").write_text(text)
PY
  # A dictionary of the family's JSON keys (from the fixtures) and numbers at the edges of every type.
  dict=$out/$family.dict
  /usr/bin/python3 - "${seeds[@]}" >"$dict" <<'PY'
import json, pathlib, sys
keys = set()
def walk(value):
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            walk(item)
    elif isinstance(value, list):
        for item in value:
            walk(item)
for folder in sys.argv[1:]:
    for path in pathlib.Path(folder).glob("*.json"):
        try:
            walk(json.loads(path.read_text()))
        except ValueError:
            pass
for key in sorted(keys):
    print(json.dumps(json.dumps(key)))
for token in ["1e300", "-1e300", "1e400", "9223372036854775807", "-9223372036854775808", "18446744073709551616",
              "4294967295", "-1", "0.5e-320", "true", "null", "\"\\ud800\"", "\"99999999:59:59\"", "{}", "[]"]:
    print(json.dumps(token))
PY
  log=$out/$family.$$.log   # one per run: concurrent runs (make test beside make fuzz) never share one
  if [ -n "${RUNS:-}" ]; then limit=(-runs="$RUNS"); else limit=(-max_total_time="$seconds"); fi
  start=$(date +%s)
  SWITCHYARD_FUZZ_FAMILY=$family "$bin" "${limit[@]}" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -max_len=16384 -dict="$dict" -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 || true
  runs=$(grep -a -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  found=$(find "$crashes" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  size=$(find "$corpus" -type f | wc -l)
  echo "fuzz: $family: ${runs:-0} executions in $(( $(date +%s) - start )) s, corpus $size inputs, $found crashes/hangs"
  if [ "$found" -gt 0 ] || [ -z "$runs" ]; then
    status=1
    tail -30 "$log" >&2
  else
    mv "$log" "$out/$family.log"
  fi
done
exit $status
