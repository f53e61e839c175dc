"""Write the playthrough goldens of tests/playthroughs/ afresh, one file per playthrough.

    python3 scripts/playthroughs.py           # every playthrough, and stale files removed
    python3 scripts/playthroughs.py tac-4p    # only those named

Run it after a change meant to alter them (rules, observations, words), then review the diff
with git before committing: every changed line is a change people or bots will see. The
playthroughs are listed, and made, in tests/playthroughs.py; tests/test_playthroughs.py
checks that the files match.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's kartaros and tests, whatever is installed

from tests.playthroughs import FOLDER, PLAYTHROUGHS, write  # noqa: E402


def main(argv: list[str]) -> int:
    known = {p.name: p for p in PLAYTHROUGHS}
    unknown = [name for name in argv if name not in known]
    if unknown:
        print(f"no playthrough called {', '.join(unknown)}; the playthroughs are: {', '.join(known)}",
              file=sys.stderr)
        return 2
    selected = [known[name] for name in argv] if argv else PLAYTHROUGHS
    total = 0
    for path, size in write(selected):
        print(f"{path.relative_to(ROOT)}: {size:,} bytes")
        total += size
    if not argv:
        for stale in sorted(set(FOLDER.glob("*.txt")) - {p.path for p in PLAYTHROUGHS}):
            stale.unlink()
            print(f"{stale.relative_to(ROOT)}: removed (no such playthrough now)")
    print(f"{len(selected)} playthrough{'s' * (len(selected) != 1)}, {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
