#!/usr/bin/env bash
# Lighthouse's accessibility audit of the web page, as a phone and as a
# desktop (Lighthouse's mobile and desktop presets), on a real
# `sudolens serve`: each must score 1.0, or the failing audits are listed
# and the script fails.
#
#   scripts/lighthouse.sh [BINARY]   (default: target/debug/sudolens)
#
# Lighthouse is the npm package pinned in scripts/lighthouse/package.json
# (12.2.3, its whole tree fixed by package-lock.json), installed with
# `npm ci` into scripts/lighthouse/node_modules when missing (about 20 s,
# once); it drives Debian's chromium, installed with apt-get when missing
# as scripts/browser_tests.sh does. The two audits take about 30 s.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/serve_lib.sh

bin=${1:-target/debug/sudolens}
[ -x "$bin" ] || cargo build

need_chromium
command -v node >/dev/null || { echo "FAIL: node is needed for Lighthouse" >&2; exit 1; }

lh=scripts/lighthouse
if [ ! -x "$lh/node_modules/.bin/lighthouse" ]; then
    (cd "$lh" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi

out=$(mktemp -d)
cleanup() {
    [ -n "${SERVE_PID:-}" ] && kill "$SERVE_PID" 2>/dev/null || true
    rm -rf "$out" "${SERVE_LOG:-}"
}
trap cleanup EXIT
start_serve "$bin"
url=$SERVE_URL

export CHROME_PATH=${CHROMIUM:-$(command -v chromium)}
status=0
for preset in mobile desktop; do
    args=(--only-categories=accessibility --output=json --output-path="$out/$preset.json"
          --quiet --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage")
    [ "$preset" = desktop ] && args+=(--preset=desktop)
    "$lh/node_modules/.bin/lighthouse" "$url" "${args[@]}"
    # The score, and every audit that failed (score 0) with what it found.
    node -e '
        const report = require(process.argv[1]);
        const score = report.categories.accessibility.score;
        console.log(`lighthouse ${report.lighthouseVersion} ${process.argv[2]}: accessibility ${score}`);
        for (const a of Object.values(report.audits)) {
            if (a.score === 0) {
                const items = (a.details && a.details.items) || [];
                console.log(`  failed: ${a.id}: ${a.title}`);
                for (const i of items.slice(0, 5)) console.log(`    ${(i.node && i.node.snippet) || ""}`);
            }
        }
        process.exit(score === 1 ? 0 : 1);
    ' "$out/$preset.json" "$preset" || status=1
done

stop_serve || true
[ "$status" -eq 0 ] || { echo "FAIL: the page's accessibility is under 1.0" >&2; exit 1; }
echo "lighthouse: accessibility 1.0 on mobile and desktop"
