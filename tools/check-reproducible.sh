#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Reproducible builds: builds the committed tree (HEAD) in fresh folders whose paths differ, and compares the
# SHA-256 of every artifact: each jar (classifier jars, sources, javadoc, CLI), the SBOM and each native library.
#
#   tools/check-reproducible.sh            two builds of HEAD, in two temporary folders (-DskipTests package)
#   tools/check-reproducible.sh DIR        one build of HEAD, compared with what is already built in DIR (CI passes
#                                          the checkout it has just built and tested, so only one extra build runs)
#
# Extra Maven options go in MVN_OPTS_REPRO (e.g. -o). Exits 1 listing the artifacts that differ.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/jchacha-repro.XXXXXX)"
trap 'rm -rf "$work"' EXIT

build() { # $1: folder to build HEAD in
    mkdir -p "$1"
    git -C "$root" archive HEAD | tar -x -C "$1"
    (cd "$1" && mvn -B -ntp -q ${MVN_OPTS_REPRO:-} -DskipTests package)
}

sums() { # $1: built folder -> "sha256  relative path" for every artifact, sorted
    (cd "$1" && sha256sum target/*.jar target/bom.* prebuilt/*/*.so prebuilt/*/*.dll prebuilt/*/*.dylib 2>/dev/null | sort -k2)
}

if [ $# -ge 1 ]; then
    first="$(cd "$1" && pwd)"
else
    first="$work/a/jchacha"
    build "$first"
fi
second="$work/second-build/elsewhere/jchacha"
build "$second"

sums "$first" > "$work/first.sha256"
sums "$second" > "$work/second.sha256"
count=$(wc -l < "$work/first.sha256")
if [ "$count" -lt 10 ]; then
    echo "reproducible: only $count artifacts in $first" >&2
    exit 1
fi
if ! diff -u "$work/first.sha256" "$work/second.sha256"; then
    echo "reproducible: FAILED, the artifacts above differ between $first and $second" >&2
    exit 1
fi
echo "reproducible: $count artifacts byte-identical between two builds of $(git -C "$root" rev-parse --short HEAD)"
