#!/usr/bin/env python3
"""Writes compiled Core ML programs for anesim's tests (docs/program-format.md).

  program_fixtures.py weights FOLDER...
      For each FOLDER/model.mil (or a .mil file), writes the weight files its
      BLOBFILE values name: coremltools' MILBlob layout (a 64-byte header, a
      64-byte descriptor at each offset, the data after it), payloads left as
      holes (sparse, zero-filled), so a 2 GB file takes no disk.
  program_fixtures.py preset MODEL_YAML OUT.mlmodelc [--dialect 1.0|1.3] [--chunks N]
      Writes a model description (configs/models/NAME.yaml) as one program
      whose ops follow the decode step's graph in docs/decode.md: per layer an
      RMSNorm (6 ops and its weight vector), q/k/v, attention (19 ops), o, the
      residual add (1), an RMSNorm, gate/up, the activation (2), down, the
      residual add (1); then the final norm, 2 ops and the lm_head's shards.
      Then writes its weights as above. With --chunks N, OUT is a deployment
      folder as published ones ship: N programs of near-equal layer counts
      (NAME_chunk_01ofNN.mlmodelc, ...) and the head (NAME_lm_head.mlmodelc).
  program_fixtures.py logit-head OUT.mil SLICES [COLUMN_SPLITS]
      Writes a tied int8 logit head of 262144 x 1536 as one function, as
      kasper0406/gemma-coreml-chat stores Gemma's (one scale per vocab row,
      constexpr_blockwise_shift_scale): SLICES near-equal vocab slices, each
      cut in COLUMN_SPLITS along its 1536 inputs (default 1). No weight file.

Only the standard library: the tests run it with Debian's python3.
"""
import math
import os
import re
import struct
import sys

BITS = {"fp16": 16, "fp32": 32, "uint8": 8, "int8": 8, "bf16": 16, "int16": 16,
        "uint16": 16, "int4": 4, "uint1": 1, "uint2": 2, "uint4": 4, "uint3": 3,
        "uint6": 6, "int32": 32, "uint32": 32}
CODES = {"fp16": 1, "fp32": 2, "uint8": 3, "int8": 4, "bf16": 5, "int16": 6, "uint16": 7,
         "int4": 8, "uint1": 9, "uint2": 10, "uint4": 11, "uint3": 12, "uint6": 13,
         "int32": 14, "uint32": 15}
BLOB = re.compile(
    r"tensor<(\w+),\s*\[([^\]]*)\]>\(BLOBFILE\(path\s*=\s*(?:tensor<string,\s*\[\]>|string)"
    r"\(\"([^\"]+)\"\),\s*offset\s*=\s*(?:tensor<uint64,\s*\[\]>|uint64)\((\d+)\)\)\)")


def align64(n):
    return (n + 63) // 64 * 64


def blob_bytes(dtype, shape):
    return (math.prod(shape) * BITS[dtype] + 7) // 8


def write_weights(mil_path):
    folder = os.path.dirname(mil_path)
    files = {}
    with open(mil_path, encoding="utf-8") as f:
        for m in BLOB.finditer(f.read()):
            dtype, dims, path, offset = m.group(1), m.group(2), m.group(3), int(m.group(4))
            shape = [int(d) for d in dims.split(",") if d.strip()]
            rel = path.replace("@model_path/", "", 1)
            files.setdefault(rel, {})[offset] = (dtype, shape)
    for rel, blobs in files.items():
        out = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        end = 64
        with open(out, "wb") as w:
            w.write(struct.pack("<II", len(blobs), 2) + bytes(56))
            for offset in sorted(blobs):
                dtype, shape = blobs[offset]
                if offset < end:
                    sys.exit(f"{mil_path}: blob at {offset} overlaps the one before it")
                data = align64(offset + 64)
                size = blob_bytes(dtype, shape)
                w.seek(offset)
                w.write(struct.pack("<IIQQQ", 0xDEADBEEF, CODES[dtype], size, data, 0) + bytes(32))
                end = data + size
            w.truncate(end)


class Writer:
    """One function's statements, with its weights laid out as MILBlob does."""

    def __init__(self, dialect):
        self.old = dialect == "1.0"
        self.lines = []
        self.offset = 64
        self.n = 0

    def s(self, text):
        return f'tensor<string, []>("{text}")' if self.old else f'string("{text}")'

    def scalar(self, dtype, value):
        return f"tensor<{dtype}, []>({value})" if self.old else f"{dtype}({value})"

    def blob(self, dtype, shape):
        t = f"tensor<{dtype}, [{', '.join(map(str, shape))}]>"
        value = (f'{t}(BLOBFILE(path = {self.s("@model_path/weights/weight.bin")}, '
                 f'offset = {self.scalar("uint64", self.offset)}))')
        self.offset = align64(align64(self.offset + 64) + blob_bytes(dtype, shape))
        return t, value

    def const(self, name, dtype, shape):
        t, value = self.blob(dtype, shape)
        self.lines.append(f'{t} {name} = const()[name = {self.s(name)}, val = {value}];')
        return name

    def op(self, op, args, shape, name=None):
        self.n += 1
        name = name or f"{op}_{self.n}"
        t = f"tensor<fp16, [{', '.join(map(str, shape))}]>"
        a = ", ".join(f"{k} = {v}" for k, v in args.items())
        self.lines.append(f"{t} {name} = {op}({a})[name = {self.s(name)}];")
        return name


def read_preset(path):
    """The few keys of a model description this writer needs (flow-style YAML)."""
    text = open(path, encoding="utf-8").read()

    def key(k):
        m = re.search(rf"^{k}:\s*([^\s#]+)", text, re.M)
        return m.group(1) if m else None

    projections = [dict(re.findall(r"(\w+):\s*([\w.]+)", m.group(1)))
                   for m in re.finditer(r"^\s*-\s*\{(name:[^}]*)\}", text, re.M)]
    head = re.search(r"^lm_head:\s*\{([^}]*)\}", text, re.M)
    head = dict(re.findall(r"(\w+):\s*([\w.]+)", head.group(1))) if head else None
    return int(key("layers")), int(key("hidden")), projections, head


def write_program(w, out, hidden, result):
    header = "program(1.0)" if w.old else "program(1.3)"
    build = ('[buildInfo = dict<tensor<string, []>, tensor<string, []>>({{"coremltools-version", '
             '"7.2"}})]' if w.old else
             '[buildInfo = dict<string, string>({{"coremltools-version", "8.3.0"}})]')
    opset = "ios17" if w.old else "ios18"
    params = [
        f'tensor<int32, [2]> dil = const()[name = {w.s("dil")}, val = tensor<int32, [2]>([1, 1])];',
        f'{"tensor<int32, []>" if w.old else "int32"} groups_1 = const()[name = {w.s("groups_1")}, '
        f'val = {w.scalar("int32", 1)}];',
        f'{"tensor<string, []>" if w.old else "string"} pad_type = const()[name = {w.s("pad_type")}, '
        f'val = {w.scalar("string", chr(34) + "valid" + chr(34))}];',
        f'tensor<int32, [2]> strides = const()[name = {w.s("strides")}, val = tensor<int32, [2]>([1, 1])];',
    ]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "model.mil"), "w", encoding="utf-8") as f:
        f.write(f"{header}\n{build}\n{{\n    func main<{opset}>(tensor<fp16, [1, {hidden}, 1, 1]> x) {{\n")
        for line in params + w.lines:
            f.write(f"            {line}\n")
        f.write(f"    }} -> ({result});\n}}\n")
    write_weights(os.path.join(out, "model.mil"))


def preset_program(model_yaml, out, dialect, chunks=1):
    layers, hidden, projections, head = read_preset(model_yaml)
    w = Writer(dialect)
    x = "x"
    model_name = os.path.basename(model_yaml).rsplit(".", 1)[0]
    base, longer = divmod(layers, chunks)
    starts = []
    for c in range(chunks):
        starts.append(sum(base + (1 if i < longer else 0) for i in range(c)))

    def folder(tag):
        return out if chunks == 1 else os.path.join(out, f"{model_name}_{tag}.mlmodelc")

    def norm(x, tag):
        g = w.const(f"{tag}_weight", "fp16", [hidden])
        sq = w.op("mul", {"x": x, "y": x}, [1, hidden, 1, 1])
        mean = w.op("reduce_mean", {"x": sq}, [1, 1, 1, 1])
        eps = w.op("add", {"x": mean, "y": w.scalar("fp16", "0x1.0cp-20")}, [1, 1, 1, 1])
        r = w.op("rsqrt", {"x": eps}, [1, 1, 1, 1])
        y = w.op("mul", {"x": x, "y": r}, [1, hidden, 1, 1])
        return w.op("mul", {"x": y, "y": g}, [1, hidden, 1, 1])

    def conv(x, name, cin, cout):
        wt = w.const(f"{name}_weight", "fp16", [cout, cin, 1, 1])
        return w.op("conv", {"dilations": "dil", "groups": "groups_1", "pad_type": "pad_type",
                             "strides": "strides", "weight": wt, "x": x}, [1, cout, 1, 1], name)

    def chain(x, count, shape):
        for _ in range(count):
            x = w.op("add", {"x": x, "y": w.scalar("fp16", "0x0p+0")}, shape)
        return x

    for layer in range(layers):
        if chunks > 1 and layer in starts and layer > 0:
            c = starts.index(layer)
            write_program(w, folder(f"chunk_{c:02d}of{chunks:02d}"), hidden, x)
            w, x = Writer(dialect), "x"
        residual = x
        attention_open = mlp_open = False
        for p in projections:
            name = p["name"]
            cin, cout = int(p["cin"]), int(p["cout"])
            if name in ("q_proj", "k_proj", "v_proj"):
                if not attention_open:
                    h = norm(x, f"layers_{layer}_input_layernorm")
                attention_open = True
                conv(h, f"layers_{layer}_{name}", cin, cout)
            elif name == "o_proj":
                a = chain(h, 19, [1, cin, 1, 1])
                x = conv(a, f"layers_{layer}_{name}", cin, cout)
            elif name in ("gate_proj", "up_proj"):
                if not mlp_open:
                    x = w.op("add", {"x": x, "y": residual}, [1, hidden, 1, 1])
                    residual = x
                    h = norm(x, f"layers_{layer}_post_attention_layernorm")
                mlp_open = True
                conv(h, f"layers_{layer}_{name}", cin, cout)
            elif name == "down_proj":
                a = chain(h, 2, [1, cin, 1, 1])
                x = conv(a, f"layers_{layer}_{name}", cin, cout)
        x = w.op("add", {"x": x, "y": residual}, [1, hidden, 1, 1])
    if chunks > 1:
        write_program(w, folder(f"chunk_{chunks:02d}of{chunks:02d}"), hidden, x)
        w, x = Writer(dialect), "x"
    if head and head.get("streamed", "true") == "true":
        x = norm(x, "norm")
        x = chain(x, 2, [1, hidden, 1, 1])
        cin, cout, shards = int(head["cin"]), int(head["cout"]), int(head.get("shards", 1))
        base, longer = divmod(cout, shards)
        outs = []
        for i in range(shards):
            outs.append(conv(x, f"lm_head_{i}", cin, base + (1 if i < longer else 0)))
        result = outs[-1]
    else:
        result = chain(x, 2, [1, hidden, 1, 1])
    write_program(w, folder("lm_head"), hidden, result)


def logit_head(path, slices, col_splits=1, rows_total=262144, cols=1536):
    off = 64
    lines = ['tensor<int32, [2]> strides = const()[name = string("strides"), '
             'val = tensor<int32, [2]>([1, 1])];',
             'string pad_type = const()[name = string("pad_type"), val = string("valid")];']
    base, longer = divmod(rows_total, slices)
    width = cols // col_splits
    blob = 'BLOBFILE(path = string("@model_path/weights/weight.bin"), offset = uint64({}))'
    for i in range(slices):
        rows = base + (1 if i < longer else 0)
        for j in range(col_splits):
            n = f"s{i}_{j}"
            t = f"tensor<int8, [{rows}, {width}, 1, 1]>"
            lines.append(f'{t} {n}_data = const()[name = string("{n}_data"), '
                         f'val = {t}({blob.format(off)})];')
            off = align64(align64(off + 64) + rows * width)
            t = f"tensor<fp16, [{rows}, 1, 1, 1]>"
            lines.append(f'{t} {n}_scale = const()[name = string("{n}_scale"), '
                         f'val = {t}({blob.format(off)})];')
            off = align64(align64(off + 64) + rows * 2)
            lines.append(f'tensor<fp16, [{rows}, {width}, 1, 1]> {n}_w = constexpr_blockwise_shift_scale'
                         f'(data = {n}_data, scale = {n}_scale)[name = string("{n}_w")];')
            lines.append(f'tensor<fp16, [1, {rows}, 1, 1]> {n} = conv(pad_type = pad_type, '
                         f'strides = strides, weight = {n}_w, x = x{j})[name = string("{n}")];')
    inputs = ", ".join(f"tensor<fp16, [1, {width}, 1, 1]> x{j}" for j in range(col_splits))
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"program(1.3)\n{{\n    func main<ios18>({inputs}) {{\n")
        for line in lines:
            f.write(f"            {line}\n")
        f.write("    } -> (s0_0);\n}\n")


def main(argv):
    if len(argv) >= 2 and argv[0] == "weights":
        for folder in argv[1:]:
            write_weights(folder if folder.endswith(".mil") else os.path.join(folder, "model.mil"))
        return 0
    if len(argv) >= 3 and argv[0] == "preset":
        dialect = "1.3"
        if "--dialect" in argv:
            dialect = argv[argv.index("--dialect") + 1]
        chunks = int(argv[argv.index("--chunks") + 1]) if "--chunks" in argv else 1
        preset_program(argv[1], argv[2], dialect, chunks)
        return 0
    if len(argv) >= 3 and argv[0] == "logit-head":
        logit_head(argv[1], int(argv[2]), int(argv[3]) if len(argv) > 3 else 1)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
