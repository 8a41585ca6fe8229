/* board.c -- the engine's candidate grid: loading a state, applying a step, and the
 * helpers every finder shares (peers, positions, building a step).
 *
 * The grid is kept twice, by cell (cand) and by digit (dcells bitsets), and
 * both change together here and only here, so finders may read either view.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "solver/logic/logic_int.h"

sudoku_logic *sudoku_logic_new(void)
{
    return calloc(1, sizeof(sudoku_logic));
}

void sudoku_logic_free(sudoku_logic *lg)
{
    if (lg) sudoku_logic_free(lg->nest);
    free(lg);
}

void sudoku_logic_set_limits(sudoku_logic *lg, const sudoku_limits *limits)
{
    lg->deadline_ns = limits ? limits->deadline_ns : 0;
    lg->cancel = limits ? limits->cancel : NULL;
}

bool sdk_lg_expired(sudoku_logic *lg)
{
    if (lg->cancel && atomic_load_explicit(lg->cancel, memory_order_relaxed)) lg->timed_out = true;
    if (lg->deadline_ns && sudoku_now_ns() >= lg->deadline_ns) lg->timed_out = true;
    return lg->timed_out;
}

/* True when the tables already describe p's shape. */
static bool sdk_lg_same_shape(const sudoku_logic *lg, const sudoku_puzzle *p)
{
    return lg->n == p->size && lg->box_rows == p->box_rows && lg->box_cols == p->box_cols &&
           lg->diagonal == p->diagonal && lg->has_regions == p->has_regions &&
           (!p->has_regions || memcmp(lg->regions, p->regions, (size_t)lg->ncells) == 0);
}

/* Builds the unit tables of p's shape. */
static void sdk_lg_shape(sudoku_logic *lg, const sudoku_puzzle *p)
{
    if (sdk_lg_same_shape(lg, p)) return;
    int n = p->size;
    lg->box_rows = p->box_rows;
    lg->box_cols = p->box_cols;
    if (p->has_regions) memcpy(lg->regions, p->regions, (size_t)(n * n));
    lg->n = n;
    lg->ncells = n * n;
    lg->nunits = sdk_unit_count(p);
    lg->words = (lg->ncells + 63) / 64;
    lg->diagonal = p->diagonal;
    lg->has_regions = p->has_regions;
    lg->full = sdk_full_mask(n);
    memset(lg->cell_nunits, 0, (size_t)lg->ncells);
    for (int u = 0; u < lg->nunits; u++) {
        sdk_unit_cells(p, u, lg->unit_cells[u]);
        memset(lg->unit_bits[u], 0, sizeof(uint64_t) * (size_t)lg->words);
        for (int i = 0; i < n; i++) {
            int c = lg->unit_cells[u][i];
            lg->unit_bits[u][c >> 6] |= UINT64_C(1) << (c & 63);
            lg->cell_index[c][lg->cell_nunits[c]] = (uint8_t)i;
            lg->cell_units[c][lg->cell_nunits[c]++] = (uint8_t)u;
        }
    }
    lg->max_cross = 0;
    for (int u1 = 0; u1 < lg->nunits; u1++) {
        lg->ncross[u1] = 0;
        for (int u2 = 0; u2 < lg->nunits; u2++) {
            uint64_t m = 0;
            for (int i = 0; i < n && u2 != u1; i++) {
                if (sdk_lg_has(lg->unit_bits[u2], lg->unit_cells[u1][i])) m |= UINT64_C(1) << i;
            }
            if (sdk_popcount(m) < 2 || lg->ncross[u1] == SDK_LG_MAX_CROSS) continue;
            lg->cross_unit[u1][lg->ncross[u1]] = (uint8_t)u2;
            lg->cross_mask[u1][lg->ncross[u1]++] = m;
            if (sdk_popcount(m) > lg->max_cross) lg->max_cross = sdk_popcount(m);
        }
    }
}

/* Removes digit d from cell c's candidates (both views), from the position
 * cache of the cell's units, and stamps them and d. */
static inline void sdk_lg_remove(sudoku_logic *lg, int c, int d)
{
    lg->cand[c] &= ~sdk_bit(d);
    lg->dcells[d - 1][c >> 6] &= ~(UINT64_C(1) << (c & 63));
    uint64_t stamp = ++lg->changes;
    lg->digit_stamp[d - 1] = stamp;
    for (int k = 0; k < lg->cell_nunits[c]; k++) {
        int u = lg->cell_units[c][k];
        lg->pos[u][d - 1] &= ~(UINT64_C(1) << lg->cell_index[c][k]);
        lg->unit_stamp[u] = stamp;
    }
}

/* After the grid changed wholesale (a load, a restore): every cache is stale. */
static void sdk_lg_touch_all(sudoku_logic *lg)
{
    lg->state++;
    memset(lg->pos_dirty, 0xff, sizeof(lg->pos_dirty));
    uint64_t stamp = ++lg->changes;
    for (int u = 0; u < SDK_MAX_UNITS; u++) lg->unit_stamp[u] = stamp;
    for (int d = 0; d < SUDOKU_MAX_SIZE; d++) lg->digit_stamp[d] = stamp;
}

/* Solves cell c with digit d: it leaves every digit's candidate set and d
 * leaves its peers. */
static void sdk_lg_place(sudoku_logic *lg, int c, int d)
{
    for (uint64_t m = lg->cand[c]; m; m &= m - 1) sdk_lg_remove(lg, c, sdk_ctz(m) + 1);
    lg->value[c] = (uint8_t)d;
    lg->cand[c] = 0;
    lg->unsolved[c >> 6] &= ~(UINT64_C(1) << (c & 63));
    lg->nsolved++;
    for (int k = 0; k < lg->cell_nunits[c]; k++) {
        const uint16_t *cells = lg->unit_cells[lg->cell_units[c][k]];
        for (int i = 0; i < lg->n; i++) {
            if (lg->cand[cells[i]] & sdk_bit(d)) sdk_lg_remove(lg, cells[i], d);
        }
    }
}

sudoku_logic_status sudoku_logic_load(sudoku_logic *lg, const sudoku_puzzle *p,
                                      const uint8_t *values, const uint64_t *marks)
{
    if (sudoku_puzzle_check(p, NULL) != 0) return SUDOKU_LOGIC_INVALID;
    if (!values) values = p->cells;
    int n = p->size;
    for (int i = 0; i < n * n; i++) {
        if (values[i] > n) return SUDOKU_LOGIC_INVALID;
    }
    sdk_lg_shape(lg, p);
    lg->nsolved = 0;
    sdk_lg_touch_all(lg);
    lg->timed_out = false;
    memset(lg->value, 0, (size_t)lg->ncells);
    for (int d = 0; d < n; d++) memset(lg->dcells[d], 0, sizeof(uint64_t) * (size_t)lg->words);
    memset(lg->unsolved, 0, sizeof(lg->unsolved));
    for (int c = 0; c < lg->ncells; c++) {
        lg->cand[c] = lg->full;
        lg->unsolved[c >> 6] |= UINT64_C(1) << (c & 63);
        for (int d = 0; d < n; d++) lg->dcells[d][c >> 6] |= UINT64_C(1) << (c & 63);
    }
    sudoku_logic_status st = SUDOKU_LOGIC_STEP;
    for (int c = 0; c < lg->ncells; c++) {
        int d = values[c];
        if (!d) continue;
        /* A value its peers already took repeats in a unit. */
        if (!(lg->cand[c] & sdk_bit(d))) st = SUDOKU_LOGIC_BROKEN;
        lg->cand[c] |= sdk_bit(d);
        sdk_lg_place(lg, c, d);
    }
    for (int c = 0; c < lg->ncells; c++) {
        if (lg->value[c]) continue;
        if (marks && marks[c]) {
            for (uint64_t m = lg->cand[c] & ~marks[c]; m; m &= m - 1)
                sdk_lg_remove(lg, c, sdk_ctz(m) + 1);
        }
        if (!lg->cand[c]) st = SUDOKU_LOGIC_BROKEN;
    }
    return st;
}

void sdk_lg_load_grid(sudoku_logic *dst, const sudoku_logic *src, const uint64_t *cand,
                      const uint64_t (*pos)[SDK_CHAIN_MAX_SIZE])
{
    if (dst->n != src->n || dst->box_rows != src->box_rows || dst->box_cols != src->box_cols ||
        dst->diagonal != src->diagonal || dst->has_regions != src->has_regions ||
        memcmp(dst->regions, src->regions, (size_t)src->ncells) != 0)
        memcpy(dst, src, offsetof(sudoku_logic, value));
    dst->deadline_ns = src->deadline_ns;
    dst->cancel = src->cancel;
    dst->timed_out = false;
    dst->nsolved = src->nsolved;
    memcpy(dst->value, src->value, (size_t)src->ncells);
    memcpy(dst->unsolved, src->unsolved, sizeof(dst->unsolved));
    for (int d = 0; d < src->n; d++)
        memset(dst->dcells[d], 0, sizeof(uint64_t) * (size_t)src->words);
    for (int c = 0; c < src->ncells; c++) {
        dst->cand[c] = src->value[c] ? 0 : cand[c];
        for (uint64_t m = dst->cand[c]; m; m &= m - 1)
            dst->dcells[sdk_ctz(m)][c >> 6] |= UINT64_C(1) << (c & 63);
    }
    sdk_lg_touch_all(dst);
    for (int u = 0; u < src->nunits; u++)
        memcpy(dst->pos[u], pos[u], sizeof(uint64_t) * (size_t)src->n);
    memset(dst->pos_dirty, 0, sizeof(dst->pos_dirty));
}

void sudoku_logic_apply(sudoku_logic *lg, const sudoku_step *st)
{
    lg->state++;
    for (int i = 0; i < st->neliminations; i++) {
        const sudoku_cand *e = &st->eliminations[i];
        if (lg->cand[e->cell] & sdk_bit(e->digit)) sdk_lg_remove(lg, e->cell, e->digit);
    }
    for (int i = 0; i < st->nplacements; i++) {
        const sudoku_cand *pl = &st->placements[i];
        if (!lg->value[pl->cell] && (lg->cand[pl->cell] & sdk_bit(pl->digit)))
            sdk_lg_place(lg, pl->cell, pl->digit);
    }
}

void sudoku_logic_state(const sudoku_logic *lg, uint8_t *values, uint64_t *cand)
{
    if (values) memcpy(values, lg->value, (size_t)lg->ncells);
    if (cand) memcpy(cand, lg->cand, sizeof(*cand) * (size_t)lg->ncells);
}

/* ---- helpers ----------------------------------------------------------------------- */

void sdk_lg_peers(const sudoku_logic *lg, int cell, uint64_t *out)
{
    memset(out, 0, sizeof(uint64_t) * (size_t)lg->words);
    for (int k = 0; k < lg->cell_nunits[cell]; k++) {
        const uint64_t *u = lg->unit_bits[lg->cell_units[cell][k]];
        for (int w = 0; w < lg->words; w++) out[w] |= u[w];
    }
    out[cell >> 6] &= ~(UINT64_C(1) << (cell & 63));
}

const uint64_t *sdk_lg_unit_positions_build(sudoku_logic *lg, int u)
{
    uint64_t *pos = lg->pos[u];
    lg->pos_dirty[u >> 6] &= ~(UINT64_C(1) << (u & 63));
    memset(pos, 0, sizeof(*pos) * (size_t)lg->n);
    for (int i = 0; i < lg->n; i++) {
        for (uint64_t m = lg->cand[lg->unit_cells[u][i]]; m; m &= m - 1)
            pos[sdk_ctz(m)] |= UINT64_C(1) << i;
    }
    return pos;
}

void sdk_lg_step_begin(sudoku_step *st, sudoku_technique t, int score)
{
    st->technique = t;
    st->score = score;
    st->digits = 0;
    st->nplacements = st->neliminations = st->ncells = st->nunits = st->nchains = 0;
}

/* Links already written by the chains before `chain`. */
static int sdk_lg_links_before(const sudoku_step *st, int chain)
{
    int k = 0;
    for (int i = 0; i < chain; i++) k += st->chain_shown[i];
    return k;
}

void sdk_lg_add_chain(sudoku_step *st, const int32_t *nodes, int len, int n, int of)
{
    int at = sdk_lg_links_before(st, st->nchains), cap = of > 0 ? 64 / of : 64;
    cap = cap < 4 ? 4 : cap > SUDOKU_STEP_MAX_SHOWN ? SUDOKU_STEP_MAX_SHOWN : cap;
    int shown = len < cap ? len : cap;
    if (st->nchains == SUDOKU_STEP_MAX_CHAINS || at + shown > SUDOKU_STEP_MAX_LINKS) return;
    for (int i = 0; i < shown; i++) {
        int x = nodes[i + 1 == shown ? len - 1 : i], rule = x >> SDK_LG_RULE_SHIFT;
        x &= (1 << SDK_LG_RULE_SHIFT) - 1;
        st->links[at + i] = (sudoku_link){(uint16_t)((x >> 1) / n), (uint8_t)((x >> 1) % n + 1),
                                          (uint8_t)(x & 1), (uint8_t)rule};
    }
    st->chain_len[st->nchains] = (uint16_t)len;
    st->chain_shown[st->nchains++] = (uint8_t)shown;
}

void sdk_lg_add_place(sudoku_step *st, int cell, int digit)
{
    if (st->nplacements < SUDOKU_STEP_MAX_PLACEMENTS)
        st->placements[st->nplacements++] = (sudoku_cand){(uint16_t)cell, (uint8_t)digit};
}

void sdk_lg_add_elim(sudoku_step *st, int cell, int digit)
{
    if (st->neliminations < SUDOKU_STEP_MAX_ELIMINATIONS)
        st->eliminations[st->neliminations++] = (sudoku_cand){(uint16_t)cell, (uint8_t)digit};
}

void sdk_lg_add_cell(sudoku_step *st, int cell)
{
    for (int i = 0; i < st->ncells; i++) {
        if (st->cells[i] == cell) return;
    }
    if (st->ncells < SUDOKU_STEP_MAX_CELLS) st->cells[st->ncells++] = (uint16_t)cell;
}

void sdk_lg_add_unit(const sudoku_logic *lg, sudoku_step *st, int u)
{
    if (st->nunits < SUDOKU_STEP_MAX_UNITS)
        st->units[st->nunits++] = (sudoku_unit_ref){sdk_lg_kind(lg, u), sdk_lg_index(lg, u)};
}

int sdk_lg_elim_set(const sudoku_logic *lg, sudoku_step *st, const uint64_t *set, int d)
{
    int added = 0;
    for (int w = 0; w < lg->words; w++) {
        for (uint64_t m = set[w] & lg->dcells[d - 1][w]; m; m &= m - 1) {
            sdk_lg_add_elim(st, w * 64 + sdk_ctz(m), d);
            added++;
        }
    }
    return added;
}
