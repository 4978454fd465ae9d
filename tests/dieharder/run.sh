#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Statistical sanity run: a handful of fast dieharder tests on each generator's output, read from
# `jchacha random` through a pipe (dieharder -g 200 reads raw bytes from standard input; the generator stops
# quietly when dieharder closes the pipe). A FAILED result fails the run; a WEAK one is re-run once on fresh
# output (a WEAK p-value turns up by chance in about 1 test in 100) and must then pass.
# Usage: tests/dieharder/run.sh [path/to/jchacha-cli.jar]
set -uo pipefail
JAR=${1:-target/jchacha-cli.jar}
TESTS=${DIEHARDER_TESTS:-"0 2 15 100"}
GENERATORS=("--rounds 8" "--rounds 12" "--rounds 20" "--secure")
status=0
passed=0
failed=0

one() { # $1 generator options, $2 test number; prints dieharder's result lines, returns 0 PASSED, 1 WEAK, 2 FAILED
    local out
    # shellcheck disable=SC2086
    out=$(java -jar "$JAR" random $1 | dieharder -g 200 -d "$2" 2>&1 | grep -E '\|[[:space:]]*(PASSED|WEAK|FAILED)')
    echo "$out"
    if grep -q FAILED <<<"$out" || [ -z "$out" ]; then return 2; fi
    if grep -q WEAK <<<"$out"; then return 1; fi
    return 0
}

for g in "${GENERATORS[@]}"; do
    for t in $TESTS; do
        start=$SECONDS
        one "$g" "$t"; r=$?
        if [ $r -eq 1 ]; then
            echo "  ($g, test $t) WEAK: re-running once on fresh output"
            one "$g" "$t"; r=$?
            [ $r -eq 1 ] && r=2
        fi
        echo "  ($g, test $t): $([ $r -eq 0 ] && echo ok || echo FAILED) in $((SECONDS - start)) s"
        if [ $r -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; fi
    done
done
echo "dieharder: $passed passed, $failed failed"
exit $status
