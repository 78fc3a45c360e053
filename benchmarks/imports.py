"""Time imports: the package, every installed rule system, and our Hypothesis plugin.

Usage::

    python benchmarks/imports.py [--runs N] [--json]

Each figure is the median wall time of ``--runs`` fresh interpreters running
``python -c "import X"``, less the median of a bare ``python -c pass``. The rule systems are
those installed, found through the ``tabletop_rules.systems`` entry points as the library
finds them (the example plugin, ``examples/duel``, where it is installed). The cases
alternate, one interpreter of each in turn, so that a burst of load on the machine falls on
all of them alike.
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
from importlib.metadata import entry_points

#: The target of issue 21: a system's import over a bare interpreter.
SYSTEM_TARGET_MS = 100.0


def cases() -> dict[str, tuple[str, dict[str, str]]]:
    """Each case's name, the code a fresh interpreter runs, and the environment it adds."""
    found = {
        f"import {point.module}": (f"import {point.module}", {})
        for point in sorted(entry_points(group="tabletop_rules.systems"), key=lambda p: p.name)
    }
    return {
        "bare interpreter": ("pass", {}),
        "import tabletop_rules": ("import tabletop_rules", {}),
        **found,
        "import hypothesis": ("import hypothesis", {}),
        "import hypothesis (no plugins)": ("import hypothesis", {"HYPOTHESIS_NO_PLUGINS": "1"}),
    }


def run_once(code: str, env: dict[str, str]) -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, **env})
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    timed = cases()
    for code, env in timed.values():  # warm the file system cache and the bytecode
        run_once(code, env)
        run_once(code, env)
    samples: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(args.runs):
        for name, (code, env) in timed.items():
            samples[name].append(run_once(code, env))
    ms = {name: statistics.median(values) * 1000 for name, values in samples.items()}
    bare = ms["bare interpreter"]
    systems = {
        name.removeprefix("import "): ms[name] - bare
        for name in timed
        if name.startswith("import ")
        and name not in {"import tabletop_rules"}
        and not name.startswith("import hypothesis")
    }
    result = {
        "bare_ms": bare,
        "tabletop_rules_ms": ms["import tabletop_rules"] - bare,
        "systems_ms": systems,
        "hypothesis_plugin_ms": ms["import hypothesis"] - ms["import hypothesis (no plugins)"],
        "systems_meet_target": all(value < SYSTEM_TARGET_MS for value in systems.values()),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"imports: median of {args.runs} fresh interpreters each, less a bare one")
    print(f"  bare interpreter                  {bare:6.1f} ms")
    print(f"  import tabletop_rules            +{result['tabletop_rules_ms']:6.1f} ms")
    for module, value in systems.items():
        mark = "" if value < SYSTEM_TARGET_MS else f"  (target: under {SYSTEM_TARGET_MS:.0f} ms)"
        print(f"  import {module:<26}+{value:6.1f} ms{mark}")
    print(f"  our Hypothesis plugin            +{result['hypothesis_plugin_ms']:6.1f} ms")


if __name__ == "__main__":
    main()
