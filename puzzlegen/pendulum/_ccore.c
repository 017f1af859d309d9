/* Pendulum's search, compiled: the fast twin of the search in solver.py.
 *
 * solver.py is the specification: the same positions, the same moves in the
 * same order, the same persistent-set reduction (_safe_move, _Possible,
 * _chain_ok, _crowns_first), the same bound, the same heaps ordered by the
 * same keys (each ends with a sequence number, so the order is total and two
 * heap implementations pop the same entries in the same order), and so the
 * same line, move for move.  Read solver.py's docstrings first; the
 * functions here carry the names of the Python ones they copy.  A
 * differential test holds the two to the same answers on many deals.
 *
 * A state is 48 cells (a pile is suit << 8 | top << 4 | base, 0 for empty)
 * and the swing state, stored as 52 uint16 (cell 48 holds side * 4 +
 * in_a_row, the rest is padding), so that comparing two keys word by word
 * is Python's comparison of (cells, side, in_a_row) tuples.  States live in
 * growing arrays found through an open-addressing hash table.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NC 48
#define KW 52 /* words in a key */
#define MAXM 512

typedef struct {
    uint16_t k[KW];
} Key;

static int key_cmp(const Key *a, const Key *b) {
    for (int i = 0; i <= NC; i++) {
        if (a->k[i] != b->k[i]) return a->k[i] < b->k[i] ? -1 : 1;
    }
    return 0;
}

static uint64_t key_hash(const Key *a) {
    uint64_t w[KW / 4]; /* copied, not cast: no aliasing or alignment trouble */
    memcpy(w, a->k, sizeof w);
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < KW / 4; i++) {
        h ^= w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

/* -- the store of states ------------------------------------------------------- */

typedef struct {
    Key *keys;
    int32_t *parent;   /* index of the state it was reached from, -1 for none */
    int32_t *pmove;    /* the move: kind << 16 | from << 8 | to */
    int32_t *best_a;   /* main: swings; phase: cost */
    int32_t *best_b;   /* main: extra; phase: the main index of a start, else -1 */
    uint8_t *flags;    /* 1 done, 2 dead (phase: not every card may go out) */
    int32_t n, cap;
    int32_t *slots;
    uint64_t mask;
} Store;

static int store_init(Store *s) {
    memset(s, 0, sizeof *s);
    s->cap = 1024;
    s->keys = malloc(sizeof(Key) * (size_t)s->cap);
    s->parent = malloc(sizeof(int32_t) * (size_t)s->cap);
    s->pmove = malloc(sizeof(int32_t) * (size_t)s->cap);
    s->best_a = malloc(sizeof(int32_t) * (size_t)s->cap);
    s->best_b = malloc(sizeof(int32_t) * (size_t)s->cap);
    s->flags = malloc((size_t)s->cap);
    s->mask = 4095;
    s->slots = malloc(sizeof(int32_t) * (s->mask + 1));
    if (!s->keys || !s->parent || !s->pmove || !s->best_a || !s->best_b || !s->flags || !s->slots)
        return -1;
    memset(s->slots, 0xff, sizeof(int32_t) * (s->mask + 1));
    return 0;
}

static void store_free(Store *s) {
    free(s->keys);
    free(s->parent);
    free(s->pmove);
    free(s->best_a);
    free(s->best_b);
    free(s->flags);
    free(s->slots);
    memset(s, 0, sizeof *s);
}

static int32_t store_find(const Store *s, const Key *key) {
    uint64_t h = key_hash(key) & s->mask;
    for (;;) {
        int32_t i = s->slots[h];
        if (i < 0) return -1;
        if (memcmp(&s->keys[i], key, sizeof(Key)) == 0) return i;
        h = (h + 1) & s->mask;
    }
}

static int store_grow_slots(Store *s) {
    uint64_t mask = s->mask * 2 + 1;
    int32_t *slots = malloc(sizeof(int32_t) * (mask + 1));
    if (!slots) return -1;
    memset(slots, 0xff, sizeof(int32_t) * (mask + 1));
    for (int32_t i = 0; i < s->n; i++) {
        uint64_t h = key_hash(&s->keys[i]) & mask;
        while (slots[h] >= 0) h = (h + 1) & mask;
        slots[h] = i;
    }
    free(s->slots);
    s->slots = slots;
    s->mask = mask;
    return 0;
}

#define GROW(field, type)                                                       \
    do {                                                                        \
        type *p = realloc(s->field, sizeof(type) * (size_t)cap);               \
        if (!p) return -1;                                                      \
        s->field = p;                                                           \
    } while (0)

/* Add a key known to be absent; its index, or -1 when out of memory. */
static int32_t store_add(Store *s, const Key *key) {
    if (s->n == s->cap) {
        int32_t cap = s->cap * 2;
        GROW(keys, Key);
        GROW(parent, int32_t);
        GROW(pmove, int32_t);
        GROW(best_a, int32_t);
        GROW(best_b, int32_t);
        GROW(flags, uint8_t);
        s->cap = cap;
    }
    if ((uint64_t)(s->n + 1) * 2 > s->mask + 1 && store_grow_slots(s) < 0) return -1;
    int32_t i = s->n++;
    s->keys[i] = *key;
    s->parent[i] = -1;
    s->pmove[i] = 0;
    s->best_a[i] = 0;
    s->best_b[i] = -1;
    s->flags[i] = 0;
    uint64_t h = key_hash(key) & s->mask;
    while (s->slots[h] >= 0) h = (h + 1) & s->mask;
    s->slots[h] = i;
    return i;
}

/* -- heaps: entries ordered by four ints, the last a unique sequence number ---------- */

typedef struct {
    int32_t a, b, c, seq, idx;
} Entry;

typedef struct {
    Entry *e;
    size_t n, cap;
} Heap;

static int entry_less(const Entry *x, const Entry *y) {
    if (x->a != y->a) return x->a < y->a;
    if (x->b != y->b) return x->b < y->b;
    if (x->c != y->c) return x->c < y->c;
    return x->seq < y->seq;
}

static int heap_push(Heap *h, Entry v) {
    if (h->n == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 1024;
        Entry *e = realloc(h->e, sizeof(Entry) * cap);
        if (!e) return -1;
        h->e = e;
        h->cap = cap;
    }
    size_t i = h->n++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!entry_less(&v, &h->e[up])) break;
        h->e[i] = h->e[up];
        i = up;
    }
    h->e[i] = v;
    return 0;
}

static Entry heap_pop(Heap *h) {
    Entry top = h->e[0];
    Entry last = h->e[--h->n];
    size_t i = 0, n = h->n;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n) break;
        size_t c = (l + 1 < n && entry_less(&h->e[l + 1], &h->e[l])) ? l + 1 : l;
        if (!entry_less(&h->e[c], &last)) break;
        h->e[i] = h->e[c];
        i = c;
    }
    if (n) h->e[i] = last;
    return top;
}

/* -- the rules on the solver's cells (solver.py: _foundations ... _swing) ------------ */

typedef struct {
    uint8_t kind, from, to;
} Mv;

#define TOP(p) (((p) >> 4) & 15)
#define BASE(p) ((p) & 15)
#define SUIT(p) ((p) >> 8)
#define IS_CORNER(j) ((j) == 0 || (j) == 7)

static void foundations(const uint16_t *cells, int f[4]) {
    f[0] = f[1] = f[2] = f[3] = 13;
    for (int i = 0; i < NC; i++) {
        int p = cells[i];
        if (p && TOP(p) < f[SUIT(p)]) f[SUIT(p)] = TOP(p);
    }
}

static void make_tops(const uint16_t *cells, int8_t tops[64]) {
    memset(tops, -1, 64);
    for (int i = 0; i < NC; i++) {
        int p = cells[i];
        if (p) tops[p >> 4] = (int8_t)i;
    }
}

static int gen_moves(const uint16_t *cells, const int f[4], Mv *out) {
    int8_t tops[64];
    make_tops(cells, tops);
    int n = 0;
    for (int i = 0; i < NC; i++) {
        int p = cells[i];
        if (!p || (i < 40 && cells[i + 8])) continue;
        int s = SUIT(p), top = TOP(p), base = BASE(p);
        if (top == f[s]) out[n++] = (Mv){0, (uint8_t)i, 0};
        if (base == 12) {
            if (i >= 8)
                for (int c = 0; c < 8; c++)
                    if (!cells[c]) out[n++] = (Mv){2, (uint8_t)i, (uint8_t)c};
            continue;
        }
        int j = tops[(s << 4) | (base + 1)];
        if (j >= 0 && (j >= 40 || !cells[j + 8] || j == i - 8 || IS_CORNER(j)))
            out[n++] = (Mv){1, (uint8_t)i, (uint8_t)j};
    }
    return n;
}

static void apply_mv(const uint16_t *cells, Mv m, uint16_t *out) {
    memcpy(out, cells, NC * sizeof(uint16_t));
    int p = out[m.from];
    if (m.kind == 0) {
        out[m.from] = (TOP(p) == BASE(p)) ? 0 : (uint16_t)(p + 16);
    } else if (m.kind == 1) {
        out[m.to] = (uint16_t)((out[m.to] & ~0xF0) | (p & 0xF0));
        out[m.from] = 0;
    } else {
        out[m.to] = (uint16_t)p;
        out[m.from] = 0;
    }
}

static void swing_cells(const uint16_t *cells, int side, uint16_t *out) {
    memcpy(out, cells, 8 * sizeof(uint16_t));
    for (int r = 8; r < NC; r += 8) {
        uint16_t row[8];
        int n = 0;
        for (int c = 0; c < 8; c++)
            if (cells[r + c]) row[n++] = cells[r + c];
        int gap = 8 - n;
        for (int c = 0; c < 8; c++) out[r + c] = 0;
        for (int c = 0; c < n; c++) out[r + (side == 0 ? gap + c : c)] = row[c];
    }
}

/* -- what could happen in the rest of the phase (solver.py: _Possible) -------------- */

typedef struct {
    int frontier[4];
    uint8_t leaves[NC];
    uint8_t empties[8];
    int top_gaps_exposed;
} Possible;

static void possible_compute(const uint16_t *cells, const int f[4], const int8_t *tops,
                             Possible *P) {
    int8_t where[64];
    int occupied[NC], nocc = 0;
    for (int i = NC - 1; i >= 0; i--) {
        int p = cells[i];
        if (p) {
            occupied[nocc++] = i;
            int s = SUIT(p) << 4;
            for (int k = TOP(p); k <= BASE(p); k++) where[s | k] = (int8_t)i;
        }
    }
    int *frontier = P->frontier;
    for (int s = 0; s < 4; s++) frontier[s] = f[s];
    uint8_t *leaves = P->leaves;
    memset(leaves, 0, NC);
    uint8_t exposed[NC];
    for (int i = 0; i < NC; i++) exposed[i] = (i >= 40 || !cells[i + 8]);
    int top_gap = 0;
    for (int c = 0; c < 8; c++)
        if (!cells[c]) top_gap = 1;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int o = 0; o < nocc; o++) {
            int i = occupied[o];
            if (!exposed[i]) {
                int q = cells[i + 8];
                if (!leaves[i + 8] && frontier[SUIT(q)] <= BASE(q)) continue;
                exposed[i] = 1;
                changed = 1;
            }
            if (leaves[i]) continue;
            int p = cells[i];
            int base = BASE(p);
            if (base == 12) {
                if (i < 8) continue;
                if (!top_gap) {
                    int found = 0;
                    for (int c = 0; c < 8; c++) {
                        int q = cells[c];
                        if (leaves[c] || frontier[SUIT(q)] > BASE(q)) {
                            found = 1;
                            break;
                        }
                    }
                    if (!found) continue;
                    top_gap = 1;
                }
            } else {
                int j = tops[(SUIT(p) << 4) | (base + 1)];
                if (!(exposed[j] || leaves[j] || j == 0 || j == 7 || j == i - 8)) continue;
            }
            leaves[i] = 1;
            changed = 1;
        }
        for (int s = 0; s < 4; s++) {
            int k = frontier[s];
            while (k < 13) {
                int i = where[(s << 4) | k];
                if (!(exposed[i] || leaves[i])) break;
                k++;
            }
            if (k != frontier[s]) {
                frontier[s] = k;
                changed = 1;
            }
        }
    }
    for (int c = 0; c < 8; c++) {
        int p = cells[c];
        P->empties[c] = (!p || leaves[c] || frontier[SUIT(p)] > BASE(p));
    }
    int all = 1;
    for (int c = 0; c < 8; c++)
        if (!(cells[c] || !cells[c + 8])) all = 0;
    P->top_gaps_exposed = all;
}

/* solver.py: _possible; whether every card might go out in this phase. */
static int possible_all(const uint16_t *cells) {
    int f[4];
    int8_t tops[64];
    Possible P;
    foundations(cells, f);
    make_tops(cells, tops);
    possible_compute(cells, f, tops, &P);
    return P.frontier[0] == 13 && P.frontier[1] == 13 && P.frontier[2] == 13 &&
           P.frontier[3] == 13;
}

typedef struct {
    const uint16_t *cells;
    const int *f;
    const int8_t *tops;
    int have;
    Possible P;
    int gaps_exposed;
} Lazy;

static Possible *lazy_get(Lazy *L) {
    if (!L->have) {
        possible_compute(L->cells, L->f, L->tops, &L->P);
        L->have = 1;
    }
    return &L->P;
}

static int chain_ok(const uint16_t *cells, const int8_t *tops, int s, int base, int below,
                    Lazy *L, int start) {
    int b = base, n = 0;
    for (;;) {
        int j = tops[(s << 4) | (b + 1)];
        if (n >= start && (j == below - 8 || (IS_CORNER(j) && cells[j + 8]))) return 0;
        b = BASE(cells[j]);
        n++;
        if (b == 12) return j < 8 || L->gaps_exposed || !lazy_get(L)->leaves[j];
    }
}

static int crowns_first(const uint16_t *cells, const int *gaps, int ngaps, Possible *P, Mv *out) {
    if (!P->top_gaps_exposed) return -1;
    for (int c = 0; c < 8; c++)
        if (cells[c] && P->empties[c]) return -1;
    int cand[NC], ncand = 0;
    for (int i = 8; i < NC; i++)
        if (cells[i] && BASE(cells[i]) == 12 && P->leaves[i]) cand[ncand++] = i;
    if (ncand > ngaps) return -1;
    for (int k = 0; k < ncand; k++) {
        int i = cand[k];
        if ((i >= 40 || !cells[i + 8]) && P->frontier[SUIT(cells[i])] <= 12) {
            for (int g = 0; g < ngaps; g++) out[g] = (Mv){2, (uint8_t)i, (uint8_t)gaps[g]};
            return ngaps;
        }
    }
    return -1;
}

/* solver.py: _safe_move; the number of moves written to out, or -1 for None. */
static int safe_move(const uint16_t *cells, const int f[4], Mv *out) {
    int8_t tops[64];
    make_tops(cells, tops);
    Lazy L;
    L.cells = cells;
    L.f = f;
    L.tops = tops;
    L.have = 0;
    L.gaps_exposed = 1;
    for (int c = 0; c < 8; c++)
        if (!(cells[c] || !cells[c + 8])) L.gaps_exposed = 0;
    for (int i = 0; i < NC; i++) {
        int p = cells[i];
        if (!p || (i < 40 && cells[i + 8])) continue;
        int s = SUIT(p), top = TOP(p), base = BASE(p);
        if (top != f[s]) continue;
        if (base == 12) {
            if (i < 8 || L.gaps_exposed || !lazy_get(&L)->leaves[i]) {
                out[0] = (Mv){0, (uint8_t)i, 0};
                return 1;
            }
        } else if (chain_ok(cells, tops, s, base, i, &L, 0)) {
            out[0] = (Mv){0, (uint8_t)i, 0};
            return 1;
        }
    }
    for (int i = 0; i < NC; i++) {
        int p = cells[i];
        if (!p || (i < 40 && cells[i + 8])) continue;
        int s = SUIT(p), top = TOP(p), base = BASE(p);
        if (base == 12) continue;
        int j = tops[(s << 4) | (base + 1)];
        int q_exposed = (j >= 40 || !cells[j + 8]);
        if (!(q_exposed || j == i - 8 || IS_CORNER(j))) continue;
        Possible *P = lazy_get(&L);
        if (P->frontier[s] > base) continue;
        if (!chain_ok(cells, tops, s, base, -100, &L, 99)) continue;
        int stays = (q_exposed || j == i - 8) && chain_ok(cells, tops, s, base, -100, &L, 1);
        if (P->frontier[s] <= top) {
            int ok = stays;
            if (!ok) {
                ok = 1;
                for (int k = 0; k < NC; k++) {
                    int q = cells[k];
                    if (q && SUIT(q) == s && BASE(q) == top - 1) {
                        ok = 0;
                        break;
                    }
                }
            }
            if (ok) {
                out[0] = (Mv){1, (uint8_t)i, (uint8_t)j};
                return 1;
            }
        }
        if (q_exposed && stays) {
            out[0] = (Mv){1, (uint8_t)i, (uint8_t)j};
            return 1;
        }
    }
    int gaps[8], ngaps = 0;
    for (int c = 0; c < 8; c++)
        if (!cells[c]) gaps[ngaps++] = c;
    if (!ngaps) return -1;
    return crowns_first(cells, gaps, ngaps, lazy_get(&L), out);
}

static int bound(const uint16_t *cells) {
    int need = 0;
    for (int j = 8; j < NC; j++) {
        int p = cells[j];
        if (!p) continue;
        int s = SUIT(p), base = BASE(p);
        for (int k = j - 8; k >= 0; k -= 8) {
            int q = cells[k];
            if (!q) break;
            if (SUIT(q) == s && TOP(q) < base) {
                need++;
                break;
            }
        }
    }
    return need;
}

static int left(const uint16_t *cells) {
    int n = 0;
    for (int i = 0; i < NC; i++)
        if (cells[i]) n += BASE(cells[i]) - TOP(cells[i]) + 1;
    return n;
}

static int empty_layout(const uint16_t *cells) {
    for (int i = 0; i < NC; i++)
        if (cells[i]) return 0;
    return 1;
}

static void make_key(Key *key, const uint16_t *cells, int side, int iar) {
    memset(key, 0, sizeof *key);
    memcpy(key->k, cells, NC * sizeof(uint16_t));
    key->k[NC] = (uint16_t)(side * 4 + iar);
}

#define PACK(m) (((int32_t)(m).kind << 16) | ((int32_t)(m).from << 8) | (m).to)

/* -- the search (solver.py: _win_in_phase and _search) ------------------------------ */

typedef struct {
    int32_t extra, idx;
} Start;

static const Store *sort_store;

static int start_cmp(const void *x, const void *y) {
    const Start *a = x, *b = y;
    if (a->extra != b->extra) return a->extra < b->extra ? -1 : 1;
    return key_cmp(&sort_store->keys[a->idx], &sort_store->keys[b->idx]);
}

/* The win of one phase: its index in `ph` (filled by this call), -1 for none, -2 for
   out of memory.  `done_count` gets the positions examined. */
static int32_t win_in_phase(const Store *M, const Start *starts, int nstarts, Store *ph,
                            long *done_count) {
    Heap heap = {0};
    int32_t seq = 0, found = -1;
    long ndone = 0;
    Mv moves[MAXM];
    uint16_t after[NC];
    Key key;
    for (int k = 0; k < nstarts; k++) {
        const Key *sk = &M->keys[starts[k].idx];
        if (!possible_all(sk->k)) continue;
        int32_t i = store_add(ph, sk);
        if (i < 0) goto oom;
        ph->best_a[i] = starts[k].extra;
        ph->best_b[i] = starts[k].idx;
        seq++;
        Entry e = {starts[k].extra + bound(sk->k), left(sk->k), starts[k].extra, seq, i};
        if (heap_push(&heap, e) < 0) goto oom;
    }
    while (heap.n) {
        Entry e = heap_pop(&heap);
        int32_t si = e.idx;
        if (ph->flags[si] & 1) continue;
        ph->flags[si] |= 1;
        ndone++;
        uint16_t cells[NC];
        memcpy(cells, ph->keys[si].k, sizeof cells);
        int side = ph->keys[si].k[NC] >> 2;
        if (empty_layout(cells)) {
            found = si;
            break;
        }
        int f[4];
        foundations(cells, f);
        int n = safe_move(cells, f, moves);
        if (n < 0) n = gen_moves(cells, f, moves);
        int32_t extra = e.c;
        for (int k = 0; k < n; k++) {
            Mv m = moves[k];
            apply_mv(cells, m, after);
            make_key(&key, after, side, 0);
            int32_t cost = extra + (m.kind != 0);
            int32_t j = store_find(ph, &key);
            int known = j >= 0 && !(ph->flags[j] & 2);
            if (known && cost >= ph->best_a[j]) continue;
            if (!known && m.kind != 0) {
                if (j >= 0) continue; /* dead: not every card may go out */
                if (!possible_all(after)) {
                    j = store_add(ph, &key);
                    if (j < 0) goto oom;
                    ph->flags[j] = 2;
                    continue;
                }
            }
            if (j < 0) {
                j = store_add(ph, &key);
                if (j < 0) goto oom;
            }
            ph->flags[j] &= (uint8_t)~2;
            ph->best_a[j] = cost;
            ph->best_b[j] = -1;
            ph->parent[j] = si;
            ph->pmove[j] = PACK(m);
            seq++;
            Entry ne = {cost + bound(after), left(after), cost, seq, j};
            if (heap_push(&heap, ne) < 0) goto oom;
        }
    }
    free(heap.e);
    *done_count += ndone;
    return found;
oom:
    free(heap.e);
    return -2;
}

/* Moves from the start of `s` to state i, appended to `list` (a Python list). */
static int line_to(const Store *s, int32_t i, PyObject *list) {
    int32_t n = 0;
    for (int32_t k = i; s->parent[k] >= 0; k = s->parent[k]) n++;
    int32_t *buf = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    if (!buf) {
        PyErr_NoMemory();
        return -1;
    }
    int32_t at = n;
    for (int32_t k = i; s->parent[k] >= 0; k = s->parent[k]) buf[--at] = s->pmove[k];
    for (int32_t k = 0; k < n; k++) {
        int32_t m = buf[k];
        PyObject *t = Py_BuildValue("(iii)", m >> 16, (m >> 8) & 255, m & 255);
        if (!t || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            free(buf);
            return -1;
        }
        Py_DECREF(t);
    }
    free(buf);
    return 0;
}

static int read_cells(PyObject *seq, uint16_t *cells) {
    PyObject *fast = PySequence_Fast(seq, "cells must be a sequence of 48 ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != NC) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "cells must hold 48 ints");
        return -1;
    }
    for (int i = 0; i < NC; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v > 0x3FF || (v && (TOP(v) > BASE(v) || BASE(v) > 12))) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "not a pile: %ld", v);
            return -1;
        }
        cells[i] = (uint16_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

PyDoc_STRVAR(search_doc,
             "search(cells, side, in_a_row, bound=-1, /) -> (steps or None, swings, effort)\n\n"
             "solver.py's _search (reduced): the shortest winning line as (kind, from, to)\n"
             "steps (kind 3 a swing, from its side), its swings, and the positions examined;\n"
             "steps is None for a loss.  With bound >= 0, a win needing more than bound\n"
             "swings is not looked for (steps None).");

static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *obj;
    int side, iar, bound = -1;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oii|i", &obj, &side, &iar, &bound)) return NULL;
    uint16_t start[NC];
    if (read_cells(obj, start) < 0) return NULL;
    if (side < 0 || side > 1 || iar < 0 || iar > 2) {
        PyErr_SetString(PyExc_ValueError, "side must be 0 or 1 and in_a_row 0 to 2");
        return NULL;
    }
    Store M, ph;
    Heap heap = {0};
    Start *starts = NULL;
    PyObject *result = NULL;
    if (store_init(&M) < 0) {
        store_free(&M);
        return PyErr_NoMemory();
    }
    memset(&ph, 0, sizeof ph);
    Key key;
    make_key(&key, start, side, iar);
    int32_t s0 = store_add(&M, &key);
    if (s0 >= 0) M.best_b[s0] = 0;
    long effort = 0, ndone = 0;
    int32_t seq = 0, level = -1, swings_won = -1, won_main = -1, won_phase = -1;
    Mv moves[MAXM];
    uint16_t after[NC];
    Entry e0 = {0, 0, 0, 0, s0};
    if (s0 < 0 || heap_push(&heap, e0) < 0) goto oom;
    while (heap.n) {
        if (heap.e[0].a > level) {
            /* With a bound: every state left needs more swings, so any win would. */
            if (bound >= 0 && heap.e[0].a > bound) break;
            level = heap.e[0].a;
            Start *grown = realloc(starts, sizeof(Start) * (heap.n ? heap.n : 1));
            if (!grown) {
                won_phase = -2;
                break;
            }
            starts = grown;
            size_t ns = 0;
            for (size_t k = 0; k < heap.n; k++) {
                int32_t i = heap.e[k].idx;
                if (heap.e[k].a == level && !(M.flags[i] & 1) && M.best_a[i] == level)
                    starts[ns++] = (Start){M.best_b[i], i};
            }
            sort_store = &M;
            qsort(starts, ns, sizeof(Start), start_cmp);
            size_t nu = 0; /* dict.fromkeys: the same state twice is one start */
            for (size_t k = 0; k < ns; k++)
                if (nu == 0 || starts[nu - 1].idx != starts[k].idx) starts[nu++] = starts[k];
            store_free(&ph);
            if (store_init(&ph) < 0) {
                won_phase = -2;
                break;
            }
            int32_t w = win_in_phase(&M, starts, (int)nu, &ph, &effort);
#ifdef PDEBUG
            fprintf(stderr, "phase level %d starts %zu effort %ld w %d ndone %ld\n", level, nu, effort, w, ndone);
#endif
            if (w == -2 || w >= 0) {
                won_phase = w;
                swings_won = level;
                break;
            }
        }
        Entry e = heap_pop(&heap);
        int32_t si = e.idx;
        if (M.flags[si] & 1) continue;
        M.flags[si] |= 1;
        ndone++;
        uint16_t cells[NC];
        memcpy(cells, M.keys[si].k, sizeof cells);
        int sd = M.keys[si].k[NC] >> 2, ir = M.keys[si].k[NC] & 3;
        int f[4];
        foundations(cells, f);
        int n = safe_move(cells, f, moves);
        if (n < 0) n = gen_moves(cells, f, moves);
        if (n == 0) {
            if (empty_layout(cells)) {
                won_main = si;
                swings_won = e.a;
                break;
            }
            if (ir >= 2) continue;
            swing_cells(cells, sd, after);
            if (memcmp(after, cells, sizeof cells) == 0) continue;
            make_key(&key, after, 1 - sd, ir + 1);
            int32_t sw = e.a + 1, ex = e.b;
            int32_t j = store_find(&M, &key);
            if (j < 0 || sw < M.best_a[j] || (sw == M.best_a[j] && ex < M.best_b[j])) {
                if (j < 0 && (j = store_add(&M, &key)) < 0) {
                    won_phase = -2;
                    break;
                }
                M.best_a[j] = sw;
                M.best_b[j] = ex;
                M.parent[j] = si;
                M.pmove[j] = (3 << 16) | (sd << 8);
                seq++;
                Entry ne = {sw, ex, seq, 0, j};
                if (heap_push(&heap, ne) < 0) {
                    won_phase = -2;
                    break;
                }
            }
            continue;
        }
        int failed = 0;
        for (int k = 0; k < n; k++) {
            apply_mv(cells, moves[k], after);
            make_key(&key, after, sd, 0);
            int32_t sw = e.a, ex = e.b + (moves[k].kind != 0);
            int32_t j = store_find(&M, &key);
            if (j < 0 || sw < M.best_a[j] || (sw == M.best_a[j] && ex < M.best_b[j])) {
                if (j < 0 && (j = store_add(&M, &key)) < 0) {
                    failed = 1;
                    break;
                }
                M.best_a[j] = sw;
                M.best_b[j] = ex;
                M.parent[j] = si;
                M.pmove[j] = PACK(moves[k]);
                seq++;
                Entry ne = {sw, ex, seq, 0, j};
                if (heap_push(&heap, ne) < 0) {
                    failed = 1;
                    break;
                }
            }
        }
        if (failed) {
            won_phase = -2;
            break;
        }
    }
    if (won_phase == -2) goto oom;
    effort += ndone;
    if (won_main >= 0 || won_phase >= 0) {
        PyObject *steps = PyList_New(0);
        if (!steps) goto done;
        if (won_main >= 0) {
            if (line_to(&M, won_main, steps) < 0) {
                Py_DECREF(steps);
                goto done;
            }
        } else {
            int32_t first = won_phase;
            while (ph.parent[first] >= 0) first = ph.parent[first];
            if (line_to(&M, ph.best_b[first], steps) < 0 || line_to(&ph, won_phase, steps) < 0) {
                Py_DECREF(steps);
                goto done;
            }
        }
        result = Py_BuildValue("(Nil)", steps, (int)swings_won, effort);
    } else {
        result = Py_BuildValue("(Oil)", Py_None, -1, effort);
    }
    goto done;
oom:
    PyErr_NoMemory();
done:
    free(heap.e);
    free(starts);
    store_free(&M);
    store_free(&ph);
    return result;
}

/* The simulated players call moves, apply and swing once a move: the ints of a
   pile (0 to 0x3FF) and the move tuples are made once and shared. */
static PyObject *PILE_INT[0x400];
static PyObject *MOVE_TUPLE[3][NC][NC];

static PyObject *pile_int(int v) {
    if (!PILE_INT[v] && !(PILE_INT[v] = PyLong_FromLong(v))) return NULL;
    Py_INCREF(PILE_INT[v]);
    return PILE_INT[v];
}

static PyObject *move_tuple(Mv m) {
    PyObject **slot = &MOVE_TUPLE[m.kind][m.from][m.to];
    if (!*slot && !(*slot = Py_BuildValue("(iii)", m.kind, m.from, m.to))) return NULL;
    Py_INCREF(*slot);
    return *slot;
}

static PyObject *cells_tuple(const uint16_t *cells) {
    PyObject *t = PyTuple_New(NC);
    if (!t) return NULL;
    for (int i = 0; i < NC; i++) {
        PyObject *v = pile_int(cells[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

PyDoc_STRVAR(moves_doc, "moves(cells, /) -> list of (kind, from, to): solver.py's cell_moves.");

static PyObject *py_moves(PyObject *self, PyObject *obj) {
    (void)self;
    uint16_t cells[NC];
    if (read_cells(obj, cells) < 0) return NULL;
    int f[4];
    Mv moves[MAXM];
    foundations(cells, f);
    int n = gen_moves(cells, f, moves);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *t = move_tuple(moves[k]);
        if (!t) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, t);
    }
    return list;
}

PyDoc_STRVAR(apply_doc, "apply(cells, move, /) -> cells: solver.py's apply_move.");

static PyObject *py_apply(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int kind, from, to;
    if (!PyArg_ParseTuple(args, "O(iii)", &obj, &kind, &from, &to)) return NULL;
    uint16_t cells[NC], out[NC];
    if (read_cells(obj, cells) < 0) return NULL;
    if (kind < 0 || kind > 2 || from < 0 || from >= NC || to < 0 || to >= NC || !cells[from]) {
        PyErr_SetString(PyExc_ValueError, "not a card move of these cells");
        return NULL;
    }
    apply_mv(cells, (Mv){(uint8_t)kind, (uint8_t)from, (uint8_t)to}, out);
    return cells_tuple(out);
}

PyDoc_STRVAR(swing_doc, "swing(cells, side, /) -> cells: solver.py's swing_cells.");

static PyObject *py_swing(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int side;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &side)) return NULL;
    uint16_t cells[NC], out[NC];
    if (read_cells(obj, cells) < 0) return NULL;
    swing_cells(cells, side, out);
    return cells_tuple(out);
}

/* -- the simulated players (puzzle.py: _play_cells) ---------------------------------
 *
 * A player plays one game to its end on the solver's cells, choosing each move
 * as puzzle.py's _play_cells does.  The random players draw from
 * puzzlegen.rng.SeededStream, rebuilt word for word in ../_seeded_stream.h; a
 * test compares its words with hashlib's, and the players with the Python ones. */

#include "../_seeded_stream.h"

/* The players, numbered as puzzle.py's PLAYER_CODES. */
enum { P_OUTS, P_PLAIN, P_GREEDY, P_FIRST, P_LAST, P_TALLEST, P_RANDOM, P_COUNT };

/* puzzle.py: _play_cells.  The swings of the win, or -1 for a loss. */
static int play_cells(const uint16_t *start, int side, int in_a_row, int player, Stream *st) {
    uint16_t cells[NC], after[NC];
    Mv moves[MAXM];
    int swings = 0;
    memcpy(cells, start, sizeof cells);
    for (;;) {
        int f[4];
        foundations(cells, f);
        int n = gen_moves(cells, f, moves);
        if (n == 0) {
            if (empty_layout(cells)) return swings;
            swing_cells(cells, side, after);
            if (in_a_row >= 2 || memcmp(after, cells, sizeof cells) == 0) return -1;
            if (st) stream_below(st, 1); /* as play_slowly, which picks among one move */
            memcpy(cells, after, sizeof cells);
            side = 1 - side;
            in_a_row++;
            swings++;
            continue;
        }
        if (player == P_OUTS || player == P_PLAIN) {
            int kept = 0;
            for (int k = 0; k < n; k++) {
                Mv m = moves[k];
                int keep = player == P_OUTS
                               ? m.kind == 0
                               /* packs only on exposed piles (nothing below in its column) */
                               : (m.kind != 1 || m.to >= NC - 8 || !cells[m.to + 8]);
                if (keep) moves[kept++] = m;
            }
            n = kept;
            if (n == 0) return -1;
        }
        Mv move = moves[0];
        if (st) {
            move = moves[stream_below(st, (uint32_t)n)];
        } else if (player == P_LAST) {
            move = moves[n - 1];
        } else if (player == P_TALLEST) {
            /* the first of the tallest piles: base index less top index, plus one */
            int best = -1;
            for (int k = 0; k < n; k++) {
                int p = cells[moves[k].from];
                int height = BASE(p) - TOP(p);
                if (height > best) {
                    best = height;
                    move = moves[k];
                }
            }
        } else if (player != P_FIRST) {
            /* greedy (and outs, plain): the first out, else pack, else crown */
            for (int k = 0; k < n; k++)
                if (moves[k].kind < move.kind) move = moves[k];
        }
        apply_mv(cells, move, after);
        memcpy(cells, after, sizeof cells);
        in_a_row = 0;
    }
}

PyDoc_STRVAR(play_doc,
             "play(cells, side, in_a_row, player, prefix, /) -> swings or None\n\n"
             "puzzle.py's _play_cells: one simulated player's game to its end.  player is\n"
             "a PLAYER_CODES number; prefix, for a random player, is the bytes of\n"
             "rng.stream_prefix(domain, seed) (None for the others).");

static PyObject *py_play(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *obj;
    int side, in_a_row, player;
    const char *prefix;
    Py_ssize_t nprefix;
    if (!PyArg_ParseTuple(args, "Oiiiz#", &obj, &side, &in_a_row, &player, &prefix, &nprefix))
        return NULL;
    uint16_t cells[NC];
    if (read_cells(obj, cells) < 0) return NULL;
    if (side < 0 || side > 1 || in_a_row < 0 || in_a_row > 2 || player < 0 ||
        player >= P_COUNT || (player == P_RANDOM) != (prefix != NULL)) {
        PyErr_SetString(PyExc_ValueError,
                        "play: side 0 or 1, in_a_row 0 to 2, and a prefix for (only) "
                        "the random player");
        return NULL;
    }
    Stream st;
    if (prefix) stream_init(&st, (const uint8_t *)prefix, (size_t)nprefix);
    int swings = play_cells(cells, side, in_a_row, player, prefix ? &st : NULL);
    if (swings < 0) Py_RETURN_NONE;
    return PyLong_FromLong(swings);
}

PyDoc_STRVAR(words_doc,
             "stream_words(prefix, count, /) -> list of int\n\n"
             "The first count 32-bit words of the seeded stream with this prefix (for tests).");

static PyObject *py_stream_words(PyObject *self, PyObject *args) {
    (void)self;
    const char *prefix;
    Py_ssize_t nprefix, count;
    if (!PyArg_ParseTuple(args, "y#n", &prefix, &nprefix, &count)) return NULL;
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "count must be >= 0");
        return NULL;
    }
    Stream st;
    stream_init(&st, (const uint8_t *)prefix, (size_t)nprefix);
    PyObject *list = PyList_New(count);
    if (!list) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *v = PyLong_FromUnsignedLong(stream_word(&st));
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {"moves", py_moves, METH_O, moves_doc},
    {"apply", py_apply, METH_VARARGS, apply_doc},
    {"swing", py_swing, METH_VARARGS, swing_doc},
    {"play", py_play, METH_VARARGS, play_doc},
    {"stream_words", py_stream_words, METH_VARARGS, words_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ccore",
    "Pendulum's solver search, compiled (the twin of the search in solver.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ccore(void) { return PyModule_Create(&module); }
