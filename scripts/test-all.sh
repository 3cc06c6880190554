#!/usr/bin/env bash
# Runs every suite — types, unit, build, end-to-end — and ends with one line "N passed, M failed".
# Installs Debian's chromium when it is missing and we are root; otherwise says how.
set -u
cd "$(dirname "$0")/.."
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
passed=0
failed=0
results=$(mktemp -d)

if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >"$results/apt.log" 2>&1 || { cat "$results/apt.log"; }
  fi
  if [ ! -x "$CHROMIUM_PATH" ]; then
    echo "The browser tests need Chromium at $CHROMIUM_PATH. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH."
  fi
fi

# The end-to-end suite runs against Debian's nginx with deploy/nginx.conf when it is there (as in CI).
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's nginx (with brotli) for the server tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static) >"$results/apt-nginx.log" 2>&1 || cat "$results/apt-nginx.log"
fi
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

step "typecheck (tsc)" npx tsc -p .

echo "== unit tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile="$results/unit.json"
if [ -s "$results/unit.json" ]; then
  read -r up uf < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites||0))' "$results/unit.json")
  passed=$((passed + up)); failed=$((failed + uf))
else
  failed=$((failed + 1))
fi

step "build (npm run build)" npm run build --silent

echo "== end-to-end tests (node:test + playwright-core + Chromium)"
if [ -d dist ]; then
  # A test that hangs fails after 15 minutes instead of holding CI (a file must end within it too: the slowest, axe
  # over every page in one colour mode, a11y.test.ts and a11y-dark.test.ts, take 8-12 minutes each).
  node --import tsx --test --test-concurrency=1 --test-timeout=900000 --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$results/e2e.tap" test/e2e/*.test.ts
  ep=$(grep -E '^# pass ' "$results/e2e.tap" | awk '{print $3}'); ef=$(grep -E '^# fail ' "$results/e2e.tap" | awk '{print $3}')
  ec=$(grep -E '^# cancelled ' "$results/e2e.tap" | awk '{print $3}')
  passed=$((passed + ${ep:-0})); failed=$((failed + ${ef:-1} + ${ec:-0}))
else
  echo "!! no dist/: end-to-end tests not run"; failed=$((failed + 1))
fi

rm -rf "$results"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
