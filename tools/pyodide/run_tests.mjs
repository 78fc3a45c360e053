// Run pytest under Pyodide (CPython for WebAssembly) in Node, from local files only.
//
//   node run_tests.mjs WHEELS PROJECT [-- PYTEST ARGS...]
//
// WHEELS is a folder of pure-Python wheels: micropip's, the project's (built from the
// checkout) and every test dependency's (`nox -s pyodide` downloads them with pip). Each is
// installed with micropip from the local file: nothing is fetched. PROJECT is the checkout,
// mounted at /project, where pytest runs (the tests import the installed wheel, not src/).
// Environment: HYPOTHESIS_PROFILE and PYTEST_ADDOPTS pass through; JUNIT_DIR, if set, is
// mounted at /junit for a `--junitxml=/junit/...` report. The exit code is pytest's.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const separator = process.argv.indexOf("--");
const [wheels, project] = process.argv.slice(2, separator < 0 ? undefined : separator).map((p) => resolve(p));
const pytestArgs = separator < 0 ? [] : process.argv.slice(separator + 1);
if (!wheels || !project) {
  console.error("usage: node run_tests.mjs WHEELS PROJECT [-- PYTEST ARGS...]");
  process.exit(2);
}

const env = { HOME: "/home/pyodide" };
for (const name of ["HYPOTHESIS_PROFILE", "PYTEST_ADDOPTS"]) {
  if (process.env[name] !== undefined) env[name] = process.env[name];
}
const pyodide = await loadPyodide({ env });
// Raw writes, so that pytest's progress dots are not cut into lines.
pyodide.setStdout({ write: (bytes) => (process.stdout.write(bytes), bytes.length) });
pyodide.setStderr({ write: (bytes) => (process.stderr.write(bytes), bytes.length) });
const mounts = { "/wheels": wheels, "/project": project };
if (process.env.JUNIT_DIR) mounts["/junit"] = resolve(process.env.JUNIT_DIR);
for (const [where, root] of Object.entries(mounts)) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, where);
}

const files = readdirSync(wheels).filter((name) => name.endsWith(".whl")).sort();
const micropip = files.find((name) => name.startsWith("micropip-"));
if (!micropip) {
  console.error(`no micropip wheel in ${wheels}`);
  process.exit(2);
}
// micropip itself is loaded from its wheel on disk; it then installs the others from
// emfs: paths (the Emscripten file system), with no index and no dependency resolution.
await pyodide.loadPackage(resolve(wheels, micropip), { messageCallback: () => {} });
pyodide.globals.set("WHEELS", pyodide.toPy(files.filter((name) => name !== micropip).map((name) => `emfs:/wheels/${name}`)));
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
const status = await pyodide.runPythonAsync(`
import os
import sys

import micropip

await micropip.install(list(WHEELS), deps=False)
print(f"Pyodide: CPython {sys.version.split()[0]} on {sys.platform}; {len(WHEELS)} wheels installed from local files")
os.chdir("/project")
import pytest

int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
process.exit(Number(status));
