#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Consumer check: builds tests/consumer against the jchacha that `mvn install` put in ~/.m2 (the main jar plus the
# classifier jar for this platform, as README's quick start says), then runs it on the class path and as a named
# module, on JDK 17 and (where installed) Temurin 25; any output on standard error (a JDK warning) fails it.
# Run from anywhere after `mvn install`; MVN_OPTS (e.g. -o) goes to the consumer's build.
set -euo pipefail
cd "$(dirname "$0")"
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' ../../pom.xml | head -1)"
mvn -B -ntp -q ${MVN_OPTS:-} -Djchacha.version="$version" package
main="target/lib/jchacha-$version.jar"
natives="$(ls target/lib/jchacha-"$version"-*.jar)"
modules="target/classes:$main:$(ls target/lib/*.jar | grep -v "/jchacha-$version" | tr '\n' ':')"

jdks=(/usr/lib/jvm/java-17-openjdk-amd64/bin/java)
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
if [ -x "$jdk25" ]; then
    jdks+=("$jdk25")
elif [ "${CI:-}" = true ]; then
    echo "consumer: $jdk25 missing (CI must have it)" >&2; exit 1
else
    echo "consumer: JDK 25 not installed, skipped"
fi
passed=0
err="$(mktemp)"
trap 'rm -f "$err"' EXIT
for java in "${jdks[@]}"; do
    for mode in classpath module; do
        if [ "$mode" = classpath ]; then
            cmd=("$java" --enable-native-access=ALL-UNNAMED -cp "target/classes:$(ls target/lib/*.jar | tr '\n' ':')" io.jchacha.consumer.Main)
        else
            cmd=("$java" --enable-native-access=io.jchacha --module-path "$modules" -cp "$natives"
                 -m io.jchacha.consumer/io.jchacha.consumer.Main)
        fi
        out="$("${cmd[@]}" 2>"$err")" || { cat "$err" >&2; echo "consumer: FAILED: ${cmd[*]}" >&2; exit 1; }
        if [ -s "$err" ]; then
            cat "$err" >&2; echo "consumer: FAILED (standard error not empty): ${cmd[*]}" >&2; exit 1
        fi
        echo "$out"
        passed=$((passed + 1))
    done
done
echo "consumer: $passed passed, 0 failed"
