// BCDice as a test oracle: reads one JSON request a line on stdin, answers one JSON line.
//
// Request:  {"command": "2D6>=7", "faces": [3, 4]}
// Answer:   {"text": "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功", "success": true, "failure": false,
//            "critical": false, "fumble": false, "secret": false,
//            "asked": [6, 6], "exhausted": false}
//
// BCDice's randomizer is fed the given faces in order, as BCDice's own tests feed it
// (lib/test/randomizer.js replaces `$random`); "asked" lists the sides of every die it
// rolled, and "exhausted" is true when it asked for more faces than it was given.
// A command BCDice does not answer gives {"text": null, ...}; one BCDice raises on (too many
// dice rolled, say) gives {"text": null, "raised": "..."}.
// Run by tests/test_notation_bcdice.py; installed by `npm ci` (package-lock.json).
"use strict";

const path = require("path");
const readline = require("readline");

const lib = path.join(__dirname, "node_modules", "bcdice", "lib");
const Base = require(path.join(lib, "base")).default;
const Version = require(path.join(lib, "version")).default;

function evaluate(command, faces) {
  const base = new Base(command);
  const asked = [];
  let at = 0;
  let exhausted = false;
  Object.assign(base.randomizer, {
    $random(sides) {
      asked.push(sides);
      if (at >= faces.length) {
        exhausted = true;
        return 1;
      }
      return faces[at++];
    },
  });
  const result = base.eval();
  if (result === null) {
    return { text: null, asked, exhausted, used: at };
  }
  return {
    text: result.text,
    success: result.success,
    failure: result.failure,
    critical: result.critical,
    fumble: result.fumble,
    secret: result.secret,
    asked,
    exhausted,
    used: at,
  };
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
process.stdout.write(JSON.stringify({ version: Version }) + "\n");
lines.on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error) }) + "\n");
    return;
  }
  let answer;
  try {
    answer = evaluate(request.command, request.faces || []);
  } catch (error) {
    answer = { text: null, raised: String(error && error.message ? error.message : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
