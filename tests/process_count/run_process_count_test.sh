#!/usr/bin/env bash
# A batch on a machine that runs without SystemC starts no child process
# (src/anesim/analysis/batch/batch_runner.h): under strace, `anesim advise --cin
# 2048 --cout 4096` and `anesim decode --model llama-3.2-1b` make exactly one
# execve, anesim's own. Skipped (exit 77) when strace is missing or may not
# trace here (.ci/install-deps installs it).
set -euo pipefail
anesim=$1
if ! command -v strace >/dev/null || ! strace -qq -e trace=execve -o /dev/null true; then
  echo "process count: strace missing or not permitted; skipped"
  exit 77
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
check() {
  local name=$1
  shift
  # LeakSanitizer cannot run under ptrace: an instrumented build skips it
  # here (the rest of the suite checks leaks).
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -qq -e trace=execve -o "$scratch/$name.trace" "$anesim" "$@" >"$scratch/$name.out"
  local execs
  execs=$(grep -c 'execve(' "$scratch/$name.trace" || true)
  if [ "$execs" -eq 1 ]; then
    echo "ok: anesim $* made 1 execve"
  else
    echo "FAIL: anesim $* made $execs execve calls, expected 1:"
    grep 'execve(' "$scratch/$name.trace" | cut -c1-200
    status=1
  fi
}
check advise advise --cin 2048 --cout 4096
check decode decode --model llama-3.2-1b
exit $status
