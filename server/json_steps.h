/* json_steps.h -- JSON of the step engine's answers: steps, ratings, hints.
 *
 * One writer for every reader of the steps (the /v1/rate, /v1/explain and
 * /v1/hint endpoints, and `sudoku rate|explain|hint --json`), so the shapes
 * the API documents are spelt in one place. Plain appends to a buf (no
 * cJSON): these are write-only and the text is ours. Coordinates are 0-based
 * `row`/`col`, digits 1..N, scores as SE writes them (4.2).
 */
#ifndef SUDOKUD_JSON_STEPS_H
#define SUDOKUD_JSON_STEPS_H

#include "server/buf.h"
#include "solver/sudoku.h"

/* Appends {"technique", "score", "placements": [{"row","col","digit"}],
 * "eliminations": [...], "cells": [{"row","col"}], "units": [{"type","index"}],
 * "text"} for step st of puzzle p ("region" units on a jigsaw). Thread-safe;
 * errors only as b->oom. */
void json_step_write(buf *b, const sudoku_puzzle *p, const sudoku_step *st);

/* Appends {"score", "level", "hardest_technique" (null when no step),
 * "needs_search", "search_nodes", "techniques": {key: count, ...} (used
 * ones only), "steps"}. */
void json_rating_write(buf *b, const sudoku_rating *r);

/* Appends {"kind": "mistake", "cells": [{"row","col"[,"digit"]}]} (digit only
 * for a wrong entry, never for pencil marks), {"kind": "step", "step": ...},
 * {"kind": "solved"} or {"kind": "stuck"}. */
void json_hint_write(buf *b, const sudoku_puzzle *p, const sudoku_hint *h);

#endif /* SUDOKUD_JSON_STEPS_H */
