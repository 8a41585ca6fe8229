/* version.h -- the release number of sudokud, in one place.
 *
 * The server (`sudokud --version`, GET /healthz, the start-up log) and the
 * CLI (`sudoku --version`) are released together and must report the same
 * number, so both include this file; it sits at the top of the tree because
 * it belongs to neither. Bump it here only.
 */
#ifndef SUDOKUD_VERSION_H
#define SUDOKUD_VERSION_H

#define SUDOKUD_VERSION "1.0.0"

#endif /* SUDOKUD_VERSION_H */
