"""Small safetensors files for the tests: a header and zero bytes."""

import json
import struct

BYTES = {"F16": 2, "BF16": 2, "F32": 4, "I8": 1}


def header_bytes(tensors, metadata=None):
    """tensors: {name: (dtype, shape)} laid out back to back. Returns the
    JSON header and the data length."""
    header, offset = {}, 0
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, (dtype, shape) in tensors.items():
        n = BYTES[dtype]
        for d in shape:
            n *= d
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + n]}
        offset += n
    return header, offset


def write_safetensors(path, tensors, metadata=None, raw_header=None, data_bytes=None):
    """Writes a safetensors file; raw_header (a dict or bytes) replaces the
    computed header, data_bytes the data length (sparse zeros)."""
    header, data = header_bytes(tensors, metadata)
    if raw_header is not None:
        header = raw_header
    text = header if isinstance(header, bytes) else json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        f.truncate(8 + len(text) + (data if data_bytes is None else data_bytes))
    return path


def llama_like(layers=2, hidden=256, inter=512, vocab=1000, lm_head=True):
    """A tiny Llama-shaped model: PyTorch keeps weights as [out, in]."""
    t = {"model.embed_tokens.weight": ("BF16", (vocab, hidden)), "model.norm.weight": ("BF16", (hidden,))}
    for i in range(layers):
        p = f"model.layers.{i}."
        t[p + "self_attn.q_proj.weight"] = ("BF16", (hidden, hidden))
        t[p + "self_attn.k_proj.weight"] = ("BF16", (hidden // 4, hidden))
        t[p + "mlp.down_proj.weight"] = ("BF16", (hidden, inter))
        t[p + "input_layernorm.weight"] = ("BF16", (hidden,))
    if lm_head:
        t["lm_head.weight"] = ("F16", (vocab, hidden))
    return t
