#!/usr/bin/env bash
# Where one trace's read goes (not part of the test run): wall and CPU time of reading into the folder and
# of its end of input, with the launcher's JVM settings. See bench/PhaseBench.java.
#   bench/phase-bench.sh /tmp/ppw-bench/read/compact-v2-300mb-1.pfw 15 2
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
# shellcheck disable=SC2086
exec "$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m ${JAVA_OPTS:-} \
    -cp "$root/cli/target/ppw-java.jar" "$root/bench/PhaseBench.java" "$@"
