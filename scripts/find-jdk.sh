# Sourced by ./ppw-java, ./run-tests and .ci/run: sets JAVA_HOME to a JDK >= 21, or explains and fails.
# Looks at JAVA_HOME, the java on PATH, then the usual install folders, newest first.
# Also sets PPW_JAVA_MAJOR (21, 25, ...) and PPW_JAVA_RUNTIME (the full runtime version, or empty).

# Sets PPW_JAVA_MAJOR and PPW_JAVA_RUNTIME for the JDK at $1; fails when its version cannot be told.
# The JDK's 'release' file (every JDK since 9 has one) says it without starting a JVM, which costs
# about as much as a small ppw-java run itself; a JDK without one is asked.
ppw_jdk_version() {
  local line
  PPW_JAVA_MAJOR= PPW_JAVA_RUNTIME=
  if [ -r "$1/release" ]; then
    while IFS= read -r line; do
      case $line in
        JAVA_VERSION=*) line=${line#JAVA_VERSION=}; line=${line//\"/}; PPW_JAVA_MAJOR=${line%%[!0-9]*} ;;
        JAVA_RUNTIME_VERSION=*) line=${line#JAVA_RUNTIME_VERSION=}; PPW_JAVA_RUNTIME=${line//\"/} ;;
      esac
    done <"$1/release"
  fi
  if [ -z "$PPW_JAVA_MAJOR" ]; then
    PPW_JAVA_MAJOR=$("$1/bin/java" -XshowSettings:properties -version 2>&1 |
      sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  [ -n "$PPW_JAVA_MAJOR" ]
}

# Succeeds, setting JAVA_HOME, when $1 is a JDK >= 21.
ppw_use_jdk() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] && ppw_jdk_version "$1" && [ "$PPW_JAVA_MAJOR" -ge 21 ] &&
    export JAVA_HOME="$1"
}

ppw_find_jdk() {
  local c home
  # JAVA_HOME first, before anything that starts a process: the launcher runs this every time.
  [ -n "${JAVA_HOME:-}" ] && ppw_use_jdk "$JAVA_HOME" && return 0
  if command -v javac >/dev/null 2>&1; then
    c=$(readlink -f "$(command -v javac)") && ppw_use_jdk "${c%/bin/javac}" && return 0
  fi
  for home in $(ls -d /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* /usr/java/* \
                "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* 2>/dev/null | sort -rV); do
    ppw_use_jdk "$home" && return 0
  done
  echo "ppw-java needs a JDK 21 or newer (java and javac); none found in JAVA_HOME, PATH or /usr/lib/jvm." >&2
  echo "Install one (README.md, 'Set-up', says where) and set JAVA_HOME to it." >&2
  return 1
}
