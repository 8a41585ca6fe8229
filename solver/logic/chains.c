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
 * k strong links of one digit, plain or grouped, joined end to end by weak
 * links; searched link by link, not over nodes (see sdk_lg_link_chains).
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

/* Marks node y reached from x; returns true when it is new. */
static inline bool sdk_lg_reach(sudoku_logic *lg, int x, int y, int *qlen)
{
    if (lg->chain_mark[y] == lg->chain_epoch) return false;
    lg->chain_mark[y] = lg->chain_epoch;
    lg->chain_parent[y] = x;
    lg->chain_dist[y] = (int16_t)(lg->chain_dist[x] + 1);
    lg->chain_queue[(*qlen)++] = y;
    return true;
}

/* The longest path a search follows, in nodes (scores stop far below it). */
#define SDK_LG_MAX_PATH 512

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
                int u = lg->cell_units[cell][k];
                uint64_t m =
                    sdk_lg_unit_positions(lg, u)[d - 1] & ~(UINT64_C(1) << lg->cell_index[cell][k]);
                for (; m; m &= m - 1) {
                    int y = sdk_lg_node(lg, lg->unit_cells[u][sdk_ctz(m)], d, 0);
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
                uint64_t pos = sdk_lg_unit_positions(lg, u)[d - 1];
                if (sdk_popcount(pos) != 2) continue;
                pos &= ~(UINT64_C(1) << lg->cell_index[cell][k]);
                int y = sdk_lg_node(lg, lg->unit_cells[u][sdk_ctz(pos)], d, 1);
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

/* Writes the path from the source to node x, then `close` (a node, or -1)
 * and, for a loop, the source again, as the step's chain. */
static void sdk_lg_add_path_chain(sudoku_logic *lg, sudoku_step *st, int x, int close)
{
    int32_t nodes[SDK_LG_MAX_PATH + 2];
    int len = lg->chain_dist[x];
    for (int i = len - 1, v = x; i >= 0; i--, v = lg->chain_parent[v]) nodes[i] = v;
    if (close >= 0) {
        nodes[len++] = close;
        nodes[len] = nodes[0];
        len++;
    }
    sdk_lg_add_chain(st, nodes, len, lg->n, 1);
}

/* The longest chain (in nodes) whose score base + bonus stays below best. */
static int sdk_lg_max_len(int base, int best)
{
    int len = 2;
    while (len < SDK_LG_MAX_PATH && base + sdk_lg_length_bonus(len + 1 - 2) < best) len++;
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
                sdk_lg_add_path_chain(lg, st, dst, -1);
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

/* The strong links of digit d, built again only when d lost a place since:
 * the turbot fish and the three-link rung both read them. */
static const sdk_lg_link *sdk_lg_digit_links(sudoku_logic *lg, int d, int *nl)
{
    if (lg->links_stamp[d - 1] != lg->digit_stamp[d - 1]) {
        int n = 0;
        for (int u = 0; u < lg->nunits; u++) {
            uint64_t pos = sdk_lg_unit_positions(lg, u)[d - 1];
            if (sdk_popcount(pos) >= 2) sdk_lg_links_in(lg, u, d, pos, lg->links[d - 1], &n);
        }
        lg->nlinks[d - 1] = n;
        lg->links_stamp[d - 1] = lg->digit_stamp[d - 1];
    }
    *nl = lg->nlinks[d - 1];
    return lg->links[d - 1];
}

/* Two strong links (turbot fish): every pair of links of a digit whose units
 * share no place of it, joined end to end by a weak link. Like Sukaku
 * Explainer, the lowest score wins, then the most eliminations. Scored as
 * the Sukaku Explainer that rated the Sudoku Exchange bank (1.15, its
 * TurbotFish rule) scores them: 4.0 two rows or two columns, 4.1 a row and a
 * column, 4.2 a link in a box, 4.3 a grouped link. */
static bool sdk_lg_turbot(sudoku_logic *lg, sudoku_step *st)
{
    int best = 1000, best_elims = 0;
    uint64_t pa[SDK_LG_WORDS];
    uint64_t *clean = lg->links_clean[2];
    for (int d = 1; d <= lg->n; d++) {
        if (clean[d - 1] == lg->digit_stamp[d - 1]) continue;
        if (best == 1000) clean[d - 1] = lg->digit_stamp[d - 1];
        int nl;
        const sdk_lg_link *ls = sdk_lg_digit_links(lg, d, &nl);
        for (int i = 0; i < nl; i++) {
            const sdk_lg_link *li = &ls[i];
            sudoku_unit_kind ki = sdk_lg_kind(lg, li->unit);
            for (int j = i + 1; j < nl; j++) {
                const sdk_lg_link *lj = &ls[j];
                if (sdk_lg_group_of(lg, li->unit, li->a | li->b, lj->unit)) continue;
                sudoku_unit_kind kj = sdk_lg_kind(lg, lj->unit);
                bool box = ki == SUDOKU_UNIT_BOX || kj == SUDOKU_UNIT_BOX;
                int score = li->grouped || lj->grouped ? 43 : 40 + 2 * box + (!box && ki != kj);
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
                    clean[d - 1] = 0; /* found: searched again until applied */
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

/* Links a chain of strong links can use per digit (more are left out). */
#define SDK_LG_CHAIN_LINKS 128

/* A search for chains of k strong links of digit d (links in ls). An end
 * 2i+s is side s of link i (a or b); umask[e] holds the units that contain
 * every cell of that side (units fit a word where chains run), and two ends
 * of different links are weakly linked when they share one (weak[e]: the
 * ends e is weakly linked to). clash[i] holds the ends of the links whose
 * unit shares a place of d with link i's. */
typedef struct sdk_lg_chain {
    const sdk_lg_link *ls;
    int d, k, nl;
    uint64_t umask[2 * SDK_LG_CHAIN_LINKS];
    uint64_t weak[2 * SDK_LG_CHAIN_LINKS][2 * SDK_LG_CHAIN_LINKS / 64];
    uint64_t clash[SDK_LG_CHAIN_LINKS][2 * SDK_LG_CHAIN_LINKS / 64];
    int path[8]; /* the end each link of the chain is entered by */
    int best, best_elims;
} sdk_lg_chain;

static uint64_t sdk_lg_side(const sdk_lg_link *l, int s)
{
    return s ? l->b : l->a;
}

/* SE's score of the chain in path[0..n): its base, plus 0.3 with a grouped
 * link, else 0.1 with a link in a box ("strong links including blocks"),
 * else 0.2 for rows and columns both (a kite), as the Sukaku Explainer that
 * rated the Sudoku Exchange bank (1.15) names and scores three links. */
static int sdk_lg_chain_score(const sudoku_logic *lg, const sdk_lg_chain *ch, int n)
{
    static const int base[] = {0, 0, 40, 54};
    bool box = false, mixed = false, grouped = false;
    int line_kind = -1;
    for (int i = 0; i < n; i++) {
        const sdk_lg_link *l = &ch->ls[ch->path[i] >> 1];
        sudoku_unit_kind kind = sdk_lg_kind(lg, l->unit);
        grouped |= l->grouped;
        if (kind == SUDOKU_UNIT_BOX)
            box = true;
        else if (line_kind < 0)
            line_kind = (int)kind;
        else if ((int)kind != line_kind)
            mixed = true;
    }
    return base[ch->k] + (grouped ? 3 : box ? 1 : 2 * mixed);
}

/* The chain in path is complete: the digit leaves the cells that see both
 * ends (the first link's entry side, the last one's exit side). */
static void sdk_lg_chain_found(sudoku_logic *lg, sdk_lg_chain *ch, sudoku_step *st)
{
    int score = sdk_lg_chain_score(lg, ch, ch->k);
    if (score > ch->best) return;
    int first = ch->path[0], last = ch->path[ch->k - 1] ^ 1;
    uint64_t pa[SDK_LG_WORDS];
    for (int w = 0; w < lg->words; w++) pa[w] = lg->dcells[ch->d - 1][w];
    for (int i = 0; i < ch->k; i++)
        for (int w = 0; w < lg->words; w++)
            pa[w] &= ~lg->unit_bits[ch->ls[ch->path[i] >> 1].unit][w];
    sdk_lg_group_peers(lg, ch->ls[first >> 1].unit, sdk_lg_side(&ch->ls[first >> 1], first & 1),
                       pa);
    sdk_lg_group_peers(lg, ch->ls[last >> 1].unit, sdk_lg_side(&ch->ls[last >> 1], last & 1), pa);
    int elims = sdk_lg_count2(lg, pa, pa);
    if (!elims || (score == ch->best && elims <= ch->best_elims)) return;
    ch->best = score;
    ch->best_elims = elims;
    sdk_lg_step_begin(st, SUDOKU_TECH_STRONG_LINKS, score);
    st->digits = sdk_bit(ch->d);
    sdk_lg_elim_set(lg, st, pa, ch->d);
    for (int i = 0; i < ch->k; i++) {
        const sdk_lg_link *l = &ch->ls[ch->path[i] >> 1];
        sdk_lg_add_group(lg, st, l->unit, sdk_lg_side(l, ch->path[i] & 1));
        sdk_lg_add_group(lg, st, l->unit, sdk_lg_side(l, !(ch->path[i] & 1)));
        sdk_lg_add_unit(lg, st, l->unit);
    }
}

/* Extends the chain path[0..n) (blocked: the ends it may not use). */
static void sdk_lg_chain_extend(sudoku_logic *lg, sdk_lg_chain *ch, sudoku_step *st, int n,
                                const uint64_t *blocked)
{
    if (n == ch->k) {
        sdk_lg_chain_found(lg, ch, st);
        return;
    }
    if (sdk_lg_chain_score(lg, ch, n) > ch->best) return; /* a longer chain scores no less */
    for (int v = 0; v < 2 * SDK_LG_CHAIN_LINKS / 64; v++) {
        uint64_t can = ~blocked[v] & (n ? ch->weak[ch->path[n - 1] ^ 1][v] : ~UINT64_C(0));
        for (; can; can &= can - 1) {
            int e = v * 64 + sdk_ctz(can);
            if (e >= 2 * ch->nl) return;
            uint64_t next[2 * SDK_LG_CHAIN_LINKS / 64];
            for (int w = 0; w < 2 * SDK_LG_CHAIN_LINKS / 64; w++)
                next[w] = blocked[w] | ch->clash[e >> 1][w];
            ch->path[n] = e;
            sdk_lg_chain_extend(lg, ch, st, n + 1, next);
        }
    }
}

/* Chains of k (3) strong links, grouped ones included, each pair joined
 * by a weak link and no two links' units sharing a place of the digit, as
 * Sukaku Explainer's StrongLinks(k) finds them; the lowest score wins, then
 * the most eliminations. */
static bool sdk_lg_link_chains(sudoku_logic *lg, sudoku_step *st, int k)
{
    sdk_lg_chain ch = {.k = k, .best = 1000};
    uint64_t *clean = lg->links_clean[k];
    for (int d = 1; d <= lg->n && !sdk_lg_expired(lg); d++) {
        if (clean[d - 1] == lg->digit_stamp[d - 1]) continue;
        bool unpruned = ch.best == 1000; /* no earlier digit's find hides this one's */
        int nl;
        const sdk_lg_link *ls = sdk_lg_digit_links(lg, d, &nl);
        ch.ls = ls;
        if (nl < k) {
            if (unpruned) clean[d - 1] = lg->digit_stamp[d - 1];
            continue;
        }
        ch.d = d;
        ch.nl = nl < SDK_LG_CHAIN_LINKS ? nl : SDK_LG_CHAIN_LINKS;
        for (int e = 0; e < 2 * ch.nl; e++) {
            const sdk_lg_link *l = &ls[e >> 1];
            ch.umask[e] = ~UINT64_C(0);
            for (uint64_t m = sdk_lg_side(l, e & 1); m; m &= m - 1) {
                int c = lg->unit_cells[l->unit][sdk_ctz(m)];
                uint64_t units = 0;
                for (int j = 0; j < lg->cell_nunits[c]; j++)
                    units |= UINT64_C(1) << lg->cell_units[c][j];
                ch.umask[e] &= units;
            }
        }
        memset(ch.weak, 0, sizeof(ch.weak));
        for (int e = 0; e < 2 * ch.nl; e++)
            for (int f = 0; f < 2 * ch.nl; f++)
                if ((e >> 1) != (f >> 1) && (ch.umask[e] & ch.umask[f]))
                    ch.weak[e][f >> 6] |= UINT64_C(1) << (f & 63);
        memset(ch.clash, 0, sizeof(ch.clash));
        for (int i = 0; i < ch.nl; i++)
            for (int j = 0; j < ch.nl; j++)
                if (i == j || sdk_lg_group_of(lg, ls[i].unit, ls[i].a | ls[i].b, ls[j].unit))
                    ch.clash[i][(2 * j) >> 6] |= UINT64_C(3) << ((2 * j) & 63);
        uint64_t none[2 * SDK_LG_CHAIN_LINKS / 64] = {0};
        sdk_lg_chain_extend(lg, &ch, st, 0, none);
        if (unpruned && ch.best == 1000 && !sdk_lg_expired(lg))
            clean[d - 1] = lg->digit_stamp[d - 1];
    }
    return ch.best < 1000;
}

bool sdk_lg_strong_links(sudoku_logic *lg, sudoku_step *st, int links)
{
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    return links == 2 ? sdk_lg_turbot(lg, st) : sdk_lg_link_chains(lg, st, links);
}

bool sdk_lg_say_strong_links(sdk_lg_text *t, const sudoku_step *st)
{
    int d = sdk_lg_step_digit(st);
    sdk_lg_put(t, "%d strong links on ", st->nunits);
    sdk_lg_put_digit(t, d);
    sdk_lg_put(t, ": ");
    sdk_lg_put_units(t, st->units, st->nunits, ", ");
    sdk_lg_put(t, "; one end of the chain ");
    sdk_lg_put_cells(t, st->cells, st->ncells);
    sdk_lg_put(t, " holds ");
    sdk_lg_put_digit(t, d);
    return false;
}

/* Eliminations of the cycle that closes from on-node x (reached by the
 * last search, its path back to the source) through off-node y to the
 * source, into *st; SE's rule: a candidate outside the loop's cells goes
 * when it sees an "on" and an "off" of its digit on the loop. Returns how
 * many. */
static int sdk_lg_cycle_elims(sudoku_logic *lg, sudoku_step *st, int x, int y)
{
    enum { W = SDK_CHAIN_MAX_SIZE * SDK_CHAIN_MAX_SIZE / 64 };
    int n = lg->n, added = 0;
    uint64_t seen[2][SDK_CHAIN_MAX_SIZE][W] = {{{0}}}; /* [on][digit]: peers of the loop's */
    uint64_t loop[W] = {0}, pa[SDK_LG_WORDS];
    uint64_t digits = 0;
    for (int v = y; v >= 0; v = v == y ? x : lg->chain_parent[v]) {
        int c = (v >> 1) / n, d = (v >> 1) % n + 1;
        loop[c >> 6] |= UINT64_C(1) << (c & 63);
        sdk_lg_peers(lg, c, pa);
        for (int w = 0; w < lg->words; w++) seen[v & 1][d - 1][w] |= pa[w];
        digits |= sdk_bit(d);
    }
    for (uint64_t m = digits; m; m &= m - 1) {
        int d = sdk_ctz(m) + 1;
        for (int w = 0; w < lg->words; w++)
            pa[w] = seen[1][d - 1][w] & seen[0][d - 1][w] & ~loop[w];
        added += sdk_lg_elim_set(lg, st, pa, d);
    }
    return added;
}

/* True when node y is on the path of node x back to the source. */
static bool sdk_lg_on_path(const sudoku_logic *lg, int x, int y)
{
    for (; x >= 0; x = lg->chain_parent[x])
        if (x == y) return true;
    return false;
}

/* True when on-node x implies off-node y with `links`: the same digit in
 * two cells that see each other, or (Y) two digits of one cell. */
static bool sdk_lg_weak(sudoku_logic *lg, int x, int y, int links)
{
    int n = lg->n, cx = (x >> 1) / n, cy = (y >> 1) / n, dx = (x >> 1) % n, dy = (y >> 1) % n;
    if (cx == cy) return dx != dy && (links & SDK_LG_Y);
    if (dx != dy) return false;
    for (int k = 0; k < lg->cell_nunits[cx]; k++)
        if (sdk_lg_has(lg->unit_bits[lg->cell_units[cx][k]], cy)) return true;
    return false;
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
 * *best, as SE's breadth-first search meets them: from "on p", every "on"
 * node x reached (its first path) with a weak link to an "off q" that is
 * not on that path and implies p (q a strong partner of p) closes a loop
 * of x's path and q, four potentials or more. */
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
            if (!np) continue;
            sdk_lg_bfs(lg, src, links, -1, max_len - 1, &reached);
            for (int i = 0; i < reached; i++) {
                int x = lg->chain_queue[i], len = lg->chain_dist[x] + 1;
                if (!(x & 1) || len < 4) continue;
                if (len > max_len) break; /* the queue is in order of distance */
                for (int j = 0; j < np; j++) {
                    int y = partner[j];
                    if (!sdk_lg_weak(lg, x, y, links) || sdk_lg_on_path(lg, x, y)) continue;
                    int score = base + sdk_lg_length_bonus(len - 2);
                    if (score >= *best) continue;
                    sdk_lg_step_begin(&trial, SUDOKU_TECH_CYCLE, score);
                    trial.digits = sdk_bit(d);
                    if (!sdk_lg_cycle_elims(lg, &trial, x, y)) continue;
                    sdk_lg_add_cell(&trial, (y >> 1) / lg->n);
                    sdk_lg_add_path(lg, &trial, x);
                    sdk_lg_add_path_chain(lg, &trial, x, y);
                    *st = trial;
                    *best = score;
                    max_len = sdk_lg_max_len(base, score);
                    found = true;
                }
            }
        }
    }
    return found;
}

bool sdk_lg_forcing_chain(sudoku_logic *lg, sudoku_step *st, int arg)
{
    (void)arg;
    if (lg->n > SDK_CHAIN_MAX_SIZE) return false;
    int best = 1000;
    bool found = sdk_lg_cycles(lg, st, SDK_LG_X, &best);
    found |= sdk_lg_cycles(lg, st, SDK_LG_Y, &best);
    found |= sdk_lg_single_chains(lg, st, false, &best);
    found |= sdk_lg_cycles(lg, st, SDK_LG_X | SDK_LG_Y, &best);
    found |= sdk_lg_single_chains(lg, st, true, &best);
    return found;
}

bool sdk_lg_say_single_chain(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "%s: assuming the opposite at ",
               st->technique == SUDOKU_TECH_X_CHAIN ? "forcing X-chain on one digit"
                                                    : "forcing chain");
    sdk_lg_put_cell(t, st->nplacements ? st->placements[0].cell : st->eliminations[0].cell);
    sdk_lg_put(t, " contradicts itself: ");
    sdk_lg_put_chains(t, st, "; ");
    return false;
}

bool sdk_lg_say_cycle(sdk_lg_text *t, const sudoku_step *st)
{
    sdk_lg_put(t, "cycle ");
    sdk_lg_put_chains(t, st, "; ");
    sdk_lg_put(t, ": one end of each of its weak links is true");
    return false;
}
