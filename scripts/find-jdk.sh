# Sourced by ./ppw-java, ./run-tests and .ci/run: sets JAVA_HOME to a JDK >= 21, or explains and fails.
# Looks at JAVA_HOME, the java on PATH, then the usual install folders, newest first.

ppw_java_major() { # prints the major version of the java binary $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

ppw_find_jdk() {
  local candidates=() c home major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v javac >/dev/null 2>&1; then
    c=$(readlink -f "$(command -v javac)") && candidates+=("${c%/bin/javac}")
  fi
  for c in $(ls -d /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* /usr/java/* \
             "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* 2>/dev/null | sort -rV); do
    candidates+=("$c")
  done
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    major=$(ppw_java_major "$home/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      export JAVA_HOME="$home"
      return 0
    fi
  done
  echo "ppw-java needs a JDK 21 or newer (java and javac); none found in JAVA_HOME, PATH or /usr/lib/jvm." >&2
  echo "Install one (for example Temurin 21+) and set JAVA_HOME to it." >&2
  return 1
}
