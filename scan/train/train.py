#!/usr/bin/python3
"""Train the scanner's digit classifier (scan/classify.c) and export its weights.

Offline only: run with Debian's /usr/bin/python3 (python3-torch, -numpy, -opencv, -pil).
Nothing here runs in `make` or `make test`; README.md in this folder says how to retrain.

DESIGN
The network sees what the C scanner sees: 32x32 cells, 0 = paper, 255 = ink, cut by
build/scan-dump (the scanner's own grid detection and warp), so training and inference share
one preprocessing. Before that tool existed, `--cells outline` warped the dataset's hand-marked
corners with OpenCV; it stays for comparison only.

  cell 1x32x32 /255
    conv3x3 1->16  relu  maxpool2  16x16x16   each conv is batch-normalised in training;
    conv3x3 16->32 relu  maxpool2  32x8x8     the export folds that into its weights
    conv3x3 32->64 relu  maxpool2  64x4x4
    dense 1024->128 relu
    dense 128->20  softmax          0 blank, 1-9 printed, 10-18 handwritten 1-9, 19 pencil marks

The shape is fixed in scan/classify.c too; digits.bin's header names it so a mismatch is found
by scan_classify_model_ok() instead of read as garbage.

Phone photos: the train and val splits of AlexKubiesa/sudoku-scanner (scripts/scan-phones-data.sh;
never its test splits), labelled 0 empty, 1-9 digit, 10 pencil marks. Their labels do not say
whether a digit is printed or written, so such a cell is trained as "digit d in either style": its
loss is -log(p[d] + p[9 + d]), and the style is learnt from the other set and the renders. A
pencil-mark cell is class 19.

Labels: images/imageN.dat gives the printed givens (0 = blank); mixed/imageN.jpg is the same photo
with every empty cell filled by hand, so a mixed cell whose v2 label is 0 takes 9 + the mixed
.dat's digit. Photos: only photos.txt (from datasets/v2_train.desc and v2_mixed_train.desc; the
one mixed id without a v2 train .dat is left out). Printed-digit augmentation is rendered from
the fonts Debian ships (FONTS below) with our own distortions; pencil marks, from Debian's
handwriting fonts (PENCIL_FONTS) on whole rendered pages cut by build/scan-dump.

Determinism: one seed (SEED), one thread, torch.use_deterministic_algorithms; cells, renders and
augmentations come from seeded numpy generators, so a re-run on the same packages gives the same
weights (a different FreeType or PyTorch build may move the last bits).
"""

import argparse
import os
import struct
import subprocess
import sys

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageDraw, ImageFont

import reader

SEED = 20261126
SIDE = 32
CLASSES = 20
PENCIL = 19
EITHER = 20  # label EITHER - 1 + d: digit d, printed or handwritten (phone photos)
FOLDS = 4
HERE = os.path.dirname(os.path.abspath(__file__))

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
]

# Pencil marks are rendered in these handwriting fonts (Debian's fonts-dkg-handwriting,
# fonts-breip, fonts-femkeklaver, fonts-rufscript, fonts-klee). fonts-sjfonts' SteveHand is left
# out: tests/data/scan/rendered-pencil.png is written in it, so that test reads a hand the
# network never saw.
PENCIL_FONTS = [
    "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf",
    "/usr/share/fonts/truetype/fifthhorseman/dkgIt.ttf",
    "/usr/share/fonts/truetype/breip/Breip.ttf",
    "/usr/share/fonts/truetype/femkeklaver/femkeklaver.ttf",
    "/usr/share/fonts/truetype/rufscript/Rufscript010.ttf",
    "/usr/share/fonts/truetype/klee/KleeOne-Regular.ttf",
]
PENCIL_PAGES = 80

# digits.bin: little-endian. Header: magic "SDKN", u32 version, u32 side, u32 classes,
# u32 layer count, then per layer u32 kind (1 conv3x3+relu+maxpool2, 2 dense+relu,
# 3 dense+softmax), u32 inputs, u32 outputs; then f32 1.0 (byte-order check). Then per layer
# its weights (PyTorch order: out, in, ky, kx / out, in) and biases, as f32.
MAGIC = b"SDKN"
VERSION = 1
LAYERS = [(1, 1, 16), (1, 16, 32), (1, 32, 64), (2, 1024, 128), (3, 128, CLASSES)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv2d(i, o, 3, padding=1) for k, i, o in LAYERS if k == 1)
        self.norms = nn.ModuleList(nn.BatchNorm2d(o) for k, i, o in LAYERS if k == 1)
        self.fc1 = nn.Linear(LAYERS[3][1], LAYERS[3][2])
        self.fc2 = nn.Linear(LAYERS[4][1], LAYERS[4][2])
        self.drop = nn.Dropout(0.3)

    def forward(self, x):
        for conv, norm in zip(self.convs, self.norms):
            x = F.max_pool2d(F.relu(norm(conv(x))), 2)
        x = self.drop(F.relu(self.fc1(x.flatten(1))))
        return self.fc2(x)


def allowed_mask():
    """Row per label: 0 for the classes the label allows, -1e9 for the others."""
    m = np.full((EITHER + 9, CLASSES), -1e9, np.float32)
    for c in range(CLASSES):
        m[c, c] = 0.0
    for d in range(1, 10):
        m[EITHER - 1 + d, d] = m[EITHER - 1 + d, 9 + d] = 0.0
    return torch.from_numpy(m)


def read_dat(path):
    with open(path) as f:
        lines = f.read().split("\n")
    digits = [int(t) for line in lines[2:11] for t in line.split()]
    if len(digits) != 81:
        raise ValueError(f"{path}: expected 81 digits")
    return digits


PHONES = "phones/"  # rel prefix of a phone photo: phones/SPLIT/NAME


def photo_list(args=None):
    with open(os.path.join(HERE, "photos.txt")) as f:
        rels = [line.strip() for line in f if line.strip()]
    if args is not None and args.phones:
        for split in ("train", "val"):
            names = sorted(os.listdir(os.path.join(args.phones, split, "images")))
            rels += [PHONES + split + "/" + n[:-4] for n in names if n.endswith(".jpg")]
    return rels


def phone_labels(args, rel):
    split, name = rel[len(PHONES):].split("/")
    with open(os.path.join(args.phones, split, "labels", name + ".txt")) as f:
        raw = [int(t) for t in f.read().split()]
    if len(raw) != 81:
        raise ValueError(f"{rel}: expected 81 labels")
    return [PENCIL if v == 10 else EITHER - 1 + v if v else 0 for v in raw]


def photo_path(args, rel):
    if rel.startswith(PHONES):
        split, name = rel[len(PHONES):].split("/")
        return os.path.join(args.phones, split, "images", name + ".jpg")
    return os.path.join(args.dataset, rel + ".jpg")


def labels_of(dataset, rel):
    printed = read_dat(os.path.join(dataset, "images", os.path.basename(rel) + ".dat"))
    if rel.startswith("images/"):
        return printed
    mixed = read_dat(os.path.join(dataset, rel + ".dat"))
    return [p if p else (9 + m if m else 0) for p, m in zip(printed, mixed)]


def outline_cells(dataset, rel, corners):
    gray = cv2.imread(os.path.join(dataset, rel + ".jpg"), cv2.IMREAD_GRAYSCALE)
    n = 9 * SIDE
    dst = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
    m = cv2.getPerspectiveTransform(np.float32(corners), dst)
    warped = cv2.warpPerspective(gray, m, (n, n), flags=cv2.INTER_AREA).astype(np.float32)
    background = cv2.dilate(warped, np.ones((7, 7), np.uint8))
    ink = np.clip((background - warped) * 255.0 / np.maximum(background, 1.0) * 2.0, 0, 255)
    return ink.reshape(9, SIDE, 9, SIDE).transpose(0, 2, 1, 3).reshape(81, SIDE, SIDE)


def dumped_cells(dumper, path, rel, tmp):
    r = subprocess.run([dumper, path, tmp], capture_output=True)
    if r.returncode == 1:
        return None
    if r.returncode != 0:
        sys.exit(f"{dumper} {rel}: exit {r.returncode}: {r.stderr.decode(errors='replace')}")
    raw = np.fromfile(tmp, dtype=np.uint8)
    if raw.size != 81 * SIDE * SIDE:
        sys.exit(f"{dumper} {rel}: {raw.size} bytes, expected {81 * SIDE * SIDE}")
    return raw.reshape(81, SIDE, SIDE)


def load_cells(args):
    """Returns {rel: (cells uint8 81x32x32 or None when no grid was found, labels)}."""
    cache = os.path.join(args.work, f"cells-{args.cells}{'-phones' if args.phones else ''}.npz")
    if os.path.exists(cache) and not args.fresh:
        z = np.load(cache, allow_pickle=True)
        return z["photos"].item()
    corners = {}
    if args.cells == "outline":
        with open(os.path.join(args.dataset, "outlines.csv")) as f:
            for line in f:
                t = line.strip().split(",")
                if not t[0].endswith(".jpg"):
                    continue
                corners[t[0].replace("./", "")[:-4]] = [[float(t[i]), float(t[i + 1])] for i in (1, 3, 5, 7)]
    photos = {}
    tmp = os.path.join(args.work, "dump.bin")
    for rel in photo_list(args):
        phone = rel.startswith(PHONES)
        if args.cells == "outline" and not phone:
            key = "images/" + os.path.basename(rel)
            cells = outline_cells(args.dataset, rel, corners[key]) if key in corners else None
        else:
            cells = dumped_cells(args.dumper, photo_path(args, rel), rel, tmp)
        labels = phone_labels(args, rel) if phone else labels_of(args.dataset, rel)
        photos[rel] = (None if cells is None else np.asarray(cells, np.uint8), labels)
    np.savez_compressed(cache, photos=np.array(photos, dtype=object))
    return photos


def render_cells(rng, per_class, blanks):
    """Printed digits and blanks drawn at 4x, distorted, reduced to SIDE."""
    big = SIDE * 4
    fonts = {}
    cells, labels = [], []
    for i in range(per_class * 9 + blanks):
        digit = 1 + i % 9 if i < per_class * 9 else 0
        canvas = Image.new("L", (big, big), 0)
        draw = ImageDraw.Draw(canvas)
        if digit:
            path = FONTS[rng.integers(len(FONTS))]
            size = int(rng.integers(19, 29)) * 4
            font = fonts.setdefault((path, size), ImageFont.truetype(path, size))
            x = big / 2 + rng.normal(0, 4)
            y = big / 2 + rng.normal(0, 4)
            draw.text((x, y), str(digit), fill=255, font=font, anchor="mm")
        for side in range(4):
            if rng.random() < 0.35:
                pos = int(rng.integers(0, 12))
                width = int(rng.integers(2, 14))
                slope = int(rng.integers(-5, 6))
                a, b = (pos, pos + slope) if side < 2 else (big - 1 - pos, big - 1 - pos + slope)
                if side % 2 == 0:
                    draw.line([(a, 0), (b, big)], fill=int(rng.integers(120, 256)), width=width)
                else:
                    draw.line([(0, a), (big, b)], fill=int(rng.integers(120, 256)), width=width)
        img = np.asarray(canvas, np.float32)
        angle = rng.normal(0, 3)
        scale = rng.uniform(0.9, 1.1)
        m = cv2.getRotationMatrix2D((big / 2, big / 2), angle, scale)
        img = cv2.warpAffine(img, m, (big, big), flags=cv2.INTER_LINEAR)
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 4.0))
        img = cv2.resize(img, (SIDE, SIDE), interpolation=cv2.INTER_AREA)
        img = img * rng.uniform(0.5, 1.0) + rng.uniform(0, 15) + rng.normal(0, rng.uniform(0, 10), img.shape)
        cells.append(np.clip(img, 0, 255).astype(np.uint8))
        labels.append(digit)
    return np.stack(cells), np.array(labels, np.int64)


def pencil_page(rng, fonts):
    """A grid drawn as a worked page: printed givens, pencil marks in grey handwriting (a
    string of candidates at the top of the cell, or each candidate at its place of a 3x3
    keypad), blank cells; lit unevenly, turned a little and blurred. Returns the grey image and
    the 81 labels (the givens' too: the cutter's levels depend on the whole page's ink)."""
    side = int(rng.integers(420, 900))
    margin = int(rng.integers(15, 60))
    cell = side / 9
    paper = int(rng.integers(170, 250))
    img = Image.new("L", (side + 2 * margin, side + 2 * margin), paper)
    draw = ImageDraw.Draw(img)
    line = int(rng.integers(0, 90))
    thin = max(1, int(cell * rng.uniform(0.015, 0.05)))
    for k in range(10):
        width = thin * int(rng.integers(2, 4)) if k % 3 == 0 else thin
        p = margin + k * cell
        draw.line([(p, margin), (p, margin + side)], fill=line, width=width)
        draw.line([(margin, p), (margin + side, p)], fill=line, width=width)
    labels = [0] * 81
    order = rng.permutation(81)
    givens, marked = order[:int(rng.integers(0, 30))], order[30:30 + int(rng.integers(10, 40))]
    def font(path, size):
        return fonts.setdefault((path, size), ImageFont.truetype(path, size))
    for i in givens:
        d = int(rng.integers(1, 10))
        f = font(FONTS[rng.integers(len(FONTS))], int(cell * rng.uniform(0.5, 0.75)))
        x, y = margin + (i % 9 + 0.5) * cell, margin + (i // 9 + 0.5) * cell
        draw.text((x, y), str(d), fill=int(rng.integers(0, 70)), font=f, anchor="mm")
        labels[i] = d
    for i in marked:
        digits = sorted(rng.choice(np.arange(1, 10), int(rng.integers(2, 6)), replace=False))
        f = font(PENCIL_FONTS[rng.integers(len(PENCIL_FONTS))], int(cell * rng.uniform(0.2, 0.36)))
        grey = max(0, paper - int(rng.integers(50, 160)))
        x0, y0 = margin + (i % 9) * cell, margin + (i // 9) * cell
        if rng.random() < 0.5:
            at = (x0 + cell * rng.uniform(0.08, 0.2), y0 + cell * rng.uniform(0.06, 0.2))
            draw.text(at, "".join(map(str, digits)), fill=grey, font=f, anchor="lt")
        else:
            for d in digits:
                col, row = (d - 1) % 3, (d - 1) // 3
                at = (x0 + cell * (0.2 + 0.3 * col + rng.normal(0, 0.02)),
                      y0 + cell * (0.2 + 0.3 * row + rng.normal(0, 0.02)))
                draw.text(at, str(d), fill=grey, font=f, anchor="mm")
        labels[i] = PENCIL
    a = np.asarray(img, np.float32)
    h, w = a.shape
    ramp = np.linspace(rng.uniform(0.55, 1.0), rng.uniform(0.85, 1.0), w)[None, :]
    a = a * (ramp if rng.random() < 0.5 else ramp.T[:h])
    m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.normal(0, 1.5), 1.0)
    a = cv2.warpAffine(a, m, (w, h), borderValue=float(paper))
    a = cv2.GaussianBlur(a, (0, 0), rng.uniform(0.3, 1.3))
    a = a + rng.normal(0, rng.uniform(0, 6), a.shape)
    return np.clip(a, 0, 255).astype(np.uint8), labels


def stroke_count(cell):
    """How many strokes (8-connected, at least 6 pixels) the cell image holds."""
    _, _, stats, _ = cv2.connectedComponentsWithStats((cell > 96).astype(np.uint8), connectivity=8)
    return int((stats[1:, cv2.CC_STAT_AREA] >= 6).sum())


def render_pencil_pages(rng, dumper, work, pages):
    """The pencil-mark cells scan-dump cuts from `pages` rendered worked pages (pencil_page). A
    cell cut to fewer than two strokes is left out: one small stroke is what a small written
    entry looks like too (the old set's mixed photos are full of them), and a cell cut blank is
    never shown to the network at all."""
    fonts = {}
    cells, labels = [], []
    path, tmp = os.path.join(work, "pencil-page.jpg"), os.path.join(work, "pencil-dump.bin")
    for page in range(pages):
        img, page_labels = pencil_page(rng, fonts)
        cv2.imwrite(path, img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 95))])
        cut = dumped_cells(dumper, path, f"pencil page {page}", tmp)
        if cut is None:
            continue
        for cell, label in zip(cut, page_labels):
            if label == PENCIL and stroke_count(cell) >= 2:
                cells.append(cell)
                labels.append(label)
    return np.stack(cells), np.array(labels, np.int64)


def augment(rng, cells):
    """Small shifts, turns, zooms and contrast changes, as another photo of the same cell."""
    out = np.empty(cells.shape, np.float32)
    c = SIDE / 2
    for i, cell in enumerate(cells):
        m = cv2.getRotationMatrix2D((c, c), rng.normal(0, 2.5), rng.uniform(0.92, 1.08))
        m[:, 2] += rng.uniform(-2, 2, 2)
        img = cv2.warpAffine(cell.astype(np.float32), m, (SIDE, SIDE), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
        img = img * rng.uniform(0.7, 1.25) + rng.normal(0, rng.uniform(0, 6), img.shape)
        out[i] = np.clip(img, 0, 255)
    return out


def to_tensor(cells):
    return torch.from_numpy(np.asarray(cells, np.float32) / 255.0).unsqueeze(1)


def fit(cells, labels, args, log=print):
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    steps = args.epochs * ((len(cells) + args.batch - 1) // args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=steps)
    y = torch.from_numpy(labels)
    allowed = allowed_mask()
    for epoch in range(args.epochs):
        net.train()
        order = rng.permutation(len(cells))
        x = to_tensor(augment(rng, cells[order]))
        total = 0.0
        for s in range(0, len(order), args.batch):
            opt.zero_grad()
            logp = F.log_softmax(net(x[s:s + args.batch]), 1)
            yb = y[order[s:s + args.batch]]
            # -log of the probability of the classes the label allows, smoothed as before
            nll = -torch.logsumexp(logp + allowed[yb], 1)
            loss = (0.98 * nll - 0.02 * logp.mean(1)).mean()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(order[s:s + args.batch])
        log(f"  epoch {epoch + 1}/{args.epochs} loss {total / len(order):.4f}")
    net.eval()
    return net


def predict(net, cells):
    with torch.no_grad():
        return torch.softmax(net(to_tensor(cells)), 1).numpy()


def training_set(photos, rels, rendered):
    cells = [photos[r][0] for r in rels if photos[r][0] is not None]
    labels = [photos[r][1] for r in rels if photos[r][0] is not None]
    xs = np.concatenate([np.concatenate(cells)] + [rendered[0]])
    ys = np.concatenate([np.array(labels, np.int64).reshape(-1), rendered[1]])
    return xs, ys


TASKS = ["printed", "mixed", "phones", "printed as read", "mixed as read", "phones as read"]


def matches(pred, labels):
    """Per cell: the class read is one the label allows (a phone digit in either style)."""
    labels = np.array(labels)
    either = labels >= EITHER
    digit = labels - (EITHER - 1)
    return np.where(either, (pred == digit) | (pred == 9 + digit), pred == labels)


def pencil_counts(pred, labels):
    """(pencil cells read as pencil, pencil cells read as a digit, pencil cells, other
    cells read as pencil, other cells)."""
    labels = np.array(labels)
    pen = labels == PENCIL
    digit = (pred >= 1) & (pred < PENCIL)
    return np.array([(pen & (pred == PENCIL)).sum(), (pen & digit).sum(), pen.sum(),
                     (~pen & (pred == PENCIL)).sum(), (~pen).sum()])


def score(probs_of, photos, rels, held_out=None):
    """Per task: cells right, cells, puzzles exact, puzzles, grids not found. The "as read"
    tasks count the reader's classes (reader.py: entries read against the solution). probs_of
    (rel, cells) gives a photo's probabilities; they go to held_out[rel] when it is given."""
    res = {task: [0, 0, 0, 0, 0] for task in TASKS}
    pencil = np.zeros(5, np.int64)
    wrong = []
    for r in rels:
        kind = "phones" if r.startswith(PHONES) else "printed" if r.startswith("images/") else "mixed"
        cells, labels = photos[r]
        probs = None if cells is None else probs_of(r, cells)
        if held_out is not None and probs is not None:
            held_out[r] = probs
        for task, pred in ((kind, None if probs is None else probs.argmax(1)),
                           (kind + " as read", None if probs is None else reader.read(probs, cells))):
            t = res[task]
            t[1] += 81
            t[3] += 1
            if pred is None:
                t[4] += 1
                continue
            ok = matches(pred, labels)
            t[0] += int(ok.sum())
            t[2] += int(ok.all())
            if task.endswith("as read"):
                wrong += [(r, i, labels[i], int(pred[i])) for i in np.flatnonzero(~ok)]
                if kind == "phones":
                    pencil += pencil_counts(pred, labels)
    return res, wrong, pencil


def group_of(rel):
    """Photos held out together: a photo and its handwritten twin; a phone page's four photos
    (two phones, two orientations: NAME starts with the page, book_page)."""
    if rel.startswith(PHONES):
        return "phones:" + os.path.basename(rel)[:5]
    return os.path.basename(rel)


def folds_of(rels):
    ids = sorted({group_of(r) for r in rels})
    perm = np.random.default_rng(SEED).permutation(len(ids))
    group = {ids[j]: k % FOLDS for k, j in enumerate(perm)}
    return {r: group[group_of(r)] for r in rels}


def fmt_pencil(p):
    return (f"pencil cells: {p[0]}/{p[2]} read as pencil marks "
            f"({100.0 * p[0] / max(p[2], 1):.1f}%), {p[1]} read as a digit; "
            f"other cells read as pencil marks: {p[3]}/{p[4]} ({100.0 * p[3] / max(p[4], 1):.2f}%)")


def fmt(t):
    found = t[1] - 81 * t[4]
    return (f"{t[0]}/{t[1]} cells ({100.0 * t[0] / max(t[1], 1):.2f}%), "
            f"{t[2]}/{t[3]} puzzles exact, {t[4]} grids not found "
            f"({100.0 * t[0] / max(found, 1):.2f}% of the cells of found grids)")


def cmd_cv(args, photos, rendered):
    """The cross-validation; with args.command "reread", the held-out probabilities a cv run
    saved (held-out.npz in --work) read again by the current reader.py, no network trained."""
    rels = photo_list(args)
    saved = os.path.join(args.work, "held-out.npz")
    if args.command == "reread":
        held = np.load(saved, allow_pickle=True)["probs"].item()
    fold = folds_of(rels)
    total = {task: [0] * 5 for task in TASKS}
    pencil_total = np.zeros(5, np.int64)
    lines = []
    per_photo = {}
    held_out = {}
    for k in range(FOLDS) if args.fold is None else [args.fold - 1]:
        train = [r for r in rels if fold[r] != k]
        test = [r for r in rels if fold[r] == k]
        print(f"fold {k + 1}: {len(train)} train photos, {len(test)} held out", flush=True)
        if args.command == "reread":
            res, wrong, pencil = score(lambda r, cells: held[r], photos, test)
        else:
            net = fit(*training_set(photos, train, rendered), args)
            res, wrong, pencil = score(lambda r, cells: predict(net, cells), photos, test, held_out)
        if args.export_folds and args.command == "cv":
            # the fold's network and its held-out photos, for reading them with the C scanner
            os.makedirs(args.export_folds, exist_ok=True)
            export(net, os.path.join(args.export_folds, f"fold{k + 1}.bin"))
            with open(os.path.join(args.export_folds, f"fold{k + 1}.txt"), "w") as f:
                f.writelines(r + "\n" for r in test)
        pencil_total += pencil
        for task in total:
            if not res[task][3]:
                continue
            total[task] = [a + b for a, b in zip(total[task], res[task])]
            lines.append(f"fold {k + 1} {task}: {fmt(res[task])}")
            print(lines[-1], flush=True)
        if pencil[2] or pencil[4]:
            lines.append(f"fold {k + 1} phones as read, {fmt_pencil(pencil)}")
            print(lines[-1], flush=True)
        for w in wrong:
            print(f"    {w[0]} cell {w[1]}: label {w[2]} read {w[3]}")
            per_photo[w[0]] = per_photo.get(w[0], 0) + 1
    for task in total:
        if total[task][3]:
            lines.append(f"all {task}: {fmt(total[task])}")
            print(lines[-1])
    if pencil_total[2] or pencil_total[4]:
        lines.append(f"all phones as read, {fmt_pencil(pencil_total)}")
        print(lines[-1])
    if args.command == "cv" and args.fold is None:
        # the held-out readings, for trying the reader's rules without retraining
        np.savez_compressed(saved, probs=np.array(held_out, dtype=object))
    worst = sorted(per_photo.items(), key=lambda kv: (-kv[1], kv[0]))
    lines.append("photos with 3 or more wrong cells: " +
                 ", ".join(f"{r} {n}" for r, n in worst if n >= 3))
    print(lines[-1])
    return lines


def write_results(args, lines):
    with open(args.results, "w") as f:
        f.write("# Digit classifier: 4-fold cross-validation on the train photos\n\n")
        command = " ".join(["/usr/bin/python3", "scan/train/train.py"] + sys.argv[1:])
        if args.command == "reread":
            f.write(f"The held-out probabilities of the last `train.py cv`, read again by `{command}`"
                    " (see README.md).\n")
        else:
            f.write(f"Written by `{command}` (see README.md).\n")
        f.write(RESULTS_NOTE)
        f.write("\n```\n" + "\n".join(lines) + "\n```\n")


RESULTS_NOTE = """
Folds split the photos by id, so a photo and its handwritten twin (images/imageN and
mixed/imageN), and a phone page's four photos, are held out together; each fold trains on the
other three folds' cells plus the rendered digits and reads the held-out photos' cells as
build/scan-dump cuts them. Per task: cells read as their label, of all 81 cells of every
held-out photo (a photo whose grid is not found counts 81 wrong cells), and puzzles with all 81
cells right.

- printed: the v2_train photos (images/): blank or printed digit 1-9, exactly.
- mixed: the v2_mixed_train photos (mixed/): blank, printed 1-9 or handwritten 1-9, exactly
  (givens plus entries: a printed digit read as handwritten, or the reverse, is wrong).
- phones: the train and val photos of AlexKubiesa/sudoku-scanner: blank, the digit in either
  style (the labels do not say which), or pencil marks.

Without "as read": the classifier alone, each cell its most probable class. "as read": what
scan/read.c reports (reader.py mirrors it, check_reader.py holds the two together): givens that
are not a unique puzzle re-read at their second-best classes, then, once they have one
solution, an entry off the solution read as the solution's handwritten digit when the network
gave that at least 5% of its first reading's probability, else as pencil marks when it gave
those at least 1%. `train.py reread` reads the probabilities a cv run saved (held-out.npz)
again with the current reader.py. The wrong cells listed on stdout are those as read.
"""


def export(net, path):
    tensors = []
    with torch.no_grad():
        for conv, norm in zip(net.convs, net.norms):
            # Batch normalisation at inference is a per-channel affine map: fold it into the conv.
            gain = norm.weight / torch.sqrt(norm.running_var + norm.eps)
            tensors.append(conv.weight * gain.view(-1, 1, 1, 1))
            tensors.append((conv.bias - norm.running_mean) * gain + norm.bias)
        tensors += [net.fc1.weight, net.fc1.bias, net.fc2.weight, net.fc2.bias]
    with open(path, "wb") as f:
        f.write(MAGIC + struct.pack("<4I", VERSION, SIDE, CLASSES, len(LAYERS)))
        for layer in LAYERS:
            f.write(struct.pack("<3I", *layer))
        f.write(struct.pack("<f", 1.0))
        for t in tensors:
            f.write(t.detach().numpy().astype("<f4").tobytes())


def write_fixture(net, cells, path):
    """One line per cell: expected class, 19 probabilities, the cell as 2048 hex digits."""
    probs = predict(net, cells)
    with open(path, "w") as f:
        for cell, p in zip(cells, probs):
            f.write(f"{int(p.argmax())} {' '.join(f'{v:.7f}' for v in p)} {cell.tobytes().hex()}\n")


def fixture_cells(net, photos, rendered):
    """Two photo cells of every class that the network reads as their label, a few rendered
    cells, and the two flat extremes."""
    rng = np.random.default_rng(SEED)
    picked = []
    rels = [r for r in photos if photos[r][0] is not None]
    for want in range(CLASSES):
        found = 0
        for r in rng.permutation(rels):
            cells, labels = photos[r]
            idx = [i for i, l in enumerate(labels) if l == want]
            pred = predict(net, cells[idx]).argmax(1) if idx else []
            for i, p in zip(idx, pred):
                if p == want and found < 2:
                    picked.append(cells[i])
                    found += 1
            if found == 2:
                break
    picked += list(rendered[0][rng.choice(len(rendered[0]), 6, replace=False)])
    picked.append(np.zeros((SIDE, SIDE), np.uint8))
    picked.append(np.full((SIDE, SIDE), 255, np.uint8))
    return np.stack(picked)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=["cv", "train", "reread"])
    ap.add_argument("--dataset", default="build/scan-data",
                    help="the listed photos, as scripts/scan-data.sh extracts them")
    ap.add_argument("--phones", default="build/scan-phones/datasets/end_to_end",
                    help="the phone photos' train and val splits, as scripts/scan-phones-data.sh "
                         "extracts them; '' to train without them")
    ap.add_argument("--cells", choices=["dump", "outline"], default="dump")
    ap.add_argument("--dumper", default="build/scan-dump")
    ap.add_argument("--work", default="/tmp/scan-train")
    ap.add_argument("--fresh", action="store_true", help="recompute cached cells")
    ap.add_argument("--fold", type=int, choices=range(1, FOLDS + 1),
                    help="cv: only this fold, a quick check (RESULTS.md is not written)")
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--model", default="scan/model/digits.bin")
    ap.add_argument("--fixture", default="tests/data/scan/classify_ref.txt")
    ap.add_argument("--results", default="scan/train/RESULTS.md")
    ap.add_argument("--export-folds", default="",
                    help="cv: write each fold's network (foldK.bin) and held-out photos (foldK.txt) here")
    args = ap.parse_args()

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    os.makedirs(args.work, exist_ok=True)
    photos = load_cells(args)
    rendered = None
    if args.command != "reread":
        digits = render_cells(np.random.default_rng(SEED + 1), 700, 800)
        pages = render_pencil_pages(np.random.default_rng(SEED + 2), args.dumper, args.work,
                                    PENCIL_PAGES)
        rendered = tuple(np.concatenate([a, b]) for a, b in zip(digits, pages))
        print(f"rendered: {len(digits[1])} digit and blank cells, {len(pages[1])} pencil-mark cells "
              f"from {PENCIL_PAGES} pages", flush=True)
    if args.command in ("cv", "reread"):
        lines = cmd_cv(args, photos, rendered)
        if args.fold is None:
            write_results(args, lines)
        return
    net = fit(*training_set(photos, photo_list(args), rendered), args)
    export(net, args.model)
    write_fixture(net, fixture_cells(net, photos, rendered), args.fixture)
    res, _, pencil = score(lambda r, cells: predict(net, cells), photos, photo_list(args))
    for task in res:
        if res[task][3]:
            print(f"train {task}: {fmt(res[task])}")
    if pencil[2]:
        print(f"train phones as read, {fmt_pencil(pencil)}")


if __name__ == "__main__":
    main()
