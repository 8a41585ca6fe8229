/* technique.h -- the one list of solving techniques, and what the search counts of them.
 *
 * SUDOKU_TECHNIQUES is the ladder of human techniques in the order of their
 * difficulty on Sudoku Explainer's scale (score in tenths: 12 is 1.2), with
 * the additions of Sukaku Explainer, the SE derivative that rated the public
 * Sudoku Exchange bank (turbot fish, strong-link chains, WXYZ/VWXYZ-Wings). The
 * rating, the JSON writers, /metrics, openapi.yaml's enums and the tests all
 * expand it; the step engine's ladder (solver/logic/ladder.c) gives each
 * technique its finder and sentence. Adding a technique is one line here,
 * its finder and sentence, and one row of the ladder.
 *
 * SUDOKU_SEARCH_COUNTERS are the counters the search (sudoku_solve) keeps of
 * the propagation it does, each an instance of one ladder technique (the
 * search does not tell a box's hidden single from a line's, nor pointing
 * from claiming). They become the fields of sudoku_stats, named as the JSON
 * `stats` keys.
 *
 * Plain data, no state: include it anywhere.
 */
#ifndef SUDOKU_TECHNIQUE_H
#define SUDOKU_TECHNIQUE_H

/* X(ID, key, score_tenths, description): key is the stable snake_case name of the API. */
#define SUDOKU_TECHNIQUES(X)                                                                       \
    X(FULL_HOUSE, "full_house", 10, "the last empty cell of a row, column or box")                 \
    X(HIDDEN_SINGLE_BOX, "hidden_single_box", 12, "the only place left for a digit in a box")      \
    X(HIDDEN_SINGLE_LINE, "hidden_single_line", 15,                                                \
      "the only place left for a digit in a row or column")                                        \
    X(DIRECT_POINTING, "direct_pointing", 17, "pointing that leaves a hidden single at once")      \
    X(DIRECT_CLAIMING, "direct_claiming", 19, "claiming that leaves a hidden single at once")      \
    X(DIRECT_HIDDEN_PAIR, "direct_hidden_pair", 20, "hidden pair that leaves a hidden single")     \
    X(NAKED_SINGLE, "naked_single", 23, "the only digit left for a cell")                          \
    X(DIRECT_HIDDEN_TRIPLE, "direct_hidden_triple", 25,                                            \
      "hidden triple that leaves a hidden single")                                                 \
    X(POINTING, "pointing", 26,                                                                    \
      "a digit of a box confined to one line leaves the rest of that line")                        \
    X(CLAIMING, "claiming", 28,                                                                    \
      "a digit of a line confined to one box leaves the rest of that box")                         \
    X(NAKED_PAIR, "naked_pair", 30, "two cells of a unit holding the same two digits")             \
    X(X_WING, "x_wing", 32, "a digit in two lines confined to the same two cross lines")           \
    X(HIDDEN_PAIR, "hidden_pair", 34, "two digits of a unit confined to the same two cells")       \
    X(NAKED_TRIPLE, "naked_triple", 36, "three cells of a unit holding only three digits")         \
    X(SWORDFISH, "swordfish", 38, "a digit in three lines confined to three cross lines")          \
    X(HIDDEN_TRIPLE, "hidden_triple", 40, "three digits of a unit confined to three cells")        \
    X(TURBOT_FISH, "turbot_fish", 40,                                                              \
      "two strong links of one digit joined by a weak link (skyscraper, kite, empty rectangle)")   \
    X(XY_WING, "xy_wing", 42, "a bivalue pivot and two bivalue pincers")                           \
    X(XYZ_WING, "xyz_wing", 44, "a trivalue pivot and two bivalue pincers")                        \
    X(UNIQUE_RECTANGLE, "unique_rectangle", 45, "four cells that would allow two solutions")       \
    X(UNIQUE_LOOP, "unique_loop", 46,                                                              \
      "six or more cells, two in each unit they touch, that would allow two solutions")            \
    X(NAKED_QUAD, "naked_quad", 50, "four cells of a unit holding only four digits")               \
    X(JELLYFISH, "jellyfish", 52, "a digit in four lines confined to four cross lines")            \
    X(HIDDEN_QUAD, "hidden_quad", 54, "four digits of a unit confined to four cells")              \
    X(STRONG_LINKS, "strong_links", 54, "three strong links of one digit chained by weak links")   \
    X(WXYZ_WING, "wxyz_wing", 55,                                                                  \
      "three cells seeing each other with four digits, and a bivalue cell")                        \
    X(BUG, "bug", 56, "all cells bivalue but one would allow several solutions")                   \
    X(VWXYZ_WING, "vwxyz_wing", 62,                                                                \
      "four cells seeing each other with five digits, and a bivalue cell")                         \
    X(ALIGNED_PAIR_EXCLUSION, "aligned_pair_exclusion", 62,                                        \
      "two cells seeing each other cannot take the pairs that empty a common bivalue cell")        \
    X(CYCLE, "cycle", 65, "a loop of alternating links: one end of every weak link is true")       \
    X(X_CHAIN, "x_chain", 66, "alternating strong and weak links of one digit")                    \
    X(XY_CHAIN, "xy_chain", 70, "a forcing chain through bivalue cells and conjugate pairs")       \
    X(ALIGNED_TRIPLE_EXCLUSION, "aligned_triple_exclusion", 75,                                    \
      "three cells, one seeing the other two, cannot take the triples that empty a common cell")   \
    X(NISHIO, "nishio", 75, "a placement that, followed by its digit alone, empties a unit")       \
    X(FORCING_CHAIN, "forcing_chain", 80,                                                          \
      "every choice of a cell or unit leads to the same result")                                   \
    X(DYNAMIC_FORCING_CHAIN, "dynamic_forcing_chain", 85,                                          \
      "forcing chains followed with singles on the changing grid")                                 \
    X(DYNAMIC_FORCING_CHAIN_PLUS, "dynamic_forcing_chain_plus", 90,                                \
      "dynamic forcing chains that also follow locked candidates, pairs and X-Wings")              \
    X(NESTED_FORCING_CHAIN, "nested_forcing_chain", 95,                                            \
      "dynamic forcing chains that also follow forcing chains found on the assumed grid")          \
    X(NESTED_MULTIPLE_CHAIN, "nested_multiple_forcing_chain", 100,                                 \
      "dynamic forcing chains that also follow multiple forcing chains on the assumed grid")       \
    X(NESTED_DYNAMIC_CHAIN, "nested_dynamic_forcing_chain", 105,                                   \
      "dynamic forcing chains that also follow dynamic forcing chains on the assumed grid")

typedef enum sudoku_technique {
#define SUDOKU_TECHNIQUE_ENUM(id, key, score, description) SUDOKU_TECH_##id,
    SUDOKU_TECHNIQUES(SUDOKU_TECHNIQUE_ENUM)
#undef SUDOKU_TECHNIQUE_ENUM
        SUDOKU_TECHNIQUE_COUNT
} sudoku_technique;

/* X(field, technique, description): one counter of sudoku_stats. */
#define SUDOKU_SEARCH_COUNTERS(X)                                                                  \
    X(naked_singles, NAKED_SINGLE, "cells placed because one candidate was left")                  \
    X(hidden_singles, HIDDEN_SINGLE_LINE, "cells placed because a unit had one place left")        \
    X(locked_candidates, POINTING, "candidates removed by pointing or claiming")                   \
    X(naked_pairs, NAKED_PAIR, "candidates removed by naked pairs")

#endif /* SUDOKU_TECHNIQUE_H */
