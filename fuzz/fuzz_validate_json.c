/* fuzz_validate_json.c -- libFuzzer harness for POST /v1/validate bodies:
 * json_read_request(VALIDATE).
 *
 * Input: the raw request body. An accepted body has every conflict listed
 * (validate answers them all, with no cap, so the buffer is the largest the
 * shape allows) and rendered; when `check` asks for solvable/unique and the
 * givens are consistent it is solved with max_solutions 2 under the small
 * node budget, as the validate handler does. Rejected bodies must carry a
 * client-error problem type that renders to strict JSON.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every unit of a 64x64 grid (rows, columns, boxes, two diagonals) times every symbol. */
#define FUZZ_MAX_CONFLICTS ((3 * SUDOKU_MAX_SIZE + 2) * SUDOKU_MAX_SIZE)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    static sudoku_conflict conflicts[FUZZ_MAX_CONFLICTS];
    static sudoku_puzzle p;
    input_puzzle in;
    api_problem pb;

    if (size > FUZZ_MAX_INPUT) return -1;
    input_init(&in, cells, regions, 2000);
    if (json_read_request((const char *)data, size, REQUEST_VALIDATE, FUZZ_MAX_TIMEOUT_MS, &in,
                          &pb) != 0) {
        fuzz_check_problem(&pb, -1);
        return 0;
    }
    FUZZ_ASSERT((in.check & ~(unsigned)(INPUT_CHECK_SOLVABLE | INPUT_CHECK_UNIQUE)) == 0);
    input_to_puzzle(&in, &p);
    FUZZ_ASSERT(sudoku_puzzle_check(&p, NULL) == 0);

    size_t n = sudoku_conflicts(&p, conflicts, FUZZ_MAX_CONFLICTS);
    FUZZ_ASSERT(n <= FUZZ_MAX_CONFLICTS);
    for (size_t i = 0; i < n; i++) {
        FUZZ_ASSERT(conflicts[i].ncells >= 2 && conflicts[i].ncells <= p.size);
        FUZZ_ASSERT(conflicts[i].symbol >= 1 && conflicts[i].symbol <= p.size);
        for (int k = 0; k < conflicts[i].ncells; k++)
            FUZZ_ASSERT(p.cells[conflicts[i].cells[k]] == conflicts[i].symbol);
    }
    buf b = BUF_INIT;
    json_render_conflicts(&b, &(json_conflicts){conflicts, n, &p, input_region_labels(&in)});
    fuzz_check_body(&b);

    if (n == 0 && in.check != 0) fuzz_solve(&p, 2, 0, in.form, -1);
    return 0;
}
