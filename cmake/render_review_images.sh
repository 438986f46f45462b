#!/bin/sh
# Renders the two GTKWave review layouts for the bug and the fix (and the
# V and the M4's notch) into
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

# shot LAYOUT_FILE VCD OUT: GTKWave draws asynchronously: give it time, then
# grab the whole screen.
shot() {
  xvfb-run -a -s "-screen 0 1600x1100x24" sh -c "
    gtkwave --rcvar 'hide_sst on' --rcvar 'splash_disable on' '$2' \
      '$1' >/dev/null 2>&1 &
    pid=\$!
    sleep $settle
    xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng > '$work/shot.png'
    kill \$pid"
  test -s "$work/shot.png"
  mv "$work/shot.png" "$3"
  echo "review-images: $3"
}

for variant in bug fix; do
  # The README's transfer, at x = 0 where the bug grants no lookahead.
  "$anesim" --variant "$variant" --lines 0x4000 --cores 2 --vcd "$work/$variant.vcd" \
    --wave-cycles 4000 >/dev/null
  for layout in ring_review line_journey; do
    shot "docs/$layout.gtkw" "$work/$variant.vcd" "docs/img/${layout}_${variant}_x0.png"
  done
done

# Inside the V (x = -64, a grant of 64): the lookahead open for a quarter of
# each 4096-cycle period of the timebase, stop-and-go for the rest. The
# review layout zoomed out 32 times, to show one whole period.
"$anesim" --variant bug --lines $((0x4000 - 64)) --cores 2 --vcd "$work/v.vcd" \
  --wave-cycles 4000 >/dev/null
sed 's/^\*-15\.000000/*-20.000000/' docs/ring_review.gtkw > "$work/period.gtkw"
shot "$work/period.gtkw" "$work/v.vcd" docs/img/ring_review_bug_xm64.png

# The Mac mini M4 at its notch (configs/chips/m4.yaml, ane.demand_depth: 2): the
# stop-and-go path keeps two reads in flight, so in_flight reads 2. A window
# after the memory clock's boost (power.boost_after_cycles: 216950), in the steady state.
"$anesim" --config configs/chips/m4.yaml --lines 0x4000 --cores 2 --vcd "$work/m4.vcd" \
  --wave-from 400000 --wave-cycles 4000 >/dev/null
shot docs/line_journey.gtkw "$work/m4.vcd" docs/img/line_journey_m4_x0.png
