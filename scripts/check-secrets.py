#!/usr/bin/python3
"""The design's secrets skim: credential-shaped values in Fixtures/, Tests/ and
Documentation/ (and the README) must come from the fixtures' fake set.

Flags: API-key/password/token/secret assignments, Authorization headers with a
value, `apikey=` in URLs, and bare 32-hex strings (the shape of a Servarr or
SABnzbd API key). A value is an obvious fake when it starts with one of FAKE_PREFIXES
or is a shell/format placeholder. Usage: check-secrets.py [ROOT]; exit 1 on findings.
"""
import pathlib
import re
import sys

FAKE_PREFIXES = ("fixture", "fake", "canary", "example", "placeholder", "dummy", "test", "invalid")
SCANNED = ("Fixtures", "Tests", "Documentation", "README.md")
PATTERNS = [
    ("credential assignment", re.compile(
        r"""(?i)(api[_-]?key|apikey|password|passwd|passphrase|token|secret)["']?\s*[:=]\s*["']([^"'\s]{6,})["']""")),
    ("Authorization header", re.compile(r"""(?i)authorization["']?\s*[:=]\s*["']?(?:basic|bearer)\s+([A-Za-z0-9+/=._-]{8,})""")),
    ("apikey in a URL", re.compile(r"""(?i)[?&]api_?key=([^&\s"'#]+)""")),
    ("32-hex key", re.compile(r"""(?<![0-9A-Fa-f])([0-9a-f]{32})(?![0-9A-Fa-f])""")),
]


def is_fake(value):
    lowered = value.lower()
    return lowered.startswith(FAKE_PREFIXES) or value.startswith(("$", "\\(", "%", "<", "{"))


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    findings = []
    for name in SCANNED:
        base = root / name
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()) if base.exists() else []
        for path in files:
            if path.suffix in (".png", ".jpg"):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                for label, pattern in PATTERNS:
                    for match in pattern.finditer(line):
                        value = match.group(match.lastindex)
                        if not is_fake(value):
                            findings.append(f"{path.relative_to(root)}:{number}: {label}: {value[:4]}…")
    if findings:
        print("check-secrets: credential-shaped values that are not obvious fakes:", file=sys.stderr)
        print("\n".join(findings), file=sys.stderr)
        return 1
    print("check-secrets: no real-looking credentials in " + ", ".join(SCANNED))
    return 0


if __name__ == "__main__":
    sys.exit(main())
