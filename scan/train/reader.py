"""What scan/read.c does with the classifier's probabilities, for the cross-validation.

Mirrored step by step (keep the two in step; the constants are read.c's and entries.h's):
- a cell with no ink at all is blank for certain, unclassified;
- each cell is its most probable class; the printed givens go to a solver;
- when they are not a unique puzzle, the CHANGEABLE cells whose best and second-best classes
  give different givens are ranked (clashing givens first, then by how much less likely the
  second class is), and the cheapest set of at most MAX_CHANGES of them read at their second
  class that makes a unique puzzle is taken;
- once the givens have one solution, an entry (a handwritten class) whose digit is not the
  solution's there becomes the solution's handwritten digit when the network gave that class
  at least ENTRY_PRIOR times the probability of the class read, else pencil marks when the
  network gave those at least ENTRY_PENCIL times it (scan/entries.h).
"""
import itertools
import math

import numpy as np

ENTRY_PRIOR = 0.05
ENTRY_PENCIL = 0.01
MAX_CHANGES = 3
CHANGEABLE = 8
HANDWRITTEN = 10
PENCIL = 19  # pencil marks: neither a given nor an entry


def unit_of(i):
    return i // 9, 9 + i % 9, 18 + i // 27 * 3 + i % 9 // 3


def clashing(givens):
    """The cells holding a given that repeats in a row, column or box."""
    seen = {}
    for i, d in enumerate(givens):
        if d:
            for u in unit_of(i):
                seen.setdefault((u, d), []).append(i)
    return {i for cells in seen.values() if len(cells) > 1 for i in cells}


def check(givens):
    """("ok", solution) for exactly one solution, else ("conflict" | "none" | "multiple", None)."""
    if clashing(givens):
        return "conflict", None
    grid = list(givens)
    used = [0] * 27
    for i, d in enumerate(grid):
        for u in unit_of(i):
            used[u] |= (1 << d) if d else 0
    found = []

    def search():
        best, best_free, best_n = -1, 0, 10
        for i, d in enumerate(grid):
            if d == 0:
                a, b, c = unit_of(i)
                free = ~(used[a] | used[b] | used[c]) & 0x3FE
                n = bin(free).count("1")
                if n < best_n:
                    best, best_free, best_n = i, free, n
                    if n == 0:
                        return
        if best < 0:
            found.append(list(grid))
            return
        units = unit_of(best)
        for d in range(1, 10):
            if best_free >> d & 1 and len(found) < 2:
                grid[best] = d
                for u in units:
                    used[u] |= 1 << d
                search()
                for u in units:
                    used[u] &= ~(1 << d)
                grid[best] = 0

    search()
    if len(found) == 1:
        return "ok", found[0]
    return ("none" if not found else "multiple"), None


def given_of(cls):
    return int(cls) if 1 <= cls < HANDWRITTEN else 0


def read(probs, cells, prior=ENTRY_PRIOR):
    """The classes scan_read reports for one photo: probs 81 x 20, cells 81 x 32 x 32."""
    probs = probs.copy()
    for i in range(81):
        if not cells[i].any():
            probs[i] = 0.0
            probs[i, 0] = 1.0
    order = np.argsort(-probs, axis=1, kind="stable")
    cls = [int(order[i, 0]) for i in range(81)]
    second = [int(order[i, 1]) for i in range(81)]
    givens = [given_of(c) for c in cls]
    status, solution = check(givens)
    if status != "ok":
        clash = clashing(givens) if status == "conflict" else set()
        ranked = []
        for i in range(81):
            if given_of(cls[i]) == given_of(second[i]):
                continue
            cost = math.log(probs[i, cls[i]] + 1e-9) - math.log(probs[i, second[i]] + 1e-9)
            ranked.append((cost - 1e6 if i in clash else cost, i, cost))
        cand = sorted(ranked, key=lambda t: t[0])[:CHANGEABLE]
        best, best_cost = None, math.inf
        for size in range(1, MAX_CHANGES + 1):
            for subset in itertools.combinations(cand, size):
                cost = sum(t[2] for t in subset)
                if cost >= best_cost:
                    continue
                trial = list(givens)
                for t in subset:
                    trial[t[1]] = given_of(second[t[1]])
                if check(trial)[0] == "ok":
                    best, best_cost = subset, cost
        if best is not None:
            for t in best:
                cls[t[1]] = second[t[1]]
            status, solution = check([given_of(c) for c in cls])
    if status == "ok":
        for i, c in enumerate(cls):
            if HANDWRITTEN <= c < PENCIL:
                want = HANDWRITTEN - 1 + solution[i]
                if want == c:
                    continue
                if probs[i, want] >= prior * probs[i, c]:
                    cls[i] = want
                elif probs[i, PENCIL] >= ENTRY_PENCIL * probs[i, c]:
                    cls[i] = PENCIL
    return np.array(cls)
