/* fast9_v3.c -- fast9.c compiled again for x86-64 CPUs with AVX2 and BMI2.
 *
 * The baseline build targets SSE4.2 so that the binaries run on any x86-64
 * of the last fifteen years; the same code for AVX2 and BMI2 (three-operand
 * vector forms, ANDN, BLSR, TZCNT, SHLX) runs a good part faster. This file
 * is that copy, under its own name, sdk_fast9_solve_v3; sdk_fast9_solve
 * calls it where __builtin_cpu_supports finds both. Elsewhere it is empty.
 */
#include "solver/solver_int.h"

#if SDK_FAST9_V3
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif
#define F9_SOLVE sdk_fast9_solve_v3
#define F9_BMI2  1
#include "solver/fast9.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif
