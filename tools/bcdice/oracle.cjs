// BCDice as a test oracle: reads one JSON request a line on stdin, answers one JSON line.
//
// Request:  {"command": "2D6>=7", "faces": [3, 4]}  (without "faces", BCDice rolls its own)
// Answer:   {"text": "(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功", "success": true, "failure": false,
//            "critical": false, "fumble": false, "secret": false,
//            "asked": [6, 6], "exhausted": false, "rands": [[3, 6], [4, 6]]}
//
// BCDice's randomizer is fed the given faces in order, as BCDice's own tests feed it
// (lib/test/randomizer.js replaces `$random`); "asked" lists the sides of every die it
// rolled, and "exhausted" is true when it asked for more faces than it was given.
// A command BCDice does not answer gives {"text": null, ...}; one BCDice raises on (too many
// dice rolled, say) gives {"text": null, "raised": "..."}.
// A request {"table": "名前\n1D6\n1:...", "faces": [...]} rolls an original table
// (BCDice's UserDefinedDiceTable) instead: {"text": ..., "valid": true, "asked": [...], ...},
// text null for a table BCDice does not roll.
// Run by tests/test_notation_bcdice.py (the notation's differential test) and
// tests/exports/test_palettes_bcdice.py (the exported chat palettes); installed by `npm ci`
// (package-lock.json).
"use strict";

const path = require("path");
const readline = require("readline");

const lib = path.join(__dirname, "node_modules", "bcdice", "lib");
const Base = require(path.join(lib, "base")).default;
const Version = require(path.join(lib, "version")).default;
const UserDefinedDiceTable = require(path.join(lib, "user_defined_dice_table")).default;
const { BCDice } = require(path.join(lib, "internal"));

function feed(randomizer, faces) {
  const state = { asked: [], at: 0, exhausted: false };
  Object.assign(randomizer, {
    $random(sides) {
      state.asked.push(sides);
      if (state.at >= faces.length) {
        state.exhausted = true;
        return 1;
      }
      return faces[state.at++];
    },
  });
  return state;
}

function rollTable(text, faces) {
  const table = new UserDefinedDiceTable(text);
  const valid = table.validate();
  const randomizer = BCDice.Randomizer.$new();
  const state = feed(randomizer, faces);
  const result = table.roll(randomizer);
  return {
    text: result === null ? null : result.text,
    valid,
    asked: state.asked,
    exhausted: state.exhausted,
    used: state.at,
  };
}

function evaluate(command, faces) {
  const base = new Base(command);
  const asked = [];
  let at = 0;
  let exhausted = false;
  if (faces === undefined) {
    const result = base.eval();
    return result === null ? { text: null } : { ...fields(result), rands: result.rands };
  }
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
  return { ...fields(result), asked, exhausted, used: at, rands: result.rands };
}

function fields(result) {
  return {
    text: result.text,
    success: result.success,
    failure: result.failure,
    critical: result.critical,
    fumble: result.fumble,
    secret: result.secret,
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
    answer =
      request.table !== undefined
        ? rollTable(request.table, request.faces || [])
        : evaluate(request.command, request.faces);
  } catch (error) {
    answer = { text: null, raised: String(error && error.message ? error.message : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
