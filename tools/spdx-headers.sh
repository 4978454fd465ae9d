#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX license headers on every source file tracked by git.
#
#   tools/spdx-headers.sh           adds "SPDX-License-Identifier: Apache-2.0" where it is missing: as a // line on
#                                   top of Java, C and JavaScript files, as a # line in shell, CMake and YAML files
#                                   (after a #! line where there is one)
#   tools/spdx-headers.sh --check   changes nothing; lists the files without it and exits 1 if there are any (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
tag="SPDX-License-Identifier: Apache-2.0"
check=false
[ "${1:-}" = --check ] && check=true

comment_for() { # prints the comment leader for a path, or nothing for files that take no header
    case "$1" in
        *.java|*.c|*.h|*.mjs) echo "//" ;;
        *.sh|*.cmake|*/CMakeLists.txt|CMakeLists.txt|.ci/run|*.yml|*.yaml) echo "#" ;;
    esac
}

missing=0
while IFS= read -r f; do
    leader="$(comment_for "$f")"
    [ -n "$leader" ] || continue
    head -n 3 "$f" | grep -q "$tag" && continue
    if $check; then
        echo "no SPDX header: $f"
        missing=$((missing + 1))
        continue
    fi
    if head -n 1 "$f" | grep -q '^#!'; then
        { head -n 1 "$f"; echo "$leader $tag"; tail -n +2 "$f"; } > "$f.spdx"
    else
        { echo "$leader $tag"; cat "$f"; } > "$f.spdx"
    fi
    chmod --reference="$f" "$f.spdx"
    mv "$f.spdx" "$f"
    echo "added: $f"
done < <(git ls-files)

if $check; then
    if [ "$missing" -gt 0 ]; then
        echo "spdx: $missing file(s) without '$tag' (run tools/spdx-headers.sh)" >&2
        exit 1
    fi
    echo "spdx: every source file has '$tag'"
fi
