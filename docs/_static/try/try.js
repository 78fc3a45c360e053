// The "Try it" page (docs/try.md): the library in Pyodide, with three tools.
//
// site.json (written by the docs build, docs/_try_site.py) says where Pyodide is and which
// wheels to install: the library's, built from the same commit, and its dependencies'. They
// are installed with micropip from those files (no index, no resolution), then try_page.py
// (beside this file) answers each click as JSON. The chart is drawn here, as SVG.
// docs/check_try.py drives the page in headless Chromium: it reads
// <html data-try-state> ("ready" or "failed") and each tool's data-done counter.

const here = new URL(".", import.meta.url);
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function setState(state, message) {
  document.documentElement.dataset.tryState = state;
  $("try-status").textContent = message;
  $("try-status").dataset.state = state;
}

function done(tool) {
  const box = $(tool);
  box.dataset.done = String(Number(box.dataset.done || "0") + 1);
}

function fillSelect(select, values, labels = values) {
  select.replaceChildren(
    ...values.map((value, i) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = labels[i];
      return option;
    }),
  );
}

function svg(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Exact counts (decimal text) out of a total, as a percentage for the reader.
function percent(count, total) {
  const scaled = (BigInt(count) * 10000000n) / BigInt(total); // 1e-5 % resolution
  return (Number(scaled) / 100000).toFixed(3).replace(/\.?0+$/, "") + "%";
}

function drawChart(chart) {
  const box = $("roll-chart");
  if (!chart) {
    box.replaceChildren();
    return;
  }
  const width = 640;
  const height = 240;
  const bottom = 36;
  const top = 14;
  const n = chart.values.length;
  const counts = chart.counts.map((c) => BigInt(c));
  const highest = counts.reduce((a, b) => (b > a ? b : a), 1n);
  const step = width / n;
  const plot = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    class: "try-chart",
    "aria-label": "exact distribution",
  });
  const labelEvery = Math.max(1, Math.ceil(n / 16));
  chart.values.forEach((value, i) => {
    const h = (Number((counts[i] * 100000n) / highest) / 100000) * (height - bottom - top);
    const win = chart.wins ? chart.wins[i] : null;
    const bar = svg("rect", {
      x: (i * step + step * 0.1).toFixed(2),
      y: (height - bottom - h).toFixed(2),
      width: (step * 0.8).toFixed(2),
      height: h.toFixed(2),
      class: win === null ? "bar" : win ? "bar win" : "bar loss",
      "data-value": value,
      "data-count": chart.counts[i],
    });
    bar.append(
      svg("title", {}, `${value}: ${chart.counts[i]}/${chart.total} (${percent(chart.counts[i], chart.total)})`),
    );
    plot.append(bar);
    if (i % labelEvery === 0 || i === n - 1) {
      plot.append(
        svg("text", { x: (i * step + step / 2).toFixed(2), y: height - bottom + 16, class: "tick" }, String(value)),
      );
    }
  });
  plot.append(svg("line", { x1: 0, x2: width, y1: height - bottom, y2: height - bottom, class: "axis" }));
  plot.append(
    svg("text", { x: 2, y: 11, class: "peak" }, `${percent(String(highest), chart.total)} (highest)`),
  );
  const note = document.createElement("p");
  note.className = "try-note";
  note.textContent = chart.shown_all
    ? `The ${chart.axis}: ${n} values, each with its exact count out of ${chart.total} (hover a bar).`
    : `The ${chart.axis}: the ${n} likeliest values of a wider distribution, each out of ${chart.total}.`;
  box.replaceChildren(plot, note);
}

async function start() {
  setState("loading", "Loading Python (Pyodide) and the library…");
  const site = await (await fetch(new URL("site.json", here))).json();
  const indexURL = new URL(site.pyodide, here).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  await pyodide.loadPackage(new URL(site.micropip, here).href, { messageCallback: () => {} });
  pyodide.globals.set("WHEELS", pyodide.toPy(site.wheels.map((w) => new URL(w, here).href)));
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(list(WHEELS), deps=False)");
  const source = await (await fetch(new URL("try_page.py", here))).text();
  pyodide.FS.writeFile("/home/pyodide/try_page.py", source);
  const page = pyodide.pyimport("try_page");
  const version = pyodide.runPython("import sys, tabletop_rules; f'tabletop_rules {tabletop_rules.__version__}, CPython {sys.version.split()[0]}'");
  // A Python exception (which the library's own refusals never are) is shown as a refusal.
  const call = (name, ...args) => {
    try {
      return JSON.parse(page.call(name, JSON.stringify(args)));
    } catch (error) {
      console.error(error);
      return { ok: false, reason: `The page failed: ${String(error).split("\n").filter(Boolean).pop()}` };
    }
  };
  return { call, version };
}

function setUpRoller(call, locales, systems) {
  fillSelect($("roll-locale"), locales);
  fillSelect($("roll-system"), ["", ...systems], ["common dice language", ...systems]);
  const seed = new Uint32Array(1);
  crypto.getRandomValues(seed);
  $("roll-seed").value = String(seed[0]);
  $("roll-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const answer = call("roll", $("roll-text").value, $("roll-locale").value, $("roll-system").value, Number($("roll-seed").value || 0));
    const out = $("roll-explanation");
    if (answer.ok) {
      out.textContent = answer.explanation;
      out.dataset.ok = "true";
      $("roll-probability").textContent = answer.probability ? `Exact probability of success: ${answer.probability}` : "";
      drawChart(answer.chart);
    } else {
      out.textContent = answer.chat ? "That is not a dice command: a bot would read it as chat." : answer.reason;
      out.dataset.ok = "false";
      $("roll-probability").textContent = "";
      drawChart(null);
    }
    done("try-roll");
  });
}

function setUpBuilder(call, locales, systems) {
  fillSelect($("build-system"), systems.map((s) => s.name));
  fillSelect($("build-locale"), locales);
  const samples = Object.fromEntries(systems.map((s) => [s.name, s.sample]));
  let exported = null;
  const check = () => {
    const answer = call("build", $("build-system").value, $("build-sheet").value, $("build-locale").value);
    answer.problems ??= [answer.reason];
    const list = $("build-problems");
    list.replaceChildren(
      ...answer.problems.map((problem) => {
        const item = document.createElement("li");
        item.textContent = problem;
        return item;
      }),
    );
    exported = answer.problems.length ? null : answer.ccfolia;
    $("build-verdict").textContent = answer.problems.length
      ? `${answer.problems.length} problem(s):`
      : `No problems: ${answer.name} is ready to export.`;
    $("build-verdict").dataset.valid = String(!answer.problems.length);
    $("build-ccfolia").value = exported ?? "";
    $("build-copy").disabled = exported === null;
    $("build-copied").textContent = "";
    done("try-build");
  };
  $("build-system").addEventListener("change", () => {
    $("build-sheet").value = samples[$("build-system").value];
    check();
  });
  $("build-locale").addEventListener("change", check);
  $("build-check").addEventListener("click", check);
  $("build-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(exported);
      $("build-copied").textContent = "Copied: paste it onto a CCFOLIA board.";
    } catch {
      $("build-ccfolia").select();
      const copied = document.execCommand("copy");
      $("build-copied").textContent = copied ? "Copied: paste it onto a CCFOLIA board." : "Select the JSON below and copy it.";
    }
    done("try-build");
  });
  $("build-sheet").value = samples[systems[0].name];
  check();
}

function setUpRecord(call, locales) {
  fillSelect($("record-locale"), locales);
  let steps = [];
  let at = 0;
  const show = () => {
    const box = $("record-step");
    if (!steps.length) {
      box.replaceChildren();
      $("record-position").textContent = "";
      $("record-prev").disabled = true;
      $("record-next").disabled = true;
      return;
    }
    const step = steps[at];
    $("record-position").textContent = `Entry ${at + 1} of ${steps.length}`;
    const head = document.createElement("p");
    head.className = "try-command";
    head.textContent = step.command ?? "The rules' own steps before anyone acts";
    const faces = document.createElement("p");
    faces.className = "try-faces";
    faces.textContent = step.faces.length ? `Faces drawn: ${step.faces.join(", ")}` : "No dice.";
    const events = document.createElement("ol");
    events.replaceChildren(
      ...step.events.map((text) => {
        const item = document.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
    box.replaceChildren(head, faces, events);
    $("record-prev").disabled = at === 0;
    $("record-next").disabled = at === steps.length - 1;
  };
  const verify = () => {
    const answer = call("verify", $("record-json").value, $("record-locale").value);
    const verdict = $("record-verdict");
    if (!answer.ok) {
      verdict.textContent = answer.reason;
      verdict.dataset.valid = "false";
      verdict.dataset.index = "";
      steps = [];
    } else if (!answer.valid) {
      verdict.textContent = answer.reason;
      verdict.dataset.valid = "false";
      verdict.dataset.index = answer.index ?? "";
      steps = [];
    } else {
      const over = answer.over ? "the game is over" : "the game goes on";
      verdict.textContent = `Verified: a ${answer.system} record of ${answer.steps.length} entries, replayed exactly; ${over}.`;
      verdict.dataset.valid = "true";
      verdict.dataset.index = "";
      const keep = steps.length === answer.steps.length;
      steps = answer.steps;
      at = keep ? at : 0;
    }
    show();
    done("try-record");
  };
  $("record-verify").addEventListener("click", verify);
  $("record-locale").addEventListener("change", () => steps.length && verify());
  $("record-example").addEventListener("click", () => {
    const answer = call("example_record", Number($("record-seed").value || 0), $("record-locale").value);
    steps = [];
    if (answer.ok) {
      $("record-json").value = answer.record;
      verify();
      return;
    }
    $("record-verdict").textContent = answer.reason;
    $("record-verdict").dataset.valid = "false";
    $("record-verdict").dataset.index = "";
    show();
    done("try-record");
  });
  $("record-prev").addEventListener("click", () => {
    at = Math.max(0, at - 1);
    show();
    done("try-record");
  });
  $("record-next").addEventListener("click", () => {
    at = Math.min(steps.length - 1, at + 1);
    show();
    done("try-record");
  });
}

try {
  const { call, version } = await start();
  const { systems, locales } = call("systems");
  setUpRoller(call, locales, systems.map((s) => s.name));
  setUpBuilder(call, locales, systems);
  setUpRecord(call, locales);
  for (const button of document.querySelectorAll(".try-tool button")) button.disabled = false;
  $("build-copy").disabled = $("build-ccfolia").value === "";
  $("record-prev").disabled = true;
  $("record-next").disabled = true;
  setState("ready", `Ready: ${version}, in this page.`);
} catch (error) {
  setState("failed", `The library could not start here: ${error}`);
  console.error(error);
}
