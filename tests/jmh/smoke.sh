#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The benchmarks jar builds and its suite -> report pipeline runs end to end: a few seconds of JMH per cell, so the
# figures mean nothing; what it checks is that the suite, OpenSSL's measurement and the report still fit together
# after a change (the benchmarks use io.jchacha.internal, so an internal signature change breaks this build).
# Usage: tests/jmh/smoke.sh (from the project root; builds target/jchacha-benchmarks.jar with -Pbench)
set -euo pipefail
mvn -B -ntp -q -Pbench -DskipTests package
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
java -jar target/jchacha-benchmarks.jar suite --sizes 64 --parts stream,aead --backends auto,java \
     --forks 1 --warmup 1 --warmup-time 50 --measure 2 --time 50 \
     --openssl "$out/openssl.json" --out "$out/results.json" > "$out/suite.log" 2>&1 \
    || { cat "$out/suite.log"; exit 1; }
java -jar target/jchacha-benchmarks.jar report --md "$out/results.md" "$out/results.json" > "$out/report.log" 2>&1 \
    || { cat "$out/report.log"; exit 1; }
fail() { echo "jmh smoke: $1" >&2; exit 1; }
grep -q '"jchachaOpenssl"' "$out/results.json" || fail "the suite's results carry no OpenSSL figures"
grep -q '^| `auto` never slower than forced `java` (seal, every size) | [0-9]* | min ' "$out/results.md" \
    || fail "the report's target rows have no figures"
grep -q '^| jchacha auto' "$out/results.md" || fail "the report has no jchacha table row"
ls "$out"/*.png > /dev/null 2>&1 || fail "the report drew no chart"
if grep -q '^model name' /proc/cpuinfo 2>/dev/null && grep -q '^cpu family' /proc/cpuinfo; then
    grep -q '"jchachaCpu" *: *"[^"]*(family [0-9]*, model [0-9]*)' "$out/results.json" \
        || fail "the suite's results do not name the CPU's family and model"
fi
# results from another CPU must not join a report: the same file with another CPU named refuses
sed 's/"jchachaCpu" *: *"/&other CPU: /' "$out/results.json" > "$out/other.json"
if java -jar target/jchacha-benchmarks.jar report --md "$out/mixed.md" "$out/results.json" "$out/other.json" \
        > "$out/mixed.log" 2>&1; then
    fail "the report merged results from two CPUs"
fi
grep -q "one machine's figures" "$out/mixed.log" || { cat "$out/mixed.log"; fail "the two-CPU refusal does not say why"; }
# ... while the same CPU without the flags a JVM's probe saw (none where the native library did not load) joins
sed 's/\("jchachaCpu" *: *"[^"]*\) \[[^]"]*\]"/\1"/' "$out/results.json" > "$out/noflags.json"
cmp -s "$out/results.json" "$out/noflags.json" && fail "the suite's CPU line names no flags to drop"
java -jar target/jchacha-benchmarks.jar report --md "$out/same.md" "$out/results.json" "$out/noflags.json" \
    > "$out/same.log" 2>&1 || { cat "$out/same.log"; fail "the report refused one CPU named without its flags"; }
# the side-by-side harness checks that both sides agree before it times them, and prints one line per cell
java -Drounds=2 -DwarmupMs=50 -DsliceMs=2 -jar target/jchacha-benchmarks.jar sidebyside stream,seal,open 64 \
    > "$out/sidebyside.log" 2>&1 || { cat "$out/sidebyside.log"; fail "sidebyside failed"; }
[ "$(grep -cE '^(stream|seal|open) 64 [0-9]+ [0-9]+ [0-9.]+ ' "$out/sidebyside.log")" = 3 ] \
    || { cat "$out/sidebyside.log"; fail "sidebyside printed no line for a cell"; }
# paired forks: one round per part prints its line and a table row with a ratio
java -jar target/jchacha-benchmarks.jar paired --sizes 64 --rounds 1 --warmup 1 --warmup-time 50 --measure 2 \
     --time 50 > "$out/paired.log" 2>&1 || { cat "$out/paired.log"; fail "paired failed"; }
[ "$(grep -cE '^\| (stream|seal|open) \| 64 B \| [0-9]+ \| [0-9]+ \| [0-9.]+ \|' "$out/paired.log")" = 3 ] \
    || { cat "$out/paired.log"; fail "paired printed no table row for a part"; }
echo "jmh smoke: suite, OpenSSL, report, sidebyside and paired ran ($(grep -c '"benchmark"' "$out/results.json") results)"
