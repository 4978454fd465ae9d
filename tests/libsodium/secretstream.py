#!/usr/bin/python3
"""libsodium's crypto_secretstream_xchacha20poly1305 (through python3-nacl) as an oracle for the Java tests.

Reads one JSON request on stdin, writes one JSON answer on stdout. Byte strings are hex.
  {"op": "push", "key": K, "steps": [S...]}            -> {"header": H, "out": [hex message | null per step]}
  {"op": "pull", "key": K, "header": H, "steps": [S...]} -> {"out": [{"m": hex, "tag": t} | "fail" | null ...]}
  {"op": "file-encrypt", "key": K, "files": [[in, out]...]}   libsodium's 65,536-byte loop (docs/CLI.md format)
  {"op": "file-decrypt", "key": K, "files": [[in, out]...]}   -> {"out": [{"ok": bool, "why": text}...]}
A step is {"m": hex, "ad": hex or null, "tag": t} (push), {"c": hex, "ad": hex or null} (pull),
{"rekey": true}, or {"counter": n} (sets the 32-bit message counter, to reach the automatic rekey).
"""
import json
import struct
import sys

import nacl.bindings as b
import nacl.exceptions

CHUNK = 65536
ABYTES = b.crypto_secretstream_xchacha20poly1305_ABYTES
FINAL = b.crypto_secretstream_xchacha20poly1305_TAG_FINAL
MESSAGE = b.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE


def h(x):
    return None if x is None else bytes.fromhex(x)


def set_counter(state, n):
    # crypto_secretstream_xchacha20poly1305_state: k[32], nonce[12] (counter[4] little-endian, inonce[8]), _pad[8]
    state.statebuf[32:36] = struct.pack("<I", n)


def common(state, step):
    if step.get("rekey"):
        b.crypto_secretstream_xchacha20poly1305_rekey(state)
        return True
    if "counter" in step:
        set_counter(state, step["counter"])
        return True
    return False


def push(req):
    state = b.crypto_secretstream_xchacha20poly1305_state()
    header = b.crypto_secretstream_xchacha20poly1305_init_push(state, h(req["key"]))
    out = []
    for s in req["steps"]:
        if common(state, s):
            out.append(None)
        else:
            out.append(b.crypto_secretstream_xchacha20poly1305_push(state, h(s["m"]), h(s.get("ad")), s["tag"]).hex())
    return {"header": header.hex(), "out": out}


def pull(req):
    state = b.crypto_secretstream_xchacha20poly1305_state()
    b.crypto_secretstream_xchacha20poly1305_init_pull(state, h(req["header"]), h(req["key"]))
    out = []
    for s in req["steps"]:
        if common(state, s):
            out.append(None)
            continue
        try:
            m, tag = b.crypto_secretstream_xchacha20poly1305_pull(state, h(s["c"]), h(s.get("ad")))
            out.append({"m": m.hex(), "tag": tag})
        except (nacl.exceptions.RuntimeError, nacl.exceptions.ValueError):
            out.append("fail")
    return {"out": out}


def file_encrypt(key, src, dst):
    state = b.crypto_secretstream_xchacha20poly1305_state()
    with open(src, "rb") as fin, open(dst, "wb") as fout:
        fout.write(b.crypto_secretstream_xchacha20poly1305_init_push(state, key))
        chunk = fin.read(CHUNK)
        while True:
            nxt = fin.read(CHUNK)
            tag = MESSAGE if nxt else FINAL
            fout.write(b.crypto_secretstream_xchacha20poly1305_push(state, chunk, None, tag))
            if not nxt:
                return {"ok": True}
            chunk = nxt


def file_decrypt(key, src, dst):
    state = b.crypto_secretstream_xchacha20poly1305_state()
    with open(src, "rb") as fin, open(dst, "wb") as fout:
        header = fin.read(b.crypto_secretstream_xchacha20poly1305_HEADERBYTES)
        b.crypto_secretstream_xchacha20poly1305_init_pull(state, header, key)
        while True:
            c = fin.read(CHUNK + ABYTES)
            try:
                m, tag = b.crypto_secretstream_xchacha20poly1305_pull(state, c, None)
            except (nacl.exceptions.RuntimeError, nacl.exceptions.ValueError):
                return {"ok": False, "why": "bad chunk"}
            fout.write(m)
            if tag == FINAL:
                return {"ok": fin.read(1) == b"", "why": "data after FINAL"}
            if len(m) != CHUNK:
                return {"ok": False, "why": "short chunk before FINAL"}


def files(fn):
    return lambda req: {"out": [fn(h(req["key"]), src, dst) for src, dst in req["files"]]}


req = json.load(sys.stdin)
ops = {"push": push, "pull": pull, "file-encrypt": files(file_encrypt), "file-decrypt": files(file_decrypt)}
json.dump(ops[req["op"]](req), sys.stdout)
