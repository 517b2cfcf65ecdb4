# Sourced by the npm package's test and its benchmark: npm_project OUT installs the package
# scripts/build-web packed (OUT/slidegif-VERSION.tgz, path in $tgz) as a user installs it, into
# an empty project in a new temporary directory ($work, removed on exit, with its own home and
# npm cache, never the user's), and makes that project the working directory.
npm_project() {
  tgz=$(ls "$1"/slidegif-*.tgz)
  work=$(mktemp -d "${TMPDIR:-/tmp}/slidegif-npm.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  export HOME=$work/home npm_config_cache=$work/cache npm_config_update_notifier=false
  mkdir -p "$HOME" "$work/project"
  cd "$work/project"
  npm init -y >/dev/null
  npm install --no-audit --no-fund --offline "$tgz" >/dev/null
}
