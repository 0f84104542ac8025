// The one Node API the tests use (no @types/node in this project): reading a source file.
declare module "node:fs" {
  export function readFileSync(path: string | URL, encoding: "utf8"): string;
}
