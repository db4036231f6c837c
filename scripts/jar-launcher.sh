# Sourced by ./clockwork, clockwork-bench/run and clockwork-chaos/run: the one place that decides
# whether a module's shaded jar must be built and which copy of it to run.
#
#   source "$root/scripts/jar-launcher.sh"
#   jar=$(launcher_jar "$root" clockwork-cli clockwork.jar) || exit 1
#   exec java -jar "$jar"
#
# - A jar is stale when any file that goes into it changed: the pom.xml and src/main (resources
#   included) of the module and of every Clockwork module it depends on outside test scope, read
#   from the poms, and the root pom. Staleness is judged by content (a fingerprint of those files),
#   never by what lies in target/, so `mvn install`, an IDE build or a touched file does not
#   trigger a rebuild, and checking out an older commit does.
# - The jar that runs is a copy under .launcher/ named by its fingerprint. A build writes
#   target/ and then moves a fresh copy into place, so a jar a running process uses (a long
#   `clockwork dev`) is never rewritten under it. The two newest copies per module are kept.
# - A checkout without the module's sources (a binary distribution) runs target/JAR as it is.

# The module and every Clockwork module it depends on outside test scope, one directory per line.
launcher_modules() {
  local root=$1 pending=("$2") seen=" " module dep
  while ((${#pending[@]})); do
    module=${pending[0]}
    pending=("${pending[@]:1}")
    [[ $seen == *" $module "* || ! -f "$root/$module/pom.xml" ]] && continue
    seen="$seen$module "
    echo "$module"
    # <dependency> blocks naming a clockwork-* artifact whose scope is not test
    while read -r dep; do
      pending+=("$dep")
    done < <(awk '
      function value(tag) { return match($0, "<" tag ">[^<]*</" tag ">") ? substr($0, RSTART + length(tag) + 2, RLENGTH - 2 * length(tag) - 5) : "" }
      /<dependency>/ { inside = 1; artifact = ""; scope = "" }
      inside && value("artifactId") != "" { artifact = value("artifactId") }
      inside && value("scope") != "" { scope = value("scope") }
      inside && /<\/dependency>/ { if (artifact ~ /^clockwork-/ && scope != "test") print artifact; inside = 0 }
    ' "$root/$module/pom.xml")
  done
}

# A fingerprint of every file that goes into the module's jar (paths and contents).
launcher_fingerprint() {
  local root=$1 module=$2 inputs=(pom.xml) dir
  while read -r dir; do
    inputs+=("$dir/pom.xml")
    [[ -d "$root/$dir/src/main" ]] && inputs+=("$dir/src/main")
  done < <(launcher_modules "$root" "$module")
  (cd "$root" && find "${inputs[@]}" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha1sum) |
    sha1sum | cut -c1-16
}

# Prints the path of an up-to-date copy of MODULE's jar JAR, building it first when needed.
launcher_jar() {
  local root=$1 module=$2 jar=$3
  if [[ ! -f "$root/$module/pom.xml" ]]; then
    echo "$root/$module/target/$jar"
    return
  fi
  local fingerprint copies copy
  fingerprint=$(launcher_fingerprint "$root" "$module")
  copies="$root/.launcher/$module"
  copy="$copies/${jar%.jar}-$fingerprint.jar"
  if [[ ! -f $copy ]]; then
    mkdir -p "$copies"
    # one build at a time per checkout: a second launcher waits, then finds the copy made
    exec {lock}>"$root/.launcher/build.lock"
    flock "$lock"
    if [[ ! -f $copy ]]; then
      launcher_build "$root" "$module" || { flock -u "$lock"; return 1; }
      cp "$root/$module/target/$jar" "$copy.tmp.$$"
      mv -f "$copy.tmp.$$" "$copy"
      # keep the two newest copies: an older one may still be running, and on Linux a running
      # JVM keeps reading a deleted jar, so removing the rest is safe
      ls -t "$copies"/*.jar | tail -n +3 | xargs -r rm -f
    fi
    flock -u "$lock"
  fi
  echo "$copy"
}

launcher_build() {
  local root=$1 module=$2 started=$SECONDS
  command -v mvn >/dev/null || {
    echo "clockwork: Maven (mvn) is needed to build; install it (apt-get install maven)" >&2
    return 1
  }
  echo "Building $module (mvn package; the first run downloads dependencies)..." >&2
  # Maven 3.8 writes colour resets even in batch mode; keep the terminal clean of them
  if ! (set -o pipefail; cd "$root" && mvn -B -q -Dstyle.color=never -DskipTests \
    -Dspotless.check.skip=true -pl "$module" -am package 2>&1 | sed $'s/\e\\[[0-9;]*m//g' >&2); then
    echo "clockwork: the build of $module failed (output above)" >&2
    return 1
  fi
  echo "Built in $((SECONDS - started)) s." >&2
}

# "+dirty" when the files of the module's jar have uncommitted changes (benchmarks record it).
launcher_dirty() {
  local root=$1 module=$2 paths=(pom.xml) dir
  while read -r dir; do paths+=("$dir/pom.xml" "$dir/src/main"); done < <(launcher_modules "$root" "$module")
  [[ -n "$(git -C "$root" status --porcelain -- "${paths[@]}" 2>/dev/null)" ]] && echo "+dirty"
  return 0
}
