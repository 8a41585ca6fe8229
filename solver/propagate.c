/* propagate.c -- the board of the generic solver and its deductions.
 *
 * The board is one candidate mask per cell (bit d-1 = symbol d). Every
 * change goes through sdk_narrow(), which records the old mask on the trail
 * so the search can undo a failed guess by popping, and which queues a cell
 * the moment it is down to one candidate.
 *
 * DESIGN: deductions run from work lists rather than as sweeps over the grid.
 *   - naked singles: a solved cell on the queue removes its symbol from the
 *     cells of its 3 to 5 units; a peer left with one candidate joins the
 *     queue, a peer left with none is a contradiction.
 *   - hidden singles: a unit is scanned only when one of its cells lost a
 *     candidate (its `dirty` bit). One pass folds the unit's masks into
 *     "seen" and "seen twice"; a symbol seen nowhere is a contradiction, a
 *     symbol seen once goes to its only cell.
 *   - naked pairs and locked candidates (pointing and claiming) run over the
 *     whole grid once singles are exhausted, but only in solves that have
 *     met SDK_HARD_AFTER dead ends: that is where they pay (numbers there).
 * Singles run first because they are cheap and settle most cells; the queue
 * is drained before a dirty unit is scanned so scans see settled masks.
 *
 *   box B meets line L (row, column or diagonal) in I:
 *
 *       B \ I    I    L \ I           pointing: a symbol B holds only in I
 *     +-------+                                 leaves L \ I
 *     | . . . |                       claiming: a symbol L holds only in I
 *     |[x x x]| x  x  x  x  x  x  L             leaves B \ I
 *     | . . . |
 *     +-------+
 */
#include <string.h>

#include "solver/bits.h"
#include "solver/solver_int.h"

/* Naked pairs and locked candidates cost a pass over the grid at every
 * fixpoint. Measured with a local harness on this machine (generic path,
 * CPU time per puzzle; random puzzles are seeded pattern grids thinned at
 * random, solved to the first solution):
 *                           singles only   always on   after 4 dead ends
 *   top1465 9x9                    61 us       51 us       55 us
 *   16x16, 50% given               30 us       55 us       30 us
 *   16x16, 40% given            19900 us      277 us      195 us (one took 4.9 s)
 *   25x25, 50% given            46700 us    10800 us    11400 us
 *   9x9, 25% given                 20 us       58 us       20 us
 * Easy puzzles never win the passes back; hard ones cut their nodes 3 to
 * 400 times. Switching them on after the first few dead ends gets both. */
#define SDK_HARD_AFTER 4

/* ---- tables ------------------------------------------------------------------- */

static bool sdk_shape_same(const sudoku_solver *s, const sudoku_puzzle *p)
{
    return s->size == p->size && s->box_rows == p->box_rows && s->box_cols == p->box_cols &&
           s->diagonal == p->diagonal && s->has_regions == p->has_regions &&
           (!p->has_regions || memcmp(s->regions, p->regions, (size_t)s->ncells) == 0);
}

static bool sdk_in_unit(const sudoku_solver *s, int cell, int unit)
{
    const uint8_t *u = &s->cell_units[cell * SDK_CELL_UNITS];
    for (int k = 0; k < s->cell_nunits[cell]; k++) {
        if (u[k] == unit) return true;
    }
    return false;
}

void sdk_shape_load(sudoku_solver *s, const sudoku_puzzle *p)
{
    if (sdk_shape_same(s, p)) return;
    int n = p->size;
    s->size = n;
    s->ncells = n * n;
    s->nunits = sdk_unit_count(p);
    s->box_rows = p->box_rows;
    s->box_cols = p->box_cols;
    s->diagonal = p->diagonal;
    s->has_regions = p->has_regions;
    if (p->has_regions) memcpy(s->regions, p->regions, (size_t)s->ncells);
    s->full = sdk_full_mask(n);

    /* Units are visited in id order, so every cell lists its row, column
     * and box first, at the same places. */
    memset(s->cell_nunits, 0, (size_t)s->ncells);
    for (int u = 0; u < s->nunits; u++) {
        uint16_t *cells = &s->unit_cells[u * n];
        sdk_unit_cells(p, u, cells);
        for (int i = 0; i < n; i++) {
            int x = cells[i];
            s->cell_units[x * SDK_CELL_UNITS + s->cell_nunits[x]++] = (uint8_t)u;
        }
    }
}

/* ---- board changes -------------------------------------------------------------- */

static inline void sdk_dirty_unit(sudoku_solver *s, unsigned unit)
{
    s->dirty[unit / 64] |= UINT64_C(1) << (unit % 64);
}

static inline void sdk_mark_dirty(sudoku_solver *s, int cell)
{
    const uint8_t *u = &s->cell_units[cell * SDK_CELL_UNITS];
    /* Every cell has a row, a column and a box; diagonals are the rare extra. */
    sdk_dirty_unit(s, u[0]);
    sdk_dirty_unit(s, u[1]);
    sdk_dirty_unit(s, u[2]);
    for (int k = 3; k < s->cell_nunits[cell]; k++) sdk_dirty_unit(s, u[k]);
}

/* Sets the candidates of `cell` to m, a strict subset of what it holds,
 * keeping the old mask on the trail. Returns false when m is empty. */
static inline bool sdk_narrow(sudoku_solver *s, int cell, uint64_t m)
{
    s->trail_cell[s->trail_len] = (uint16_t)cell;
    s->trail_mask[s->trail_len++] = s->cand[cell];
    s->cand[cell] = m;
    if (m == 0) return false;
    if (sdk_at_most_one(m)) {
        s->queue[s->qtail++] = (uint16_t)cell;
        s->nsolved++;
    }
    sdk_mark_dirty(s, cell);
    return true;
}

/* Removes `bits` from a cell that holds at least one of them. */
static inline bool sdk_remove(sudoku_solver *s, int cell, uint64_t bits)
{
    uint64_t m = s->cand[cell] & ~bits;
    if (!sdk_narrow(s, cell, m)) return false;
    if (sdk_at_most_one(m)) s->stats.naked_singles++;
    return true;
}

bool sdk_board_init(sudoku_solver *s, const uint8_t *cells)
{
    /* The givens are taken out of their peers through unit masks in one
     * pass, not by propagation: on a large grid that is most of the work. */
    uint64_t used[SDK_MAX_UNITS] = {0};
    bool ok = true;
    for (int c = 0; c < s->ncells; c++) {
        const uint8_t *u = &s->cell_units[c * SDK_CELL_UNITS];
        for (int k = 0; cells[c] && k < s->cell_nunits[c]; k++) {
            ok = ok && !(used[u[k]] & sdk_bit(cells[c])); /* repeated given */
            used[u[k]] |= sdk_bit(cells[c]);
        }
    }
    s->nsolved = 0;
    s->qhead = s->qtail = 0;
    s->trail_len = 0;
    for (int c = 0; c < s->ncells; c++) {
        const uint8_t *u = &s->cell_units[c * SDK_CELL_UNITS];
        uint64_t m = s->full;
        for (int k = 0; k < s->cell_nunits[c]; k++) m &= ~used[u[k]];
        if (cells[c]) {
            m = sdk_bit(cells[c]);
        } else if (sdk_at_most_one(m)) {
            ok = ok && m != 0;
            s->queue[s->qtail++] = (uint16_t)c;
            s->stats.naked_singles++;
        }
        s->cand[c] = m;
        s->nsolved += sdk_at_most_one(m);
    }
    memset(s->dirty, 0, sizeof(s->dirty));
    for (int u = 0; u < s->nunits; u++) sdk_dirty_unit(s, (unsigned)u);
    return ok;
}

void sdk_place(sudoku_solver *s, int cell, uint64_t bit)
{
    sdk_narrow(s, cell, bit);
}

void sdk_undo(sudoku_solver *s, uint32_t mark, int nsolved)
{
    while (s->trail_len > mark) {
        s->trail_len--;
        s->cand[s->trail_cell[s->trail_len]] = s->trail_mask[s->trail_len];
    }
    s->nsolved = nsolved;
    s->qhead = s->qtail = 0;
    memset(s->dirty, 0, sizeof(s->dirty));
}

/* ---- singles -------------------------------------------------------------------- */

/* Removes the symbol of solved `cell` from all its peers. */
static bool sdk_eliminate_peers(sudoku_solver *s, int cell)
{
    uint64_t bit = s->cand[cell];
    const uint8_t *units = &s->cell_units[cell * SDK_CELL_UNITS];
    for (int k = 0; k < s->cell_nunits[cell]; k++) {
        const uint16_t *uc = &s->unit_cells[units[k] * s->size];
        for (int i = 0; i < s->size; i++) {
            int x = uc[i];
            if ((s->cand[x] & bit) && x != cell && !sdk_remove(s, x, bit)) return false;
        }
    }
    return true;
}

/* Places every symbol that has one cell left in the unit. */
static bool sdk_hidden_singles(sudoku_solver *s, int unit)
{
    const uint16_t *uc = &s->unit_cells[unit * s->size];
    uint64_t once = 0, twice = 0;
    for (int i = 0; i < s->size; i++) {
        uint64_t m = s->cand[uc[i]];
        twice |= once & m;
        once |= m;
    }
    if (once != s->full) return false;
    /* Solved symbols are seen once too; only unsolved cells are placed. */
    uint64_t hidden = once & ~twice;
    for (int i = 0; i < s->size && hidden; i++) {
        uint64_t m = s->cand[uc[i]], h = m & hidden;
        if (!h || sdk_at_most_one(m)) continue;
        if (!sdk_at_most_one(h)) return false; /* two symbols need this one cell */
        if (!sdk_narrow(s, uc[i], h)) return false;
        s->stats.hidden_singles++;
    }
    return true;
}

/* Naked and hidden singles to a fixpoint. */
static bool sdk_singles(sudoku_solver *s)
{
    for (;;) {
        while (s->qhead < s->qtail) {
            if (!sdk_eliminate_peers(s, s->queue[s->qhead++])) return false;
        }
        s->qhead = s->qtail = 0;
        if (s->nsolved == s->ncells) {
            memset(s->dirty, 0, sizeof(s->dirty));
            return true;
        }
        int w = 0;
        while (w < SDK_DIRTY_WORDS && s->dirty[w] == 0) w++;
        if (w == SDK_DIRTY_WORDS) return true;
        int unit = w * 64 + sdk_ctz(s->dirty[w]);
        s->dirty[w] &= s->dirty[w] - 1;
        if (!sdk_hidden_singles(s, unit)) return false;
    }
}

/* ---- pairs and locked candidates ------------------------------------------------------------ */

static bool sdk_remove_counted(sudoku_solver *s, int cell, uint64_t bits, uint64_t *counter)
{
    uint64_t hit = s->cand[cell] & bits;
    if (!hit) return true;
    *counter += (uint64_t)sdk_popcount(hit);
    return sdk_remove(s, cell, hit);
}

/* For each of nvec vectors of len words (vector v starts at v * vstep, its
 * words are step apart), sets each word of out to the OR of the other words
 * of its vector in `in`: a suffix pass, then a prefix pass. */
static void sdk_or_others(const uint64_t *in, uint64_t *out, int nvec, int vstep, int len, int step)
{
    for (int v = 0; v < nvec; v++) {
        const uint64_t *iv = &in[v * vstep];
        uint64_t *ov = &out[v * vstep], acc = 0;
        for (int i = len - 1; i >= 0; i--) {
            ov[i * step] = acc;
            acc |= iv[i * step];
        }
        acc = 0;
        for (int i = 0; i < len; i++) {
            ov[i * step] |= acc;
            acc |= iv[i * step];
        }
    }
}

/* Pointing and claiming on every crossing of a box with a line at once.
 * piece[l][b] holds the candidates of the cells where line l meets box b;
 * the rest of the line and the rest of the box come from prefix and suffix
 * ORs, so a pass costs O(N*N) whatever the shape. A symbol is acted on only
 * if the side it leaves still holds it, so solved symbols cost nothing. */
static bool sdk_locked(sudoku_solver *s)
{
    int n = s->size, nlines = s->nunits - n;
    uint64_t *piece = s->piece, *line_out = s->line_out, *box_out = s->box_out;
    memset(piece, 0, (size_t)(nlines * n) * sizeof(*piece));
    uint64_t off_diag[2][SUDOKU_MAX_SIZE];
    memset(off_diag, 0, sizeof(off_diag));
    for (int x = 0; x < s->ncells; x++) {
        uint64_t m = s->cand[x];
        const uint8_t *u = &s->cell_units[x * SDK_CELL_UNITS];
        int b = u[2] - 2 * n;
        piece[u[0] * n + b] |= m;
        piece[u[1] * n + b] |= m;
        for (int k = 0; s->diagonal && k < 2; k++) {
            if (sdk_in_unit(s, x, 3 * n + k)) {
                piece[(2 * n + k) * n + b] |= m;
            } else {
                off_diag[k][b] |= m;
            }
        }
    }
    /* The rest of a line: its pieces in the other boxes. The rest of a box:
     * its pieces on the other rows (columns), or its cells off the diagonal. */
    sdk_or_others(piece, line_out, nlines, n, n, 1);
    sdk_or_others(piece, box_out, n, 1, n, n);
    sdk_or_others(&piece[n * n], &box_out[n * n], n, 1, n, n);
    for (int k = 0; s->diagonal && k < 2; k++) {
        memcpy(&box_out[(2 * n + k) * n], off_diag[k], (size_t)n * sizeof(uint64_t));
    }

    for (int l = 0; l < nlines; l++) {
        int line = l < 2 * n ? l : l + n;
        const uint16_t *lc = &s->unit_cells[line * n];
        for (int b = 0; b < n; b++) {
            uint64_t in = piece[l * n + b], lo = line_out[l * n + b], bo = box_out[l * n + b];
            uint64_t pointing = in & ~bo & lo, claiming = in & ~lo & bo;
            for (int i = 0; pointing && i < n; i++) {
                if (s->cell_units[lc[i] * SDK_CELL_UNITS + 2] != 2 * n + b &&
                    !sdk_remove_counted(s, lc[i], pointing, &s->stats.locked_candidates)) {
                    return false;
                }
            }
            const uint16_t *bc = &s->unit_cells[(2 * n + b) * n];
            for (int i = 0; claiming && i < n; i++) {
                if (!sdk_in_unit(s, bc[i], line) &&
                    !sdk_remove_counted(s, bc[i], claiming, &s->stats.locked_candidates)) {
                    return false;
                }
            }
        }
    }
    return true;
}

/* Two cells of a unit left with the same two candidates take both symbols,
 * so the other cells of the unit lose them. A third cell with that pair
 * would be a contradiction; it is left for the search to meet. */
static bool sdk_pairs(sudoku_solver *s)
{
    int n = s->size;
    for (int u = 0; u < s->nunits; u++) {
        const uint16_t *uc = &s->unit_cells[u * n];
        uint64_t pairs[SUDOKU_MAX_SIZE];
        int npairs = 0;
        for (int i = 0; i < n; i++) {
            uint64_t m = s->cand[uc[i]], rest = m & (m - 1);
            if (rest == 0 || !sdk_at_most_one(rest)) continue; /* not two candidates */
            int j = 0;
            while (j < npairs && pairs[j] != m) j++;
            if (j == npairs) {
                pairs[npairs++] = m;
                continue;
            }
            for (int k = 0; k < n; k++) {
                if (s->cand[uc[k]] != m &&
                    !sdk_remove_counted(s, uc[k], m, &s->stats.naked_pairs)) {
                    return false;
                }
            }
        }
    }
    return true;
}

bool sdk_propagate(sudoku_solver *s)
{
    for (;;) {
        if (!sdk_singles(s)) return false;
        if (s->nsolved == s->ncells || s->stats.backtracks < SDK_HARD_AFTER) return true;
        uint32_t before = s->trail_len;
        if (!sdk_pairs(s) || !sdk_locked(s)) return false;
        if (s->trail_len == before) return true;
    }
}
