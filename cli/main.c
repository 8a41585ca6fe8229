/* main.c -- the entry point of `sudoku`; everything else is in commands.c,
 * kept out of this file so the tests can run the command line in-process. */
#include "cli/commands.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
