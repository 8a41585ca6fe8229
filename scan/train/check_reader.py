#!/usr/bin/python3
"""Checks that reader.py reads as the C scanner does: same classes on every training photo.

Runs the shipped weights (scan/model/digits.bin, parsed by its header) in PyTorch on the cached
cells of `train.py` (--work, default /tmp/scan-train), reads them with reader.py, and compares
with `build/sudoku scan --json` on the same photos. Exit 1 on any difference. Offline, like
train.py: /usr/bin/python3 scan/train/check_reader.py
"""
import argparse
import json
import os
import struct
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

import reader
import train


def load_layers(path):
    blob = open(path, "rb").read()
    side, classes, n = struct.unpack_from("<3I", blob, 8)
    shapes = [struct.unpack_from("<3I", blob, 20 + 12 * k) for k in range(n)]
    floats = np.frombuffer(blob, "<f4", offset=20 + 12 * n + 4)
    layers, at = [], 0
    for kind, inputs, outputs in shapes:
        size = outputs * inputs * (9 if kind == 1 else 1)
        w = torch.from_numpy(floats[at:at + size].copy())
        b = torch.from_numpy(floats[at + size:at + size + outputs].copy())
        at += size + outputs
        layers.append((kind, w.view(outputs, inputs, 3, 3) if kind == 1 else w.view(outputs, inputs), b))
    if at != floats.size:
        sys.exit(f"{path}: {floats.size - at} floats left over")
    return layers


def probabilities(layers, cells):
    x = torch.from_numpy(cells.astype(np.float32) / 255.0).unsqueeze(1)
    with torch.no_grad():
        for kind, w, b in layers:
            if kind == 1:
                x = F.max_pool2d(F.relu(F.conv2d(x, w, b, padding=1)), 2)
            else:
                x = x.flatten(1) @ w.T + b
                x = F.relu(x) if kind == 2 else torch.softmax(x, 1)
    return x.numpy()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="scan/model/digits.bin")
    ap.add_argument("--work", default="/tmp/scan-train")
    ap.add_argument("--dataset", default="build/scan-data")
    ap.add_argument("--phones", default="build/scan-phones/datasets/end_to_end",
                    help="as train.py's --phones; '' without the phone photos")
    ap.add_argument("--sudoku", default="build/sudoku")
    args = ap.parse_args()
    layers = load_layers(args.model)
    photos = np.load(os.path.join(args.work, f"cells-dump{'-phones' if args.phones else ''}.npz"), allow_pickle=True)["photos"].item()
    same = differ = 0
    for rel, (cells, _) in sorted(photos.items()):
        if cells is None:
            continue
        ours = reader.read(probabilities(layers, cells), cells)
        out = subprocess.run([args.sudoku, "scan", "--json", train.photo_path(args, rel)],
                             capture_output=True, text=True)
        r = json.loads(out.stdout)
        theirs = [int(p) if p != "." else (9 + int(e) if e != "." else 0)
                  for p, e in zip(r["puzzle"], r["entries"])]
        for i in r["pencil"]:
            theirs[i] = reader.PENCIL
        if list(map(int, ours)) == theirs:
            same += 1
        else:
            differ += 1
            print(f"{rel}: cells {[i for i in range(81) if ours[i] != theirs[i]]} differ")
    print(f"reader.py and {args.sudoku}: {same} photos read alike, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
