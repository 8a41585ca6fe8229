/* fuzz_fpuzzles.c -- libFuzzer harness for the f-puzzles variant reader, LZ-String, and a tiny
 * solve.
 *
 * The first byte picks what the rest is: mostly a text as the server's
 * `fpuzzles` string takes it (a link, LZ-String data or the JSON); when its
 * low three bits are 001, the LZ-String data of that text, packed here, so
 * mutations reach the JSON reader through the codec without having to find
 * valid LZ streams (an eighth of the runs: packing costs more than reading,
 * and fuzz_formats fuzzes the codec too). Beyond
 * the sanitizers it checks what the reader promises, and traps when one
 * breaks:
 *   - a refusal has a message, and a pointer that is "" or starts with '/';
 *   - a variant read has a grid of 4..16, its cells and constraints within
 *     the lists, and its re-printed object reads back to the same list;
 *   - a solve of it within a few nodes answers a status, and a solution
 *     it stores keeps every constraint (sudoku_variant_satisfied).
 */
#include <stdint.h>
#include <string.h>

#include "formats/fpuzzles.h"
#include "formats/lzstring.h"
#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Nodes of the tiny solve: the reader, not the search, is under test. */
#define FPUZZLES_FUZZ_NODES 64

static void fpuzzles_check_read(const sudoku_variant *v, const char *printed, size_t len)
{
    static sudoku_variant again;
    FUZZ_ASSERT(v->grid.size >= SUDOKU_MIN_SIZE && v->grid.size <= SUDOKU_VARIANT_MAX_SIZE);
    FUZZ_ASSERT(v->nconstraints <= SUDOKU_VARIANT_MAX_CONSTRAINTS);
    FUZZ_ASSERT(v->ncells <= SUDOKU_VARIANT_MAX_REFS);
    fmt_variant_read r = {.v = &again};
    FUZZ_ASSERT(fmt_fpuzzles_variant_read(printed, len, &r) == 0);
    FUZZ_ASSERT(again.nconstraints == v->nconstraints && again.ncells == v->ncells);
    FUZZ_ASSERT(memcmp(again.cells, v->cells, v->ncells) == 0);
}

/* A solver of its own per input, so that a finding reproduces from its
 * input alone (a solver kept across inputs carries the last one's state). */
static void fpuzzles_solve(const sudoku_variant *v)
{
    static uint8_t solutions[2 * SUDOKU_VARIANT_MAX_SIZE * SUDOKU_VARIANT_MAX_SIZE];
    sudoku_variant_solver *solver = sudoku_variant_solver_new();
    FUZZ_ASSERT(solver != NULL);
    sudoku_limits limits = {.max_solutions = 2, .node_budget = FPUZZLES_FUZZ_NODES};
    sudoku_result r = {.solutions = solutions, .solutions_capacity = 2};
    sudoku_status st = sudoku_variant_solve(solver, v, &limits, &r);
    FUZZ_ASSERT(st != SUDOKU_INVALID);
    size_t cells = (size_t)v->grid.size * (size_t)v->grid.size;
    for (size_t i = 0; i < r.solutions_stored; i++)
        FUZZ_ASSERT(sudoku_variant_satisfied(v, solutions + i * cells));
    sudoku_variant_solver_free(solver);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sudoku_variant v;
    if (size == 0) return 0;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    buf packed = BUF_INIT, printed = BUF_INIT;
    if ((data[0] & 7) == 1) {
        if (lzstring_encode(text, len, &packed) != 0 || packed.oom) goto done;
        text = packed.data != NULL ? packed.data : "";
        len = packed.len;
    }
    fmt_variant_read r = {.v = &v, .printed = &printed};
    if (fmt_variant_read_text(text, len, &r) == 0) {
        if (!printed.oom) fpuzzles_check_read(&v, printed.data, printed.len);
        fpuzzles_solve(&v);
    } else {
        FUZZ_ASSERT(r.err[0] != '\0');
        FUZZ_ASSERT(r.pointer[0] == '\0' || r.pointer[0] == '/');
    }
done:
    buf_free(&packed);
    buf_free(&printed);
    return 0;
}
