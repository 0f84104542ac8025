#!/usr/bin/env node
// Fails (exit 1) when src/api/schema.d.ts is not what `npm run gen:api` would
// produce from openapi.json. The backend writes frontend/openapi.json with
// `python manage.py spectacular --file frontend/openapi.json --format openapi-json`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const schema = join(root, "openapi.json");
const committed = join(root, "src/api/schema.d.ts");
const cli = join(root, "node_modules/openapi-typescript/bin/cli.js");

if (!existsSync(schema)) {
  console.error(
    "check:api: frontend/openapi.json is missing. Generate it from the backend first " +
      "(python manage.py spectacular --file frontend/openapi.json --format openapi-json).",
  );
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "check-api-"));
const fresh = join(dir, "schema.d.ts");
try {
  const run = spawnSync(process.execPath, [cli, schema, "-o", fresh], { encoding: "utf8" });
  if (run.status !== 0) {
    console.error("check:api: openapi-typescript failed:\n" + run.stdout + run.stderr);
    process.exit(1);
  }
  if (!existsSync(committed)) {
    console.error("check:api: src/api/schema.d.ts does not exist. Run `npm run gen:api` and commit it.");
    process.exit(1);
  }
  const a = readFileSync(committed, "utf8").split("\n");
  const b = readFileSync(fresh, "utf8").split("\n");
  if (a.join("\n") === b.join("\n")) {
    console.log("check:api: src/api/schema.d.ts is up to date.");
    process.exit(0);
  }
  let line = 0;
  while (line < Math.max(a.length, b.length) && a[line] === b[line]) line++;
  console.error(
    "check:api: src/api/schema.d.ts is STALE: it differs from what openapi.json generates " +
      `(first difference at line ${line + 1}).\n` +
      `  committed: ${JSON.stringify(a[line] ?? "<end of file>")}\n` +
      `  expected:  ${JSON.stringify(b[line] ?? "<end of file>")}\n` +
      "Run `npm run gen:api` in frontend/ and commit src/api/schema.d.ts.",
  );
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
