#!/usr/bin/env bash
# Runs every suite — types, unit, build, end-to-end — and ends with one line "N passed, M failed".
# Installs Debian's browsers and nginx when they are missing and we are root; otherwise says how.
set -u
cd "$(dirname "$0")/.."
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
passed=0
failed=0
results=$(mktemp -d)
# What runs in the background is stopped with the script, however it ends.
tsc_pid= unit_pid= browser_pid=
trap 'for p in $tsc_pid $unit_pid $browser_pid; do kill "$p" 2>/dev/null; done; rm -rf "$results"' EXIT

# What the end-to-end suite drives: Chromium (its headless shell, see CHROMIUM in test/e2e/support.ts) for the whole
# suite; Firefox ESR (Gecko) and WebKitGTK (WebKit, through its WebDriver on a virtual X display) for the reader
# journeys; nginx (with brotli) serving the site as CI does; Java for the W3C Nu HTML Checker (test/e2e/html.test.ts).
# Installed with apt-get when missing and we are root; otherwise the packages are named.
export FIREFOX_PATH="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
export WEBKIT_DRIVER_PATH="${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}"
missing=()
[ -x "$CHROMIUM_PATH" ] || missing+=(chromium-headless-shell)
[ -x "$FIREFOX_PATH" ] || missing+=(firefox-esr)
[ -x "$WEBKIT_DRIVER_PATH" ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
[ -x /usr/sbin/nginx ] || missing+=(nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)
command -v java >/dev/null || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's ${missing[*]} for the end-to-end tests"
    mkdir -p /usr/share/man/man1 # slim Debian images lack it, and Java's package fails to install without it
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >"$results/apt.log" 2>&1 || cat "$results/apt.log"
  else
    echo "The end-to-end tests need Debian's ${missing[*]}: sudo apt-get install ${missing[*]} (or set CHROMIUM_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH; java on the PATH)."
  fi
fi

# The end-to-end suite runs against nginx with deploy/nginx.conf when it is there (as in CI).
if [ -x /usr/sbin/nginx ]; then
  export E2E_SERVER="${E2E_SERVER:-nginx}"
else
  echo "nginx is not installed: the end-to-end tests run against the preview server and test/e2e/nginx.test.ts will fail. Install it with: sudo apt-get install nginx"
fi
echo "== end-to-end server: ${E2E_SERVER:-preview}"

step() { # name, then the command; a step that exits non-zero counts as one failure
  local name=$1; shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "!! $name failed"; fi
}

# Types and unit tests need no dist/ and spend much of their time waiting (vitest on its workers' start), so they
# run beside the build and the end-to-end files; their output is kept aside and printed at the end.
npx tsc -p . >"$results/tsc.log" 2>&1 &
tsc_pid=$!
npx vitest run --reporter=default --reporter=json --outputFile="$results/unit.json" >"$results/unit.log" 2>&1 &
unit_pid=$!

# One build: the end-to-end files all read the dist/ it makes, and none builds the site again.
step "build (npm run build)" npm run build --silent

echo "== end-to-end tests (node:test; Chromium through playwright-core, Firefox ESR through puppeteer-core, WebKitGTK through webdriverio)"
if [ -d dist ]; then
  # One Chromium for every file (see launchBrowser in test/e2e/support.ts); without it each file starts its own.
  if [ -x "$CHROMIUM_PATH" ]; then
    node --import tsx test/e2e/browser-server.ts >"$results/browser.ws" 2>"$results/browser.log" &
    browser_pid=$!
    for _ in $(seq 150); do [ -s "$results/browser.ws" ] && break; sleep 0.2; done
    export E2E_BROWSER_WS="$(head -n1 "$results/browser.ws")"
  fi
  # Two files at a time, one per core (node starts them in name order; the longest, a11y.test.ts, among the first).
  # A test that hangs fails after 15 minutes instead of holding CI.
  node --import tsx --test --test-concurrency=2 --test-timeout=900000 --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$results/e2e.tap" test/e2e/*.test.ts
  [ -n "$browser_pid" ] && { kill "$browser_pid" 2>/dev/null; wait "$browser_pid" 2>/dev/null; browser_pid=; }
  # The reader journeys, engine by engine (their test names start with "[engine width]").
  for engine in chromium firefox webkit; do
    jp=$(grep -cE "^ *ok [0-9]+ - \[$engine [0-9]+ px\]" "$results/e2e.tap"); jf=$(grep -cE "^ *not ok [0-9]+ - \[$engine [0-9]+ px\]" "$results/e2e.tap")
    js=$(grep -cE "^ *ok [0-9]+ - \[$engine [0-9]+ px\].*# SKIP" "$results/e2e.tap")
    echo "== reader journeys in $engine: $((jp - js)) passed, $jf failed, $js skipped (what the driver cannot see)"
  done
  ep=$(grep -E '^# pass ' "$results/e2e.tap" | awk '{print $3}'); ef=$(grep -E '^# fail ' "$results/e2e.tap" | awk '{print $3}')
  ec=$(grep -E '^# cancelled ' "$results/e2e.tap" | awk '{print $3}')
  passed=$((passed + ${ep:-0})); failed=$((failed + ${ef:-1} + ${ec:-0}))
else
  echo "!! no dist/: end-to-end tests not run"; failed=$((failed + 1))
fi

echo "== typecheck (tsc)"
if wait "$tsc_pid"; then ok=1; else ok=0; fi
tsc_pid=
cat "$results/tsc.log"
if [ "$ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "!! typecheck (tsc) failed"; fi

echo "== unit tests (vitest)"
wait "$unit_pid"
unit_pid=
cat "$results/unit.log"
if [ -s "$results/unit.json" ]; then
  read -r up uf < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites||0))' "$results/unit.json")
  passed=$((passed + up)); failed=$((failed + uf))
else
  failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
