/* reserve.c -- a small ring of ready puzzles per level, behind one mutex.
 *
 * A mutex, not atomics: puzzles come and go a few times a second at most,
 * and the lock is held for a pointer move.
 */
#include "server/reserve.h"

#include <pthread.h>
#include <stdlib.h>

struct reserve {
    pthread_mutex_t mu;
    size_t per_level;
    struct {
        char **ring; /* per_level slots */
        size_t head, count;
    } level[RESERVE_LEVELS];
};

reserve *reserve_new(size_t per_level)
{
    reserve *r = calloc(1, sizeof(*r));
    if (r == NULL) return NULL;
    r->per_level = per_level;
    if (per_level == 0 || pthread_mutex_init(&r->mu, NULL) != 0) {
        free(r);
        return NULL;
    }
    for (int l = 0; l < RESERVE_LEVELS; l++) {
        r->level[l].ring = calloc(per_level, sizeof(char *));
        if (r->level[l].ring == NULL) {
            reserve_free(r);
            return NULL;
        }
    }
    return r;
}

void reserve_free(reserve *r)
{
    if (r == NULL) return;
    for (int l = 0; l < RESERVE_LEVELS; l++) {
        for (size_t i = 0; r->level[l].ring != NULL && i < r->level[l].count; i++)
            free(r->level[l].ring[(r->level[l].head + i) % r->per_level]);
        free(r->level[l].ring);
    }
    pthread_mutex_destroy(&r->mu);
    free(r);
}

char *reserve_take(reserve *r, sudoku_level level)
{
    char *json = NULL;
    pthread_mutex_lock(&r->mu);
    if (r->level[level].count > 0) {
        json = r->level[level].ring[r->level[level].head];
        r->level[level].head = (r->level[level].head + 1) % r->per_level;
        r->level[level].count--;
    }
    pthread_mutex_unlock(&r->mu);
    return json;
}

int reserve_wanted(reserve *r)
{
    int want = -1;
    pthread_mutex_lock(&r->mu);
    for (int l = 0; l < RESERVE_LEVELS; l++)
        if (r->level[l].count < r->per_level &&
            (want < 0 || r->level[l].count < r->level[want].count))
            want = l;
    pthread_mutex_unlock(&r->mu);
    return want;
}

void reserve_put(reserve *r, sudoku_level level, char *json)
{
    pthread_mutex_lock(&r->mu);
    if (r->level[level].count < r->per_level) {
        size_t slot = (r->level[level].head + r->level[level].count) % r->per_level;
        r->level[level].ring[slot] = json;
        r->level[level].count++;
        json = NULL;
    }
    pthread_mutex_unlock(&r->mu);
    free(json);
}

size_t reserve_count(reserve *r, sudoku_level level)
{
    pthread_mutex_lock(&r->mu);
    size_t n = r->level[level].count;
    pthread_mutex_unlock(&r->mu);
    return n;
}
