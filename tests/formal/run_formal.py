#!/usr/bin/env python3
"""Run one formal check of rtl/kdma_prefetch_ring.sv with yosys `sat`.

Modes (exit status 0 = the check PASSED, 1 = FAILED, 2 = tool/setup error):
  prove   the temporal-induction proof must succeed ("Induction step proven:
          SUCCESS!" in the solver's output; the exit code of yosys is not
          trusted, it is 0 whether the proof holds or not).
  cex     the solver must find a counterexample in the base case ("model found
          for base case: FAIL!"); the trace is written as a VCD and checked:
          at the first failing step the ring is busy, its page grant is 0 and
          the lines left to issue (lines_q - issued_q) are a nonzero multiple
          of 0x4000.
  mutant  like prove, but the check PASSES only when the proof FAILS (either a
          base-case counterexample or no induction length up to --maxsteps).

Only the Python standard library is used. See docs/formal.md.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PROVEN = "Induction step proven: SUCCESS!"
BASE_FAIL = "model found for base case: FAIL!"
NO_CONVERGE = "Reached maximum number of time steps -> proof failed."

LAP = 0x4000  # one ring revolution in lines


def log(msg):
    print(f"[formal] {msg}", flush=True)


SED = "sed"


def run_sed(args, src, dst):
    """sed -E <args> src > dst"""
    with open(dst, "w") as out:
        subprocess.run([SED, "-E"] + args + [src], stdout=out, check=True)


def package_names(pkg):
    """The localparams, typedefs and enum values rtl/kdma_pkg.sv declares."""
    with open(pkg) as f:
        text = re.sub(r"//[^\n]*", "", f.read())
    names = re.findall(r"\blocalparam\s+(?:\w+\s+)*?(\w+)\s*=", text)
    for body, name in re.findall(r"\btypedef\s+enum\b[^{]*\{([^}]*)\}\s*(\w+)\s*;", text):
        names.append(name)
        names += re.findall(r"\b(\w+)\s*(?:=[^,]*)?(?:,|$)", body.strip())
    if not names:
        log(f"ERROR: no names found in {pkg}")
        sys.exit(2)
    return names


def prepare_rtl(repo, workdir, mutation):
    src = os.path.join(repo, "rtl", "kdma_prefetch_ring.sv")
    ring = os.path.join(workdir, "kdma_prefetch_ring.sv")
    if mutation:
        mutated = os.path.join(workdir, "mutant.sv")
        run_sed(["-e", mutation], src, mutated)
        with open(src) as a, open(mutated) as b:
            if a.read() == b.read():
                log(f"ERROR: mutation '{mutation}' did not change the RTL")
                sys.exit(2)
        diff = subprocess.run(["diff", src, mutated], capture_output=True, text=True)
        log("mutation applied:\n" + diff.stdout.rstrip())
        src = mutated
    # yosys 0.23 cannot parse a package import in the module header: the
    # import goes, and every name the package declares is qualified.
    names = "|".join(package_names(os.path.join(repo, "rtl", "kdma_pkg.sv")))
    run_sed(["-e", r"/^\s*import kdma_pkg::\*;/d",
             "-e", r"s/\b(" + names + r")\b/kdma_pkg::\1/g"],
            src, ring)
    shutil.copy(os.path.join(repo, "rtl", "kdma_assert.svh"), workdir)


def write_script(args, workdir):
    with open(os.path.join(HERE, "kdma_prefetch_ring.ys.in")) as f:
        text = f.read()
    defines = "-DKDMA_FORMAL_STRENGTHEN" if args.strengthen else ""
    for key, val in {"DEFINES": defines, "WORKDIR": workdir,
                     "REPO": os.path.abspath(args.repo),
                     "EPOCH_BITS": str(args.epoch_bits),
                     "SPACE_GUARD": str(args.space_guard),
                     "RELATCH": str(args.relatch),
                     "TIME_SHARE": str(args.time_share),
                     "MAXSTEPS": str(args.maxsteps)}.items():
        text = text.replace(f"@{key}@", val)
    path = os.path.join(workdir, "check.ys")
    with open(path, "w") as f:
        f.write(text)
    return path


def count_cells(workdir, cell):
    with open(os.path.join(workdir, "stat.txt")) as f:
        m = re.search(r"^\s*\$" + cell + r"\s+(\d+)\s*$", f.read(), re.M)
    return int(m.group(1)) if m else 0


def parse_model(text):
    """The table yosys prints after 'model found for base case: FAIL!':
    {step: {signal: int}}; step 0 is the 'init' row."""
    start = text.index(BASE_FAIL)
    steps = {}
    row = re.compile(r"^\s+(init|\d+)\s+(\S+)\s+\S+\s+\S+\s+([01xX]+)\s*$")
    for line in text[start:].splitlines():
        if line.startswith("Dumping") or line.startswith("End of script"):
            break
        m = row.match(line)
        if not m:
            continue
        step = 0 if m.group(1) == "init" else int(m.group(1))
        name = m.group(2)
        if name.startswith("\\"):
            name = name[1:]
        bits = m.group(3)
        steps.setdefault(step, {})[name] = (
            None if "x" in bits.lower() else int(bits, 2), len(bits))
    return steps


def write_vcd(steps, path, title):
    """One clock cycle of 10 ns per solver step: the rising edge at the start
    of a step, register values (..._q) as they are after that edge."""
    # clk_i is not driven by the solver (async2sync/sat use an implicit
    # clock): a real clock is drawn instead.
    names = sorted({n for s in steps.values() for n in s
                    if not n.startswith("$") and n != "clk_i"})
    widths = {}
    for s in steps.values():
        for n, (_, w) in s.items():
            widths[n] = w
    ids = {}
    for i, n in enumerate(["clk_i"] + names):
        ident, k = "", i
        while True:
            ident += chr(33 + k % 94)
            k //= 94
            if not k:
                break
        ids[n] = ident
    out = ["$comment", f"  {title}", "$end", "$timescale 1ns $end",
           "$scope module kdma_prefetch_ring $end",
           f"$var wire 1 {ids['clk_i']} clk_i $end"]
    out += [f"$var wire {widths[n]} {ids[n]} {n} $end" for n in names]
    out += ["$upscope $end", "$enddefinitions $end"]
    last = {}
    for step in sorted(k for k in steps if k >= 1):
        t = (step - 1) * 10
        out.append(f"#{t}")
        out.append(f"1{ids['clk_i']}")
        for n in names:
            val, w = steps[step].get(n, (None, widths[n]))
            v = ("x" * w) if val is None else format(val, f"0{w}b")
            if last.get(n) != v:
                out.append(f"{v}{ids[n]}" if w == 1 else f"b{v} {ids[n]}")
                last[n] = v
        out.append(f"#{t + 5}")
        out.append(f"0{ids['clk_i']}")
    out.append(f"#{(max(steps) ) * 10}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def find_starvation(steps):
    """First step where busy && lines_q - issued_q != 0 && pool_q == 0."""
    def v(s, n):
        return steps[s][n][0]
    for step in sorted(k for k in steps if k >= 2):
        if v(step, "rst_ni") != 1:
            continue
        remaining = (v(step, "lines_q") - v(step, "issued_q")) % (1 << 32)
        if v(step, "busy_q") == 1 and remaining != 0 and v(step, "pool_q") == 0:
            log(f"  trace: {len(steps) - 1} steps (step 1 = reset); the starvation "
                f"property fails at step {step}:")
            log(f"  start_line=0x{v(step, 'start_q'):08x} lines=0x{v(step, 'lines_q'):08x} "
                f"issued=0x{v(step, 'issued_q'):08x} remaining=0x{remaining:08x} "
                f"credit={v(step, 'credit_q')} pool={v(step, 'pool_q')}")
            return remaining
    return None


def check_cex(steps, vcd):
    """The starvation property must fail with a nonzero multiple of 0x4000
    lines left to issue."""
    remaining = find_starvation(steps)
    log(f"  VCD: {vcd}   (open with: gtkwave {vcd})")
    if remaining is None:
        log("  no step of the trace violates busy && remaining != 0 -> pool != 0")
        return False
    if remaining % LAP == 0:
        log(f"  remaining = {remaining // LAP} x 0x4000: whole laps left alias to empty")
        return True
    log("  remaining is NOT a multiple of 0x4000")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["prove", "cex", "mutant"], required=True)
    ap.add_argument("--repo", default=os.path.join(HERE, "..", ".."))
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--epoch-bits", type=int, default=19)
    ap.add_argument("--space-guard", type=int, default=1)
    ap.add_argument("--relatch", type=int, default=0)
    ap.add_argument("--time-share", type=int, default=1)
    ap.add_argument("--maxsteps", type=int, default=6)
    ap.add_argument("--mutation", default="", help="sed -E expression applied to the RTL")
    ap.add_argument("--no-strengthen", dest="strengthen", action="store_false",
                    help="leave out the KDMA_FORMAL_STRENGTHEN invariants")
    ap.add_argument("--min-asserts", type=int, default=1)
    ap.add_argument("--vcd", default="")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--sed", default="sed")
    args = ap.parse_args()
    global SED
    SED = args.sed

    workdir = os.path.abspath(args.workdir)
    os.makedirs(workdir, exist_ok=True)
    prepare_rtl(os.path.abspath(args.repo), workdir, args.mutation)
    script = write_script(args, workdir)
    logfile = os.path.join(workdir, "yosys.log")
    log(f"{args.mode}: EpochBits={args.epoch_bits} SpaceGuard={args.space_guard} "
        f"maxsteps={args.maxsteps} strengthen={int(args.strengthen)}")
    t0 = time.monotonic()
    with open(logfile, "w") as lf:
        rc = subprocess.run([args.yosys, "-s", script], stdout=lf,
                            stderr=subprocess.STDOUT, cwd=workdir).returncode
    elapsed = time.monotonic() - t0
    with open(logfile) as f:
        text = f.read()
    if rc != 0 or "ERROR:" in text:
        log(f"yosys failed (rc={rc}), see {logfile}")
        for line in text.splitlines():
            if "ERROR" in line:
                log("  " + line)
        return 2
    nassert, nassume = count_cells(workdir, "assert"), count_cells(workdir, "assume")
    log(f"design: {nassert} assertions, {nassume} assumptions")
    if nassert < args.min_asserts or nassume < 2:
        log(f"ERROR: expected at least {args.min_asserts} assertions and 2 assumptions")
        return 2

    lengths = re.findall(r"Trying induction with length (\d+)", text)
    depth = lengths[-1] if lengths else "?"
    if PROVEN in text:
        verdict = "proven"
        log(f"solver: '{PROVEN}' (induction length {depth}, {elapsed:.1f} s)")
    elif BASE_FAIL in text:
        verdict = "cex"
        log(f"solver: '{BASE_FAIL}' (base case length {depth}, {elapsed:.1f} s)")
    elif NO_CONVERGE in text:
        verdict = "unknown"
        log(f"solver: '{NO_CONVERGE}' (no induction up to length {depth}, {elapsed:.1f} s)")
    else:
        log(f"ERROR: no verdict found in {logfile}")
        return 2

    if args.mode == "prove":
        ok = verdict == "proven"
        log(f"PROOF {'PASS' if ok else 'FAIL'}: all assertions hold for ever (k-induction)"
            if ok else f"PROOF FAIL ({verdict}), see {logfile}")
    elif args.mode == "mutant":
        ok = verdict != "proven"
        if verdict == "cex":
            steps = parse_model(text)
            vcd = os.path.abspath(args.vcd or os.path.join(workdir, "counterexample.vcd"))
            write_vcd(steps, vcd, "kdma_prefetch_ring mutant: counterexample")
            if find_starvation(steps) is None:
                log("  the starvation property holds in this trace: another assertion "
                    "(invariant) fails, see the trace")
                for step in sorted(k for k in steps if k >= 2):
                    row = steps[step]
                    if row.get("rst_ni", (0,))[0] != 1:
                        continue
                    for reg, ghost in (("credit_q", "f_credit"), ("pool_q", "f_pool")):
                        if ghost in row and row[reg][0] != row[ghost][0]:
                            log(f"  step {step}: strengthening invariant {reg} == {ghost} "
                                f"fails ({row[reg][0]} != {row[ghost][0]})")
            log(f"  VCD: {vcd}")
        log(f"mutant: the proof FAILED as it must ({verdict}) -> test PASS" if ok
            else "mutant: the proof still SUCCEEDS: it is vacuous for this mutation -> test FAIL")
    else:
        if verdict != "cex":
            log(f"cex: the solver did not find the bug ({verdict}) -> test FAIL")
            return 1
        steps = parse_model(text)
        vcd = os.path.abspath(args.vcd or os.path.join(workdir, "counterexample.vcd"))
        write_vcd(steps, vcd, f"kdma_prefetch_ring EpochBits={args.epoch_bits}: "
                  f"counterexample to busy && issued < lines -> page grant != 0")
        ok = check_cex(steps, vcd)
        log("cex: " + ("PASS" if ok else "FAIL"))
    log(("PASS" if ok else "FAIL") + f" ({elapsed:.1f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
