/* fuzz_solve_json.c -- libFuzzer harness for POST /v1/solve bodies: json_read_request(SOLVE).
 *
 * Input: the raw request body, exactly as http.c hands it to the API (not
 * NUL-terminated, so any read past the end is an ASan report). An accepted
 * body is solved with the small node budget and its result rendered; a
 * rejected one must carry a client-error problem type (never internal-error,
 * which would be a 500 reachable by bad input) and render to strict JSON.
 * The json_check() -> cJSON hand-off is covered too: a body the strict
 * checker passes but cJSON refuses shows up as internal-error.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t cells[SUDOKU_MAX_CELLS], regions[SUDOKU_MAX_CELLS];
    input_puzzle in;
    api_problem pb;

    if (size > FUZZ_MAX_INPUT) return -1;
    input_init(&in, cells, regions, 2000);
    if (json_read_request((const char *)data, size, REQUEST_SOLVE, FUZZ_MAX_TIMEOUT_MS, &in, &pb) !=
        0) {
        fuzz_check_problem(&pb, -1);
        return 0;
    }
    FUZZ_ASSERT(in.check == 0);
    fuzz_solve_input(&in, -1);
    return 0;
}
