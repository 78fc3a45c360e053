"""Time imports: the package, a rule system, and Hypothesis with and without our plugin.

Usage::

    python benchmarks/imports.py [--runs N] [--json]

Each figure is the median wall time of ``--runs`` fresh interpreters running
``python -c "import X"``, less the median of a bare ``python -c pass``.
``import hypothesis`` is timed twice: as it is (Hypothesis then runs every plugin's entry
point, ours included) and with ``HYPOTHESIS_NO_PLUGINS=1``; the difference is what our entry
point costs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

CASES = {
    "bare interpreter": ("pass", {}),
    "import tabletop_rules": ("import tabletop_rules", {}),
    "import tabletop_rules.m20": ("import tabletop_rules.m20", {}),
    "import hypothesis": ("import hypothesis", {}),
    "import hypothesis (no plugins)": ("import hypothesis", {"HYPOTHESIS_NO_PLUGINS": "1"}),
}


def median_seconds(code: str, env: dict[str, str], runs: int) -> float:
    samples: list[float] = []
    environment = {**os.environ, **env}
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=environment)
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for code, env in CASES.values():  # warm the file system cache and the bytecode
        median_seconds(code, env, 2)
    times = {name: median_seconds(code, env, args.runs) for name, (code, env) in CASES.items()}
    bare = times["bare interpreter"]
    result = {
        "bare_ms": bare * 1000,
        "tabletop_rules_ms": (times["import tabletop_rules"] - bare) * 1000,
        "m20_ms": (times["import tabletop_rules.m20"] - bare) * 1000,
        "hypothesis_plugin_ms": (
            times["import hypothesis"] - times["import hypothesis (no plugins)"]
        )
        * 1000,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"imports: median of {args.runs} fresh interpreters, less a bare one")
    print(f"  bare interpreter                 {result['bare_ms']:6.1f} ms")
    print(f"  import tabletop_rules           +{result['tabletop_rules_ms']:6.1f} ms")
    print(f"  import tabletop_rules.m20       +{result['m20_ms']:6.1f} ms")
    print(f"  our Hypothesis plugin           +{result['hypothesis_plugin_ms']:6.1f} ms")


if __name__ == "__main__":
    main()
