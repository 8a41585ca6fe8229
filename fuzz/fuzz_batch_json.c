/* fuzz_batch_json.c -- libFuzzer harness for JSON batch bodies: json_read_batch().
 *
 * Input: the raw POST /v1/solve/batch body. json_read_batch() walks the
 * checked raw text itself (it does not build one cJSON tree for the whole
 * batch), which is exactly the kind of hand-written index arithmetic a
 * fuzzer is for. The sink checks the walker's contract: begin() once, before
 * any item; items numbered 0, 1, 2... and exactly `count` of them; each item
 * either finished or carrying a client-error problem. The first few accepted
 * items are solved with the small node budget; the item limit is small so
 * that batch-too-large is reachable.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Batch-too-large above this many items. */
#define FUZZ_BATCH_MAX_ITEMS 64
/* Items solved per input; the rest are only parsed. */
#define FUZZ_BATCH_SOLVES 8

typedef struct fuzz_sink_state {
    bool begun;
    size_t count;
    size_t next;
    size_t solved;
} fuzz_sink_state;

static int fuzz_begin(void *ctx, size_t count, const input_puzzle *shared)
{
    fuzz_sink_state *st = ctx;
    FUZZ_ASSERT(!st->begun);
    FUZZ_ASSERT(count <= FUZZ_BATCH_MAX_ITEMS);
    FUZZ_ASSERT(shared != NULL && !shared->has_puzzle);
    st->begun = true;
    st->count = count;
    return 0;
}

static int fuzz_item(void *ctx, size_t index, const input_puzzle *item, const api_problem *pb)
{
    fuzz_sink_state *st = ctx;
    FUZZ_ASSERT(st->begun);
    FUZZ_ASSERT(index == st->next && index < st->count);
    FUZZ_ASSERT((item == NULL) != (pb == NULL));
    st->next++;
    if (pb != NULL) {
        fuzz_check_problem(pb, (long long)index);
    } else if (st->solved < FUZZ_BATCH_SOLVES) {
        st->solved++;
        fuzz_solve_input(item, (long long)index);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t shared_cells[SUDOKU_MAX_CELLS], shared_regions[SUDOKU_MAX_CELLS];
    static uint8_t item_cells[SUDOKU_MAX_CELLS], item_regions[SUDOKU_MAX_CELLS];
    input_puzzle shared, item;
    api_problem pb;
    fuzz_sink_state st = {0};
    json_batch_sink sink = {&st, fuzz_begin, fuzz_item};

    if (size > FUZZ_MAX_INPUT) return -1;
    input_init(&shared, shared_cells, shared_regions, 2000);
    input_init(&item, item_cells, item_regions, 2000);
    int rc = json_read_batch((const char *)data, size, FUZZ_MAX_TIMEOUT_MS, FUZZ_BATCH_MAX_ITEMS,
                             &shared, &item, &sink, &pb);
    if (rc != 0) {
        FUZZ_ASSERT(!st.begun);
        fuzz_check_problem(&pb, -1);
        return 0;
    }
    FUZZ_ASSERT(st.begun && st.next == st.count);
    return 0;
}
