#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Unpacks Debian's arm64 OpenJDK 17 runtime (and the arm64 libraries it needs) into build-arm64/root, for the
# linux-aarch_64 end-to-end test, which runs it under qemu-aarch64 -L build-arm64/root. Nothing is installed:
# the packages are downloaded and unpacked with dpkg-deb only (installing arm64 packages with apt would replace
# the host's). Needs root for `dpkg --add-architecture`, which only lets apt fetch arm64 package lists.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=build-arm64/root
if [ -x "$root/usr/lib/jvm/java-17-openjdk-arm64/bin/java" ]; then
  echo "arm64 JRE already in $root"; exit 0
fi
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  dpkg --add-architecture arm64
  apt-get update -qq
fi
dl=build-arm64/debs
mkdir -p "$dl" "$root"
(cd "$dl" && apt-get download -q openjdk-17-jre-headless:arm64 libc6:arm64 zlib1g:arm64 libgcc-s1:arm64 libstdc++6:arm64)
for deb in "$dl"/*.deb; do dpkg-deb -x "$deb" "$root"; done
qemu-aarch64 -L "$root" "$root/usr/lib/jvm/java-17-openjdk-arm64/bin/java" -version
