/* chains.c -- forcing chains over the static implications of the candidate grid.
 *
 * A node is a candidate assumed true ("on") or false ("off"). On implies off
 * for the same digit in every peer, and (with Y links) for the other digits
 * of the cell. Off implies on for the other place of the digit in a unit
 * where it has two (an X link, "conjugate pair") and, with Y links, for the
 * other digit of a bivalue cell. The grid itself never changes during a
 * search: these are Sudoku Explainer's static chains.
 *
 * Strong-link chains (Sukaku Explainer's turbot fish and its longer kin):
 * "p on" leads to "p off" through exactly k conjugate pairs of p's digit.
 * Cycles (6.5 X or Y, 7.0 XY): a loop from "p on" back through a strong
 * partner of p; one end of each of its weak links is true. Single forcing
 * chain: if "p on" leads to "p off", p is false; if "p off" leads to "p on",
 * p is true. X links only: X-chain (6.6); both: XY (7.0).
 * Multiple forcing chains (8.0): every candidate of a cell with three or more,
 * or every place of a digit in a unit, leads to the same node, which is then
 * true. Breadth-first search finds the shortest chains, and like SE the step
 * taken is the one with the lowest score (base plus length increments), the
 * shortest on a tie.
 *
 * Chains run only up to SDK_CHAIN_MAX_SIZE (N^3 candidates make them slow)
 * and check the deadline between searches.
 */
#include <string.h>

#include "solver/logic/logic_int.h"

int sdk_lg_length_bonus(int length)
{
    int added = 0, ceil = 4;
    bool odd = false;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

static inline int sdk_lg_node(const sudoku_logic *lg, int cell, int d, int on)
{
    return 2 * (cell * lg->n + d - 1) + on;
}

static void sdk_lg_new_epoch(sudoku_logic *lg)
{
    if (++lg->chain_epoch == 0) {
        memset(lg->chain_mark, 0, sizeof(lg->chain_mark));
        lg->chain_epoch = 1;
    }
}

/* Marks node y reached from x; returns true when it is new. The source's
 * link to lg->chain_ban is not followed (a cycle search wants the long way). */
static inline bool sdk_lg_reach(sudoku_logic *lg, int x, int y, int *qlen)
{
    if (lg->chain_mark[y] == lg->chain_epoch) return false;
    if (y == lg->chain_ban && lg->chain_parent[x] < 0) return false;
    lg->chain_mark[y] = lg->chain_epoch;
    lg->chain_parent[y] = x;
    lg->chain_dist[y] = (int16_t)(lg->chain_dist[x] + 1);
    lg->chain_queue[(*qlen)++] = y;
    return true;
}

/* Link kinds a search may follow. */
enum { SDK_LG_X = 1, SDK_LG_Y = 2 };

/* Breadth-first search from src over the links in `links`. Stops when
 * `target` (>= 0) is reached (returns its path length in nodes) or when
 * paths would exceed max_len nodes; returns 0 when the target was not
 * reached. The nodes reached are chain_queue[0 .. *reached). */
static int sdk_lg_bfs(sudoku_logic *lg, int src, int links, int target, int max_len, int *reached)
{
    bool y_links = links & SDK_LG_Y, x_links = links & SDK_LG_X;
    int n = lg->n, qlen = 0;
    sdk_lg_new_epoch(lg);
    lg->chain_mark[src] = lg->chain_epoch;
    lg->chain_parent[src] = -1;
    lg->chain_dist[src] = 1;
    lg->chain_queue[qlen++] = src;
    for (int qi = 0; qi < qlen; qi++) {
        int x = lg->chain_queue[qi];
        if (lg->chain_dist[x] >= max_len) break;
        int ci = x >> 1, cell = ci / n, d = ci % n + 1;
        if (x & 1) {
            if (y_links) {
                for (uint64_t m = lg->cand[cell] & ~sdk_bit(d); m; m &= m - 1) {
                    int y = sdk_lg_node(lg, cell, sdk_ctz(m) + 1, 0);
                    if (sdk_lg_reach(lg, x, y, &qlen) && y == target) goto found;
                }
            }
            for (int k = 0; k < lg->cell_nunits[cell]; k++) {
                const uint16_t *uc = lg->unit_cells[lg->cell_units[cell][k]];
                for (int i = 0; i < n; i++) {
                    int q = uc[i];
                    if (q == cell || !(lg->cand[q] & sdk_bit(d))) continue;
                    int y = sdk_lg_node(lg, q, d, 0);
                    if (sdk_lg_reach(lg, x, y, &qlen) && y == target) goto found;
                }
            }
        } else {
            uint64_t cm = lg->cand[cell];
            if (y_links && sdk_popcount(cm) == 2) {
                int y = sdk_lg_node(lg, cell, sdk_ctz(cm & ~sdk_bit(d)) + 1, 1);
                if (sdk_lg_reach(lg, x, y, &qlen) && y == target) goto found;
            }
            for (int k = 0; k < lg->cell_nunits[cell] && x_links; k++) {
                int u = lg->cell_units[cell][k];
                if (sdk_lg_count2(lg, lg->dcells[d - 1], lg->unit_bits[u]) != 2) continue;
                int q = -1;
                for (int w = 0; w < lg->words && q < 0; w++) {
                    uint64_t b = lg->dcells[d - 1][w] & lg->unit_bits[u][w];
                    if (cell >> 6 == w) b &= ~(UINT64_C(1) << (cell & 63));
                    if (b) q = w * 64 + sdk_ctz(b);
                }
                int y = sdk_lg_node(lg, q, d, 1);
                if (sdk_lg_reach(lg, x, y, &qlen) && y == target) goto found;
            }
        }
    }
    *reached = qlen;
    return 0;
found:
    *reached = qlen;
    return lg->chain_dist[target];
}

/* Adds the cells on the path back from node x to the step's proof. */
static void sdk_lg_add_path(sudoku_logic *lg, sudoku_step *st, int x)
{
    for (; x >= 0; x = lg->chain_parent[x]) sdk_lg_add_cell(st, (x >> 1) / lg->n);
}

/* The longest chain (in nodes) whose score base + bonus stays below best. */
static int sdk_lg_max_len(int base, int best)
{
    int len = 2;
    while (len < 512 && base + sdk_lg_length_bonus(len + 1 - 2) < best) len++;
    return len;
}

/* The best single forcing chain with or without Y links into *st (score
 * lower than *best); returns true when it improved. */
static bool sdk_lg_single_chains(sudoku_logic *lg, sudoku_step *st, bool y_links, int *best)
{
    int base = sudoku_technique_score(y_links ? SUDOKU_TECH_XY_CHAIN : SUDOKU_TECH_X_CHAIN);
    if (base >= *best) return false;
    bool found = false;
    int reached, max_len = sdk_lg_max_len(base, *best);
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_lg_expired(lg)) return found;
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1;
            for (int on = 1; on >= 0; on--) {
                int src = sdk_lg_node(lg, cell, d, on), dst = src ^ 1;
                int len = sdk_lg_bfs(lg, src, y_links ? SDK_LG_X | SDK_LG_Y : SDK_LG_X, dst,
                                     max_len, &reached);
                if (!len) continue;
                int score = base + sdk_lg_length_bonus(len - 2);
                if (score >= *best) continue;
                *best = score;
                max_len = sdk_lg_max_len(base, score);
                found = true;
                sudoku_technique t = y_links ? SUDOKU_TECH_XY_CHAIN : SUDOKU_TECH_X_CHAIN;
                sdk_lg_step_begin(st, t, score);
                st->digits = sdk_bit(d);
                if (on)
                    sdk_lg_add_elim(st, cell, d);
                else
                    sdk_lg_add_place(st, cell, d);
                sdk_lg_add_path(lg, st, dst);
            }
        }
    }
    return found;
}

/* The unit where cells a and b are the only places of d, a line when there
 * is one (Sukaku Explainer rates strong links by where they lie). */
static int sdk_lg_link_unit(sudoku_logic *lg, int a, int b, int d)
{
    int best = -1;
    for (int k = 0; k < lg->cell_nunits[a]; k++) {
        int u = lg->cell_units[a][k];
        if (!sdk_lg_has(lg->unit_bits[u], b)) continue;
        if (sdk_lg_count2(lg, lg->dcells[d - 1], lg->unit_bits[u]) != 2) continue;
        if (best < 0 || sdk_lg_kind(lg, best) == SUDOKU_UNIT_BOX) best = u;
    }
    return best;
}

/* A strong link of a turbot fish: in `unit`, every place of the digit is in
 * group a or group b (masks of positions in the unit), so one of them holds
 * it. Plain links have one cell a side; grouped ones (Sukaku Explainer's
 * "empty region" links, rated 4.3) more: a line whose places fall in two
 * boxes, a box whose places fall in two of its lines (the empty rectangle
 * when they cross; their crossing cell goes to one side or the other). */
typedef struct sdk_lg_link {
    uint64_t a, b;
    int unit;
    bool grouped;
} sdk_lg_link;

/* Room for every link of one digit on a grid chains run on: a plain one per
 * unit, a grouped one per line, and a few splits per box. */
#define SDK_LG_MAX_LINKS (8 * (3 * SDK_CHAIN_MAX_SIZE + 2))

/* True when every cell of group m of unit u lies in unit v. */
static bool sdk_lg_group_in(const sudoku_logic *lg, int u, uint64_t m, int v)
{
    for (; m; m &= m - 1)
        if (!sdk_lg_has(lg->unit_bits[v], lg->unit_cells[u][sdk_ctz(m)])) return false;
    return true;
}

/* The positions of unit u's place mask `pos` that lie in unit v. */
static uint64_t sdk_lg_group_of(const sudoku_logic *lg, int u, uint64_t pos, int v)
{
    uint64_t in = 0;
    for (uint64_t m = pos; m; m &= m - 1)
        if (sdk_lg_has(lg->unit_bits[v], lg->unit_cells[u][sdk_ctz(m)])) in |= m & -m;
    return in;
}

static void sdk_lg_link_push(sdk_lg_link *ls, int *nl, int u, uint64_t a, uint64_t b, bool grouped)
{
    for (int i = 0; i < *nl; i++)
        if (ls[i].unit == u && ((ls[i].a == a && ls[i].b == b) || (ls[i].a == b && ls[i].b == a)))
            return;
    if (*nl < SDK_LG_MAX_LINKS) ls[(*nl)++] = (sdk_lg_link){a, b, u, grouped};
}

/* The unit of kind `kind` holding cell c. */
static int sdk_lg_unit_of(const sudoku_logic *lg, int c, sudoku_unit_kind kind)
{
    for (int k = 0; k < lg->cell_nunits[c]; k++)
        if (sdk_lg_kind(lg, lg->cell_units[c][k]) == kind) return lg->cell_units[c][k];
    return -1;
}

/* Appends the strong links of d in unit u (places `pos`) to ls. */
static void sdk_lg_links_in(sudoku_logic *lg, int u, int d, uint64_t pos, sdk_lg_link *ls, int *nl)
{
    const uint16_t *uc = lg->unit_cells[u];
    sudoku_unit_kind kind = sdk_lg_kind(lg, u);
    if (sdk_popcount(pos) == 2) {
        /* A pair of cells is one link, named by the unit the rating prefers. */
        int a = uc[sdk_ctz(pos)], b = uc[63 - __builtin_clzll(pos)];
        if (sdk_lg_link_unit(lg, a, b, d) == u)
            sdk_lg_link_push(ls, nl, u, pos & -pos, pos & (pos - 1), false);
        return;
    }
    if (kind == SUDOKU_UNIT_ROW || kind == SUDOKU_UNIT_COLUMN) {
        int box = sdk_lg_unit_of(lg, uc[sdk_ctz(pos)], SUDOKU_UNIT_BOX);
        if (box < 0) return;
        uint64_t a = sdk_lg_group_of(lg, u, pos, box), rest = pos & ~a;
        if (!rest) return; /* confined to a box: locked candidates, not a link */
        int other = sdk_lg_unit_of(lg, uc[sdk_ctz(rest)], SUDOKU_UNIT_BOX);
        if (sdk_lg_group_of(lg, u, rest, other) == rest) sdk_lg_link_push(ls, nl, u, a, rest, true);
        return;
    }
    if (kind != SUDOKU_UNIT_BOX) return;
    /* Two lines through the box holding all its places between them. */
    int lines[2 * SUDOKU_MAX_SIZE], nlines = 0;
    for (uint64_t m = pos; m; m &= m - 1) {
        for (int k = 0; k < lg->cell_nunits[uc[sdk_ctz(m)]]; k++) {
            int v = lg->cell_units[uc[sdk_ctz(m)]][k];
            sudoku_unit_kind vk = sdk_lg_kind(lg, v);
            if (vk != SUDOKU_UNIT_ROW && vk != SUDOKU_UNIT_COLUMN) continue;
            bool dup = false;
            for (int i = 0; i < nlines && !dup; i++) dup = lines[i] == v;
            if (!dup) lines[nlines++] = v;
        }
    }
    for (int i = 0; i < nlines; i++) {
        uint64_t m1 = sdk_lg_group_of(lg, u, pos, lines[i]);
        if (m1 == pos) return; /* confined to a line: locked candidates, not a link */
        for (int j = i + 1; j < nlines; j++) {
            uint64_t m2 = sdk_lg_group_of(lg, u, pos, lines[j]), heart = m1 & m2;
            if ((m1 | m2) != pos || m2 == pos) continue;
            if (!heart) {
                sdk_lg_link_push(ls, nl, u, m1, m2, true);
            } else {
                if (m2 & ~heart) sdk_lg_link_push(ls, nl, u, m1, m2 & ~heart, true);
                if (m1 & ~heart) sdk_lg_link_push(ls, nl, u, m1 & ~heart, m2, true);
            }
        }
    }
}

/* Cells seeing every cell of group m of unit u, intersected into set. */
static void sdk_lg_group_peers(const sudoku_logic *lg, int u, uint64_t m, uint64_t *set)
{
    uint64_t p[SDK_LG_WORDS];
    for (; m; m &= m - 1) {
        sdk_lg_peers(lg, lg->unit_cells[u][sdk_ctz(m)], p);
        for (int w = 0; w < lg->words; w++) set[w] &= p[w];
    }
}

/* True when groups m1 of u1 and m2 of u2 lie in one unit: a weak link. */
static bool sdk_lg_groups_see(const sudoku_logic *lg, int u1, uint64_t m1, int u2, uint64_t m2)
{
    int c = lg->unit_cells[u1][sdk_ctz(m1)];
    for (int k = 0; k < lg->cell_nunits[c]; k++) {
        int v = lg->cell_units[c][k];
        if (sdk_lg_group_in(lg, u1, m1, v) && sdk_lg_group_in(lg, u2, m2, v)) return true;
    }
    return false;
}

static void sdk_lg_add_group(const sudoku_logic *lg, sudoku_step *st, int u, uint64_t m)
{
    for (; m; m &= m - 1) sdk_lg_add_cell(st, lg->unit_cells[u][sdk_ctz(m)]);
}

/* Two strong links (turbot fish): every pair of links of a digit whose units
 * share no place of it, joined end to end by a weak link. Like Sukaku
 * Explainer, the lowest score wins, then the most eliminations. */
static bool sdk_lg_turbot(sudoku_logic *lg, sudoku_step *st)
{
    int best = 1000, best_elims = 0;
    uint64_t pa[SDK_LG_WORDS];
    sdk_lg_link ls[SDK_LG_MAX_LINKS];
    for (int d = 1; d <= lg->n; d++) {
        int nl = 0;
        for (int u = 0; u < lg->nunits; u++) {
            uint64_t pos = sdk_lg_unit_positions(lg, u)[d - 1];
            if (sdk_popcount(pos) >= 2) sdk_lg_links_in(lg, u, d, pos, ls, &nl);
        }
        for (int i = 0; i < nl; i++) {
            const sdk_lg_link *li = &ls[i];
            sudoku_unit_kind ki = sdk_lg_kind(lg, li->unit);
            for (int j = i + 1; j < nl; j++) {
                const sdk_lg_link *lj = &ls[j];
                if (sdk_lg_group_of(lg, li->unit, li->a | li->b, lj->unit)) continue;
                sudoku_unit_kind kj = sdk_lg_kind(lg, lj->unit);
                bool box = ki == SUDOKU_UNIT_BOX || kj == SUDOKU_UNIT_BOX;
                int score = li->grouped || lj->grouped ? 43 : 40 + box + (!box && ki != kj);
                if (score > best) continue;
                for (int o = 0; o < 4; o++) {
                    /* Link i as (x1 = y1), link j as (x2 = y2), y1 - x2 weak; ends x1, y2. */
                    uint64_t x1 = o & 1 ? li->b : li->a, y1 = o & 1 ? li->a : li->b;
                    uint64_t x2 = o & 2 ? lj->b : lj->a, y2 = o & 2 ? lj->a : lj->b;
                    if (!sdk_lg_groups_see(lg, li->unit, y1, lj->unit, x2)) continue;
                    for (int w = 0; w < lg->words; w++)
                        pa[w] = lg->dcells[d - 1][w] & ~lg->unit_bits[li->unit][w] &
                                ~lg->unit_bits[lj->unit][w];
                    sdk_lg_group_peers(lg, li->unit, x1, pa);
                    sdk_lg_group_peers(lg, lj->unit, y2, pa);
                    int elims = sdk_lg_count2(lg, pa, pa);
                    if (!elims || (score == best && elims <= best_elims)) continue;
                    best = score;
                    best_elims = elims;
                    sdk_lg_step_begin(st, SUDOKU_TECH_TURBOT_FISH, score);
                    st->digits = sdk_bit(d);
                    sdk_lg_elim_set(lg, st, pa, d);
                    sdk_lg_add_group(lg, st, lj->unit, y2);
                    sdk_lg_add_group(lg, st, lj->unit, x2);
                    sdk_lg_add_group(lg, st, li->unit, y1);
                    sdk_lg_add_group(lg, st, li->unit, x1);
                    sdk_lg_add_unit(lg, st, lj->unit);
                    sdk_lg_add_unit(lg, st, li->unit);
                }
            }
        }
    }
    return best < 1000;
}

bool sdk_lg_strong_links(sudoku_logic *lg, sudoku_step *st, int links)
{
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    if (links == 2) return sdk_lg_turbot(lg, st);
    static const int base[] = {0, 0, 40, 54, 58, 62, 66, 70, 74};
    sudoku_technique t = links == 2 ? SUDOKU_TECH_TURBOT_FISH : SUDOKU_TECH_STRONG_LINKS;
    int best = 1000, reached, max_len = 2 * links + 2;
    uint64_t pa[SDK_LG_WORDS], pb[SDK_LG_WORDS], qpeers[SDK_LG_WORDS];
    /* Only digits with at least `links` strong links can chain them, and a
     * candidate goes only if it sees two cells of such links (the ends). */
    uint64_t chainable = 0, *ends = lg->link_cells;
    for (int d = 1; d <= lg->n; d++) {
        int strong = 0;
        uint64_t *e = &ends[(d - 1) * SDK_LG_WORDS];
        memset(e, 0, sizeof(uint64_t) * (size_t)lg->words);
        for (int u = 0; u < lg->nunits; u++) {
            uint64_t pos = sdk_lg_unit_positions(lg, u)[d - 1];
            if (sdk_popcount(pos) != 2) continue;
            strong++;
            for (; pos; pos &= pos - 1) {
                int c = lg->unit_cells[u][sdk_ctz(pos)];
                e[c >> 6] |= UINT64_C(1) << (c & 63);
            }
        }
        if (strong >= links) chainable |= sdk_bit(d);
    }
    for (int cell = 0; cell < lg->ncells && chainable; cell++) {
        if (sdk_lg_expired(lg)) break;
        if (!(lg->cand[cell] & chainable)) continue;
        sdk_lg_peers(lg, cell, qpeers);
        for (uint64_t m = lg->cand[cell] & chainable; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1, src = sdk_lg_node(lg, cell, d, 1), dst = src ^ 1;
            if (sdk_lg_count2(lg, qpeers, &ends[(d - 1) * SDK_LG_WORDS]) < 2) continue;
            int len = sdk_lg_bfs(lg, src, SDK_LG_X, dst, max_len, &reached);
            if (len != max_len) continue; /* shorter chains belong to an earlier rung */
            /* Walk back: dst <- on(bk) <- off(ak) <- ... <- on(b1) <- off(a1) <- src. */
            int bk = lg->chain_parent[dst], a1 = -1, units[8], nu = 0;
            bool box = false, mixed = false;
            int line_kind = -1;
            for (int y = bk; lg->chain_parent[y] >= 0; y = lg->chain_parent[y]) {
                if (!(y & 1)) continue;
                int x = lg->chain_parent[y]; /* off(a) -> on(b): a strong link */
                int u = sdk_lg_link_unit(lg, (x >> 1) / lg->n, (y >> 1) / lg->n, d);
                if (u < 0) break;
                if (nu < 8) units[nu++] = u;
                sudoku_unit_kind kind = sdk_lg_kind(lg, u);
                if (kind == SUDOKU_UNIT_BOX)
                    box = true;
                else if (line_kind < 0)
                    line_kind = (int)kind;
                else if ((int)kind != line_kind)
                    mixed = true;
                a1 = x;
            }
            if (a1 < 0 || nu != links) continue;
            int score = base[links] + box + mixed;
            if (score >= best) continue;
            int ca = (a1 >> 1) / lg->n, cb = (bk >> 1) / lg->n;
            sdk_lg_peers(lg, ca, pa);
            sdk_lg_peers(lg, cb, pb);
            for (int w = 0; w < lg->words; w++) pa[w] &= pb[w];
            best = score;
            sdk_lg_step_begin(st, t, score);
            st->digits = sdk_bit(d);
            sdk_lg_elim_set(lg, st, pa, d);
            /* The chain's cells, bk back to a1 (the eliminated source left out). */
            for (int y = bk; lg->chain_parent[y] >= 0; y = lg->chain_parent[y])
                sdk_lg_add_cell(st, (y >> 1) / lg->n);
            for (int i = 0; i < nu; i++) sdk_lg_add_unit(lg, st, units[i]);
        }
    }
    return best < 1000;
}

/* Eliminations of the cycle src -> ... -> close -> src (the path the last
 * search found, closed by the strong link close -> src), into *st: along a
 * continuous loop every weak link (on -> off) has one true end, so a
 * candidate that conflicts with both ends goes. Returns how many. */
static int sdk_lg_cycle_elims(sudoku_logic *lg, sudoku_step *st, int close)
{
    int n = lg->n, added = 0;
    uint64_t pa[SDK_LG_WORDS], pb[SDK_LG_WORDS];
    for (int y = close, x = lg->chain_parent[close]; x >= 0; y = x, x = lg->chain_parent[x]) {
        if (!(x & 1) || (y & 1)) continue; /* weak links only: x on, y off */
        int ca = (x >> 1) / n, da = (x >> 1) % n + 1, cb = (y >> 1) / n, db = (y >> 1) % n + 1;
        if (ca == cb) {
            for (uint64_t m = lg->cand[ca] & ~sdk_bit(da) & ~sdk_bit(db); m; m &= m - 1) {
                sdk_lg_add_elim(st, ca, sdk_ctz(m) + 1);
                added++;
            }
        } else if (da == db) {
            sdk_lg_peers(lg, ca, pa);
            sdk_lg_peers(lg, cb, pb);
            for (int w = 0; w < lg->words; w++) pa[w] &= pb[w];
            added += sdk_lg_elim_set(lg, st, pa, da);
        }
    }
    return added;
}

/* The strong partners of candidate (cell, d): the nodes off(q) that imply
 * on(cell, d) with `links`. Writes up to `max` and returns how many. */
static int sdk_lg_strong(sudoku_logic *lg, int cell, int d, int links, int *out, int max)
{
    int k = 0;
    uint64_t cm = lg->cand[cell];
    if ((links & SDK_LG_Y) && sdk_popcount(cm) == 2 && k < max)
        out[k++] = sdk_lg_node(lg, cell, sdk_ctz(cm & ~sdk_bit(d)) + 1, 0);
    for (int u = 0; u < lg->cell_nunits[cell] && (links & SDK_LG_X); u++) {
        const uint64_t *b = lg->unit_bits[lg->cell_units[cell][u]];
        if (sdk_lg_count2(lg, lg->dcells[d - 1], b) != 2) continue;
        for (int w = 0; w < lg->words && k < max; w++) {
            uint64_t m = lg->dcells[d - 1][w] & b[w];
            if (cell >> 6 == w) m &= ~(UINT64_C(1) << (cell & 63));
            if (m) out[k++] = sdk_lg_node(lg, w * 64 + sdk_ctz(m), d, 0);
        }
    }
    return k;
}

/* The best cycle (X: one digit; Y: bivalue cells; XY: both) scoring below
 * *best: for each candidate p and strong partner q (off q => on p), the
 * shortest way from on p to off q other than their direct weak link. */
static bool sdk_lg_cycles(sudoku_logic *lg, sudoku_step *st, int links, int *best)
{
    int base = links == (SDK_LG_X | SDK_LG_Y) ? 70 : 65;
    if (base >= *best) return false;
    bool found = false;
    int reached, max_len = sdk_lg_max_len(base, *best), partner[SDK_CELL_UNITS + 1];
    sudoku_step trial; /* on the stack: the engine keeps no globals */
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_lg_expired(lg)) break;
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1) {
            int d = sdk_ctz(m) + 1, src = sdk_lg_node(lg, cell, d, 1);
            int np = sdk_lg_strong(lg, cell, d, links, partner, SDK_CELL_UNITS + 1);
            for (int i = 0; i < np; i++) {
                lg->chain_ban = partner[i];
                int len = sdk_lg_bfs(lg, src, links, partner[i], max_len, &reached);
                lg->chain_ban = -1;
                if (!len) continue;
                int score = base + sdk_lg_length_bonus(len - 2);
                if (score >= *best) continue;
                sdk_lg_step_begin(&trial, SUDOKU_TECH_CYCLE, score);
                trial.digits = sdk_bit(d);
                if (!sdk_lg_cycle_elims(lg, &trial, partner[i])) continue;
                sdk_lg_add_path(lg, &trial, partner[i]);
                *st = trial;
                *best = score;
                max_len = sdk_lg_max_len(base, score);
                found = true;
            }
        }
    }
    return found;
}

bool sdk_lg_forcing_chain(sudoku_logic *lg, sudoku_step *st)
{
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    int best = 1000;
    bool found = sdk_lg_cycles(lg, st, SDK_LG_X, &best);
    found |= sdk_lg_cycles(lg, st, SDK_LG_Y, &best);
    found |= sdk_lg_single_chains(lg, st, false, &best);
    found |= sdk_lg_cycles(lg, st, SDK_LG_X | SDK_LG_Y, &best);
    found |= sdk_lg_single_chains(lg, st, true, &best);
    return found;
}

/* Runs one branch per source and counts, per node, the branches reaching
 * it; keeps in *st the conclusion reached by all with the least total length. */
static bool sdk_lg_branches(sudoku_logic *lg, sudoku_step *st, const int *src, int k, int *best,
                            int unit)
{
    int nodes = 2 * lg->ncells * lg->n, reached;
    memset(lg->chain_count, 0, (size_t)nodes);
    memset(lg->chain_sum, 0, sizeof(*lg->chain_sum) * (size_t)nodes);
    for (int b = 0; b < k; b++) {
        sdk_lg_bfs(lg, src[b], SDK_LG_X | SDK_LG_Y, -1, 1 << 14, &reached);
        for (int i = 0; i < reached; i++) {
            int x = lg->chain_queue[i];
            if (lg->chain_count[x] != b) continue; /* missed by an earlier branch */
            lg->chain_count[x]++;
            lg->chain_sum[x] += lg->chain_dist[x];
        }
    }
    int base = sudoku_technique_score(SUDOKU_TECH_FORCING_CHAIN);
    bool found = false;
    for (int x = 0; x < nodes; x++) {
        if (lg->chain_count[x] != k) continue;
        int cell = (x >> 1) / lg->n, d = (x >> 1) % lg->n + 1;
        if (lg->value[cell]) continue;
        int score = base + sdk_lg_length_bonus(lg->chain_sum[x] - 2);
        if (score >= *best) continue;
        *best = score;
        found = true;
        sdk_lg_step_begin(st, SUDOKU_TECH_FORCING_CHAIN, score);
        st->digits = sdk_bit(d);
        if (x & 1)
            sdk_lg_add_place(st, cell, d);
        else
            sdk_lg_add_elim(st, cell, d);
        for (int b = 0; b < k; b++) sdk_lg_add_cell(st, (src[b] >> 1) / lg->n);
        sdk_lg_add_cell(st, cell);
        if (unit >= 0) sdk_lg_add_unit(lg, st, unit);
    }
    return found;
}

bool sdk_lg_multiple_chain(sudoku_logic *lg, sudoku_step *st)
{
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    int best = 1000, src[SUDOKU_MAX_SIZE];
    bool found = false;
    for (int cell = 0; cell < lg->ncells; cell++) {
        if (sdk_popcount(lg->cand[cell]) < 3) continue;
        if (sdk_lg_expired(lg)) return found;
        int k = 0;
        for (uint64_t m = lg->cand[cell]; m; m &= m - 1)
            src[k++] = sdk_lg_node(lg, cell, sdk_ctz(m) + 1, 1);
        found |= sdk_lg_branches(lg, st, src, k, &best, -1);
    }
    for (int u = 0; u < lg->nunits; u++) {
        if (sdk_lg_expired(lg)) return found;
        for (int d = 1; d <= lg->n; d++) {
            int k = 0;
            for (int i = 0; i < lg->n; i++) {
                int c = lg->unit_cells[u][i];
                if (lg->cand[c] & sdk_bit(d)) src[k++] = sdk_lg_node(lg, c, d, 1);
            }
            if (k >= 2) found |= sdk_lg_branches(lg, st, src, k, &best, u);
        }
    }
    return found;
}
