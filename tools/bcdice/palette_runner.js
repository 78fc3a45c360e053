// Rolls commands with BCDice's generic dice bot (DiceBot) of the pinned bcdice package.
//
// Reads a JSON object {"times": N, "commands": ["2D6+3>=7", ...]} on standard input and
// writes a JSON array with, for each command, null (BCDice does not read it as a command)
// or N results {text, success, failure, critical, fumble, rands: [[value, sides], ...]}.
// tests/exports/test_palettes_bcdice.py runs it after `npm ci` in this folder.
"use strict";

const { DynamicLoader, Version } = require("bcdice");

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const times = Math.max(1, Math.min(1000, request.times | 0));
  const DiceBot = await new DynamicLoader().dynamicLoad("DiceBot");
  const answers = request.commands.map((command) => {
    const results = [];
    for (let i = 0; i < times; i++) {
      const result = DiceBot.eval(String(command));
      if (!result) return null;
      results.push({
        text: result.text,
        success: result.success,
        failure: result.failure,
        critical: result.critical,
        fumble: result.fumble,
        rands: result.rands,
      });
    }
    return results;
  });
  process.stdout.write(JSON.stringify({ version: Version, answers }));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error) + "\n");
  process.exit(1);
});
