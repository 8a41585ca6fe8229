/* json_write.c -- the JSON writers: results, problems, conflicts, strings.
 *
 * Output is written straight into a buf with hand-rolled writers: results
 * are flat, their shapes fixed, and the batch path formats tens of thousands
 * of them, so building cJSON trees for output would only cost time. No cJSON
 * here, so the CLI can link these writers without it.
 */
#include "writers/json_write.h"

#include <string.h>

#include "writers/utf8.h"

void json_put_string(buf *b, const char *str, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    size_t run = 0;

    if (buf_reserve(b, len + 2) != 0) return;
    buf_putc(b, '"');
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            run++;
            continue;
        }
        buf_append(b, s + i - run, run);
        run = 0;
        if (c >= 0x80) {
            size_t n = utf8_seq(s + i, len - i);
            if (n == 0) {
                buf_puts(b, "\\ufffd");
                i++;
            } else {
                buf_append(b, s + i, n);
                i += n;
            }
            continue;
        }
        char esc[7] = {'\\', (char)c, 0, 0, 0, 0, 0};
        switch (c) {
        case '"':
        case '\\':
            buf_append(b, esc, 2);
            break;
        case '\n':
            buf_puts(b, "\\n");
            break;
        case '\r':
            buf_puts(b, "\\r");
            break;
        case '\t':
            buf_puts(b, "\\t");
            break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            buf_append(b, esc, 6);
            break;
        }
        i++;
    }
    buf_append(b, s + len - run, run);
    buf_putc(b, '"');
}

/* Output is written through a raw cursor into space reserved up front: the
 * batch path renders tens of thousands of results, and per-call bounds
 * checks and strlen() on constant pieces cost more than the formatting. */
#define JSON_LIT(o, s) (memcpy((o), (s), sizeof(s) - 1), (o) + sizeof(s) - 1)

static char *json_str(char *o, const char *s)
{
    size_t n = strlen(s);
    memcpy(o, s, n);
    return o + n;
}

/* Writes "timing_us":{"name":us,...} at o; returns the new cursor. */
static char *json_timing(char *o, const char *const *names, const uint64_t *us, size_t n)
{
    o = JSON_LIT(o, "\"timing_us\":{");
    for (size_t i = 0; i < n; i++) {
        if (i > 0) *o++ = ',';
        *o++ = '"';
        o = json_str(o, names[i]);
        o = JSON_LIT(o, "\":");
        o = buf_write_u64(o, us[i]);
    }
    *o++ = '}';
    return o;
}

void json_render_timing(buf *b, const char *const *names, const uint64_t *us, size_t n)
{
    size_t need = 16;
    for (size_t i = 0; i < n; i++) need += strlen(names[i]) + 24;
    if (buf_reserve(b, need) != 0) return;
    char *o = json_timing(b->data + b->len, names, us, n);
    b->len = (size_t)(o - b->data);
    b->data[b->len] = '\0';
}

/* Bytes one grid takes at most in a form. */
static size_t json_grid_bound(json_form form, int n)
{
    size_t cells = (size_t)n * (size_t)n;
    if (form == JSON_FORM_STRING && n <= SUDOKU_MAX_TEXT_SIZE) return cells + 2;
    if (form == JSON_FORM_ROW_TEXT && n <= SUDOKU_MAX_TEXT_SIZE) return cells + (size_t)n * 3 + 2;
    /* up to 2 digits and a comma per cell, brackets and a comma per row */
    return cells * 3 + (size_t)n * 3 + 4;
}

/* Writes one grid in the given form at o; returns the new cursor. */
static char *json_grid(char *o, json_form form, int n, const uint8_t *cells)
{
    static const char symbols[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t cells_n = (size_t)n * (size_t)n;

    if (form == JSON_FORM_STRING && n <= SUDOKU_MAX_TEXT_SIZE) {
        *o++ = '"';
        for (size_t i = 0; i < cells_n; i++)
            *o++ = symbols[cells[i] <= SUDOKU_MAX_TEXT_SIZE ? cells[i] : 0];
        *o++ = '"';
        return o;
    }
    if (form == JSON_FORM_ROW_TEXT && n <= SUDOKU_MAX_TEXT_SIZE) {
        *o++ = '[';
        for (int r = 0; r < n; r++) {
            if (r > 0) *o++ = ',';
            *o++ = '"';
            for (int c = 0; c < n; c++) {
                unsigned v = cells[r * n + c];
                *o++ = symbols[v <= SUDOKU_MAX_TEXT_SIZE ? v : 0];
            }
            *o++ = '"';
        }
        *o++ = ']';
        return o;
    }
    *o++ = '[';
    for (int r = 0; r < n; r++) {
        if (form == JSON_FORM_ROWS) *o++ = '[';
        for (int c = 0; c < n; c++) {
            unsigned v = cells[r * n + c];
            if (v >= 10) *o++ = (char)('0' + v / 10);
            *o++ = (char)('0' + v % 10);
            if (c + 1 < n) *o++ = ',';
        }
        if (form == JSON_FORM_ROWS) *o++ = ']';
        if (r + 1 < n) *o++ = ',';
    }
    *o++ = ']';
    return o;
}

/* Longest result without its grids: the keys, 15 numbers of up to 20
 * digits, and the longest status and limit reason. */
#define JSON_RESULT_FIXED 768

/* Appends ,"true_candidates":[[digits of cell 0],...] for N*N masks. */
static void json_true_candidates(buf *b, int n, const uint32_t *masks)
{
    buf_puts(b, ",\"true_candidates\":[");
    for (int i = 0; i < n * n; i++) {
        buf_puts(b, i > 0 ? ",[" : "[");
        const char *comma = "";
        for (int d = 1; d <= n; d++) {
            if ((masks[i] & (1u << (d - 1))) == 0) continue;
            buf_printf(b, "%s%d", comma, d);
            comma = ",";
        }
        buf_putc(b, ']');
    }
    buf_putc(b, ']');
}

void json_render_result(buf *b, const json_result *r)
{
    const sudoku_result *res = r->res;
    const sudoku_puzzle *p = r->shape;
    const sudoku_stats *st = &res->stats;
    size_t cells = (size_t)p->size * (size_t)p->size;
    size_t grids = res->solutions_stored * (res->solutions_capacity > 1 ? 2 : 1);

    if (buf_reserve(b, JSON_RESULT_FIXED + grids * json_grid_bound(r->form, p->size)) != 0) return;
    char *o = b->data + b->len;
    *o++ = '{';
    if (r->index >= 0) {
        o = JSON_LIT(o, "\"index\":");
        o = buf_write_u64(o, (uint64_t)r->index);
        *o++ = ',';
    }
    o = JSON_LIT(o, "\"status\":\"");
    o = json_str(o, sudoku_status_str(res->status));
    o = JSON_LIT(o, "\",\"unique\":");
    if (res->status == SUDOKU_SOLVED && res->count_exact && res->solution_count == 1)
        o = JSON_LIT(o, "true");
    else if (res->status == SUDOKU_MULTIPLE || res->status == SUDOKU_NO_SOLUTION)
        o = JSON_LIT(o, "false");
    else
        o = JSON_LIT(o, "null");
    o = JSON_LIT(o, ",\"size\":");
    o = buf_write_u64(o, (uint64_t)p->size);
    if (p->has_regions) {
        o = JSON_LIT(o, ",\"box\":null"); /* the regions are its boxes */
    } else {
        o = JSON_LIT(o, ",\"box\":{\"rows\":");
        o = buf_write_u64(o, (uint64_t)p->box_rows);
        o = JSON_LIT(o, ",\"cols\":");
        o = buf_write_u64(o, (uint64_t)p->box_cols);
        if (r->box_assumed && p->box_rows != p->box_cols) o = JSON_LIT(o, ",\"assumed\":true");
        *o++ = '}';
    }
    o = JSON_LIT(o, ",\"solution\":");
    if (res->solutions_stored > 0)
        o = json_grid(o, r->form, p->size, res->solutions);
    else
        o = JSON_LIT(o, "null");
    if (res->solutions_capacity > 1) {
        o = JSON_LIT(o, ",\"solutions\":[");
        for (size_t i = 0; i < res->solutions_stored; i++) {
            if (i > 0) *o++ = ',';
            o = json_grid(o, r->form, p->size, res->solutions + i * cells);
        }
        *o++ = ']';
    }
    o = JSON_LIT(o, ",\"solution_count\":");
    o = buf_write_u64(o, res->solution_count);
    if (res->count_exact)
        o = JSON_LIT(o, ",\"count_exact\":true");
    else
        o = JSON_LIT(o, ",\"count_exact\":false");
    if (res->status == SUDOKU_LIMIT) {
        o = JSON_LIT(o, ",\"limit_reason\":\"");
        o = json_str(o, sudoku_limit_reason_str(res->limit_reason));
        *o++ = '"';
    }
    o = JSON_LIT(o, ",\"stats\":{\"nodes\":");
    o = buf_write_u64(o, st->nodes);
    o = JSON_LIT(o, ",\"guesses\":");
    o = buf_write_u64(o, st->guesses);
    o = JSON_LIT(o, ",\"backtracks\":");
    o = buf_write_u64(o, st->backtracks);
#define X(field, technique, description)                                                           \
    o = JSON_LIT(o, ",\"" #field "\":");                                                           \
    o = buf_write_u64(o, st->field);
    SUDOKU_SEARCH_COUNTERS(X)
#undef X
    o = JSON_LIT(o, ",\"max_depth\":");
    o = buf_write_u64(o, st->max_depth);
    o = JSON_LIT(o, "},");
    static const char *const full[] = {"queue", "solve", "total"};
    if (r->full_timing)
        o = json_timing(o, full, (const uint64_t[]){r->queue_us, r->solve_us, r->total_us}, 3);
    else
        o = json_timing(o, full + 1, &r->solve_us, 1);
    if (r->true_candidates != NULL) {
        b->len = (size_t)(o - b->data);
        json_true_candidates(b, p->size, r->true_candidates);
        buf_putc(b, '}');
        return;
    }
    *o++ = '}';
    b->len = (size_t)(o - b->data);
    b->data[b->len] = '\0';
}

/* The API's name of a unit kind: the box of a jigsaw is a "region". */
static const char *json_unit_name(sudoku_unit_kind kind, const sudoku_puzzle *shape)
{
    return kind == SUDOKU_UNIT_BOX && shape->has_regions ? "region" : sudoku_unit_kind_str(kind);
}

void json_render_conflicts(buf *b, const json_conflicts *cs)
{
    const sudoku_puzzle *shape = cs->shape;
    buf_putc(b, '[');
    for (size_t i = 0; i < cs->n; i++) {
        const sudoku_conflict *c = &cs->list[i];
        if (i > 0) buf_putc(b, ',');
        buf_puts(b, "{\"unit\":\"");
        buf_puts(b, json_unit_name(c->kind, shape));
        buf_puts(b, "\",\"index\":");
        buf_put_i64(b, c->unit);
        if (c->kind == SUDOKU_UNIT_BOX && shape->has_regions && cs->labels != NULL) {
            char label[UTF8_PUT_LEN];
            utf8_put(cs->labels[c->unit], label);
            buf_puts(b, ",\"label\":");
            json_put_string(b, label, strlen(label));
        }
        buf_puts(b, ",\"symbol\":");
        buf_put_i64(b, c->symbol);
        buf_puts(b, ",\"cells\":[");
        for (int k = 0; k < c->ncells && k < SUDOKU_MAX_SIZE; k++) {
            if (k > 0) buf_putc(b, ',');
            buf_puts(b, "{\"row\":");
            buf_put_i64(b, c->cells[k] / shape->size);
            buf_puts(b, ",\"col\":");
            buf_put_i64(b, c->cells[k] % shape->size);
            buf_putc(b, '}');
        }
        buf_puts(b, "]}");
    }
    buf_putc(b, ']');
}

void json_render_problem(buf *b, const api_problem *pb, const char *instance,
                         const char *request_id, long long index, const json_conflicts *c)
{
    buf_putc(b, '{');
    if (index >= 0) {
        buf_puts(b, "\"index\":");
        buf_put_i64(b, index);
        buf_putc(b, ',');
    }
    buf_puts(b, "\"type\":\"" API_PROBLEM_URN);
    buf_puts(b, problem_slug(pb->type));
    buf_puts(b, "\",\"title\":");
    json_put_string(b, problem_title(pb->type), strlen(problem_title(pb->type)));
    buf_puts(b, ",\"status\":");
    buf_put_i64(b, problem_status(pb->type));
    buf_puts(b, ",\"detail\":");
    json_put_string(b, pb->detail, strlen(pb->detail));
    if (instance != NULL) {
        buf_puts(b, ",\"instance\":");
        json_put_string(b, instance, strlen(instance));
    }
    if (request_id != NULL) {
        buf_puts(b, ",\"request_id\":");
        json_put_string(b, request_id, strlen(request_id));
    }
    if (pb->has_pointer) {
        buf_puts(b, pb->in_query ? ",\"errors\":[{\"parameter\":" : ",\"errors\":[{\"pointer\":");
        json_put_string(b, pb->pointer, strlen(pb->pointer));
        buf_puts(b, ",\"reason\":");
        json_put_string(b, pb->detail, strlen(pb->detail));
        buf_puts(b, "}]");
    }
    if (c != NULL && c->n > 0) {
        buf_puts(b, ",\"conflicts\":");
        json_render_conflicts(b, c);
    }
    buf_putc(b, '}');
}

void json_put_score(buf *b, int tenths)
{
    buf_printf(b, "%d.%d", tenths / 10, tenths % 10);
}

/* Appends {"row":R,"col":C for a 0-based row-major cell, with the digit
 * when digit > 0, leaving the object open for more members. */
static void json_put_cell_open(buf *b, int n, int cell, int digit)
{
    buf_puts(b, "{\"row\":");
    buf_put_i64(b, cell / n);
    buf_puts(b, ",\"col\":");
    buf_put_i64(b, cell % n);
    if (digit > 0) {
        buf_puts(b, ",\"digit\":");
        buf_put_i64(b, digit);
    }
}

static void json_put_cell(buf *b, int n, int cell, int digit)
{
    json_put_cell_open(b, n, cell, digit);
    buf_putc(b, '}');
}

static void json_put_cands(buf *b, int n, const sudoku_cand *c, int count)
{
    buf_putc(b, '[');
    for (int i = 0; i < count; i++) {
        if (i > 0) buf_putc(b, ',');
        json_put_cell(b, n, c[i].cell, c[i].digit);
    }
    buf_putc(b, ']');
}

void json_render_step(buf *b, const sudoku_puzzle *p, const sudoku_step *st)
{
    char text[SUDOKU_STEP_TEXT_LEN];
    int n = p->size;
    buf_puts(b, "{\"technique\":\"");
    buf_puts(b, sudoku_technique_str(st->technique));
    buf_puts(b, "\",\"score\":");
    json_put_score(b, st->score);
    buf_puts(b, ",\"placements\":");
    json_put_cands(b, n, st->placements, st->nplacements);
    buf_puts(b, ",\"eliminations\":");
    json_put_cands(b, n, st->eliminations, st->neliminations);
    buf_puts(b, ",\"cells\":[");
    for (int i = 0; i < st->ncells; i++) {
        if (i > 0) buf_putc(b, ',');
        json_put_cell(b, n, st->cells[i], 0);
    }
    buf_puts(b, "],\"units\":[");
    for (int i = 0; i < st->nunits; i++) {
        const sudoku_unit_ref *u = &st->units[i];
        if (i > 0) buf_putc(b, ',');
        buf_puts(b, "{\"type\":\"");
        buf_puts(b, json_unit_name(u->kind, p));
        buf_puts(b, "\",\"index\":");
        buf_put_i64(b, u->index);
        buf_putc(b, '}');
    }
    int len = sudoku_step_text(p, st, text, sizeof(text));
    buf_puts(b, "],\"text\":");
    json_put_string(b, text, len < (int)sizeof(text) ? (size_t)len : strlen(text));
    buf_putc(b, '}');
}

void json_render_candidates(buf *b, int n, const uint64_t *cand)
{
    buf_putc(b, '[');
    for (int i = 0; i < n * n; i++) {
        if (i > 0) buf_putc(b, ',');
        buf_putc(b, '[');
        bool first = true;
        for (int d = 1; d <= n; d++) {
            if ((cand[i] >> (d - 1) & 1) == 0) continue;
            if (!first) buf_putc(b, ',');
            buf_put_i64(b, d);
            first = false;
        }
        buf_putc(b, ']');
    }
    buf_putc(b, ']');
}

void json_render_rating(buf *b, const sudoku_rating *r, bool counts)
{
    buf_puts(b, "\"score\":");
    json_put_score(b, r->score);
    buf_puts(b, ",\"level\":\"");
    buf_puts(b, sudoku_level_str(sudoku_level_of(r->score, r->needs_search)));
    buf_puts(b, "\",\"hardest_technique\":");
    if (r->hardest < SUDOKU_TECHNIQUE_COUNT) {
        buf_putc(b, '"');
        buf_puts(b, sudoku_technique_str(r->hardest));
        buf_putc(b, '"');
    } else {
        buf_puts(b, "null");
    }
    buf_puts(b, r->needs_search ? ",\"needs_search\":true" : ",\"needs_search\":false");
    if (!counts) return;
    buf_puts(b, ",\"techniques\":{");
    bool first = true;
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        if (r->counts[t] == 0) continue;
        buf_printf(b, "%s\"%s\":%u", first ? "" : ",", sudoku_technique_str((sudoku_technique)t),
                   r->counts[t]);
        first = false;
    }
    buf_printf(b, "},\"steps\":%u,\"search_nodes\":%llu", r->steps,
               (unsigned long long)r->search_nodes);
}

void json_render_hint(buf *b, const sudoku_puzzle *p, const sudoku_hint *h)
{
    int n = p->size;
    switch (h->kind) {
    case SUDOKU_HINT_MISTAKE:
        buf_puts(b, "\"kind\":\"mistake\",\"cells\":[");
        for (int i = 0; i < h->nmistakes; i++) {
            const sudoku_cand *c = &h->mistakes[i];
            if (i > 0) buf_putc(b, ',');
            json_put_cell_open(b, n, c->cell, c->digit);
            buf_puts(b, c->digit > 0 ? ",\"reason\":\"entry\"}" : ",\"reason\":\"candidates\"}");
        }
        buf_putc(b, ']');
        return;
    case SUDOKU_HINT_STEP:
        buf_puts(b, "\"kind\":\"step\",\"step\":");
        json_render_step(b, p, &h->step);
        return;
    case SUDOKU_HINT_SOLVED:
        buf_puts(b, "\"kind\":\"solved\"");
        return;
    case SUDOKU_HINT_STUCK:
        buf_puts(b, "\"kind\":\"stuck\"");
        return;
    }
}

void json_render_grid(buf *b, json_form form, int n, const uint8_t *cells)
{
    if (buf_reserve(b, json_grid_bound(form, n)) != 0) return;
    char *o = json_grid(b->data + b->len, form, n, cells);
    b->len = (size_t)(o - b->data);
    b->data[b->len] = '\0';
}

void json_render_validation(buf *b, const json_validation *v)
{
    const sudoku_puzzle *p = v->conflicts.shape;
    size_t cells = (size_t)p->size * (size_t)p->size, givens = 0;
    for (size_t i = 0; i < cells; i++) givens += p->cells[i] != 0;

    buf_puts(b, v->conflicts.n == 0 ? "{\"valid\":true" : "{\"valid\":false");
    buf_puts(b, givens == cells ? ",\"complete\":true" : ",\"complete\":false");
    buf_puts(b, ",\"size\":");
    buf_put_u64(b, (uint64_t)p->size);
    buf_puts(b, ",\"givens\":");
    buf_put_u64(b, givens);
    buf_puts(b, ",\"conflicts\":");
    json_render_conflicts(b, &v->conflicts);
    static const char *const tri[] = {"null", "false", "true"};
    if (v->asked_solvable) {
        buf_puts(b, ",\"solvable\":");
        buf_puts(b, tri[v->solvable + 1]);
    }
    if (v->asked_unique) {
        buf_puts(b, ",\"unique\":");
        buf_puts(b, tri[v->unique + 1]);
    }
    buf_putc(b, '}');
}

void json_render_limit_open(buf *b, sudoku_limit_reason reason)
{
    buf_puts(b, "{\"status\":\"limit\",\"limit_reason\":\"");
    buf_puts(b, sudoku_limit_reason_str(reason));
    buf_putc(b, '"');
}

void json_render_rated_open(buf *b, const sudoku_rating *r)
{
    buf_puts(b, "{\"status\":\"rated\",");
    json_render_rating(b, r, true);
}

void json_render_explain_end(buf *b, const char *status, const sudoku_rating *r, int n,
                             const uint8_t *values, const uint64_t *cand)
{
    buf_puts(b, "],\"status\":\"");
    buf_puts(b, status);
    buf_puts(b, "\",");
    json_render_rating(b, r, false);
    if (values == NULL) return;
    buf_puts(b, ",\"values\":[");
    for (int i = 0; i < n * n; i++) {
        if (i > 0) buf_putc(b, ',');
        buf_put_u64(b, values[i]);
    }
    buf_puts(b, "],\"candidates\":");
    json_render_candidates(b, n, cand);
}

void json_render_techniques(buf *b)
{
    buf_puts(b, "\"techniques\":[");
    for (int t = 0; t < SUDOKU_TECHNIQUE_COUNT; t++) {
        const char *d = sudoku_technique_description((sudoku_technique)t);
        buf_puts(b, t > 0 ? ",{\"key\":\"" : "{\"key\":\"");
        buf_puts(b, sudoku_technique_str((sudoku_technique)t));
        buf_puts(b, "\",\"score\":");
        json_put_score(b, sudoku_technique_score((sudoku_technique)t));
        buf_puts(b, ",\"description\":");
        json_put_string(b, d, strlen(d));
        buf_putc(b, '}');
    }
    buf_putc(b, ']');
}

void json_render_generated(buf *b, const json_generated *g)
{
    buf_puts(b, "{\"seed\":");
    buf_put_u64(b, g->seed);
    buf_puts(b, g->status == SUDOKU_SOLVED ? ",\"status\":\"ok\"" : ",\"status\":\"limit\"");
    if (g->status == SUDOKU_LIMIT) {
        buf_puts(b, ",\"limit_reason\":\"");
        buf_puts(b, sudoku_limit_reason_str(g->reason));
        buf_putc(b, '"');
    }
    if (g->practice != NULL) {
        buf_puts(b, ",\"technique\":\"");
        buf_puts(b, sudoku_technique_str(g->technique));
        buf_printf(b, "\",\"tries\":%u,\"walks\":%u,\"elapsed_ms\":%llu", g->practice->tries,
                   g->practice->walks, (unsigned long long)(g->practice->elapsed_ns / 1000000u));
    }
    if (g->puzzle == NULL) {
        buf_puts(b, ",\"puzzle\":null}");
        return;
    }
    const sudoku_puzzle *p = g->puzzle;
    json_form form = p->size <= SUDOKU_MAX_TEXT_SIZE ? JSON_FORM_STRING : JSON_FORM_FLAT;
    buf_puts(b, ",\"puzzle\":");
    json_render_grid(b, form, p->size, p->cells);
    buf_puts(b, ",\"solution\":");
    json_render_grid(b, form, p->size, g->solution);
    buf_puts(b, ",\"givens\":");
    buf_put_u64(b, (uint64_t)g->givens);
    if (g->entries != NULL) {
        buf_puts(b, ",\"entries\":");
        json_render_grid(b, form, p->size, g->entries);
        buf_puts(b, ",\"candidates\":");
        json_render_candidates(b, p->size, g->candidates);
    }
    buf_putc(b, ',');
    if (g->rating != NULL)
        json_render_rating(b, g->rating, false);
    else
        buf_puts(b, "\"score\":null,\"level\":null");
    buf_putc(b, '}');
}

void json_render_generate_end(buf *b, bool limited, uint64_t total_us)
{
    static const char *const names[] = {"total"};
    buf_puts(b, limited ? "],\"status\":\"limit\"," : "],\"status\":\"ok\",");
    json_render_timing(b, names, &total_us, 1);
    buf_putc(b, '}');
}
