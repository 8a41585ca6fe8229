/* tsan_criterion.c -- lets the Criterion runner start under ThreadSanitizer.
 *
 * Criterion's sandbox (BoxFort) maps a shared arena at a random 16 MiB step
 * of [0x200000000000, 0x600000000000), drawing the step from rand_r() and
 * giving up after 10 tries. Under TSan almost all of that range is TSan's
 * own (shadow, metadata, or reserved), and the only part it lets a program
 * map, [0x550000000000, 0x568000000000), is about 2% of it: the runner dies
 * with "Could not initialize inheritable arena" in most runs (Criterion
 * issue #274). This rand_r, found by the dynamic linker before libc's, steers
 * the draws made from inside libcriterion into that window; every other
 * caller gets libc's rand_r unchanged. Built only into TSan binaries.
 */
#if defined(__SANITIZE_THREAD__)

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* BoxFort: base = 0x200000000000 + (rand_r() & 0x3fffff) << 24 */
#define TSAN_CRIT_FIRST_STEP 0x350000u /* 0x550000000000 */
#define TSAN_CRIT_STEPS      0x18000u  /* up to 0x568000000000 */

int rand_r(unsigned int *seed)
{
    int (*real)(unsigned int *) = (int (*)(unsigned int *))dlsym(RTLD_NEXT, "rand_r");
    int v = real(seed);
    Dl_info caller;
    if (dladdr(__builtin_return_address(0), &caller) != 0 && caller.dli_fname != NULL &&
        strstr(caller.dli_fname, "libcriterion") != NULL)
        return (int)(TSAN_CRIT_FIRST_STEP + (unsigned)v % TSAN_CRIT_STEPS);
    return v;
}

#endif
