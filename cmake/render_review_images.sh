#!/bin/sh
# Renders the two GTKWave review layouts for the bug and the fix into
# docs/img/ (the `review-images` target; on demand, not in CI). Needs Debian's
# xvfb, x11-apps (xwd) and netpbm besides gtkwave:
#   apt-get install --no-install-recommends xvfb xauth x11-apps netpbm
# Usage: cmake/render_review_images.sh ANESIM [SETTLE_SECONDS], from the repository root
# (the layouts name docs/dram_cmd.gtkwfilter relative to it).
set -eu
anesim=$1
settle=${2:-6}
for tool in xvfb-run gtkwave xwd xwdtopnm pnmtopng; do
  command -v "$tool" >/dev/null || { echo "review-images: $tool not found (see $0)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for variant in bug fix; do
  # The README's transfer, at x = 0 where the bug grants no lookahead.
  "$anesim" --variant "$variant" --lines 0x4000 --cores 2 --vcd "$work/$variant.vcd" \
    --wave-cycles 4000 >/dev/null
  for layout in ring_review line_journey; do
    out=docs/img/${layout}_${variant}_x0.png
    # GTKWave draws asynchronously: give it time, then grab the whole screen.
    xvfb-run -a -s "-screen 0 1600x1100x24" sh -c "
      gtkwave --rcvar 'hide_sst on' --rcvar 'splash_disable on' '$work/$variant.vcd' \
        docs/$layout.gtkw >/dev/null 2>&1 &
      pid=\$!
      sleep $settle
      xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng > '$work/shot.png'
      kill \$pid"
    test -s "$work/shot.png"
    mv "$work/shot.png" "$out"
    echo "review-images: $out"
  done
done
