/* The search of one sequence of play, compiled: the fast twin of _pycore.py.
 *
 * _pycore.py is the specification: the same two functions (best_path and
 * explore), the same encoding, the same answers byte for byte (a
 * differential test holds the two to it).  Read its docstrings first.  In
 * short: a card is 4 * (rank - 1) + 2 * red + twin, its class is card >> 1;
 * a layout is 16 heights then each cell's cards bottom to top; a state of
 * the search is the 16 heights; a path is (source, target) cell pairs.
 *
 * States live in one growing array, in breadth-first order, with the index
 * of the state each was first reached from and the move that reached it; an
 * open-addressing hash table of 8-byte slots finds them (see "the store of
 * states").  Breadth-first order with moves in (source, target) order
 * reaches every state first by its lexicographically smallest shortest
 * path, as in the Python search.  What differs from the Python search is
 * only how fast the same states are visited: packed state numbers, lookups
 * fetched ahead, moves found with SSE2.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define CELLS 16
#define CLASSES 26
#define MAX_CARDS 52
#define HEIGHTS (MAX_CARDS + 1) /* table index 0 is "no card" */
#define NO_CLASS (-1)
#define MAX_MOVES (CELLS * CELLS)

static uint16_t sees_mask[CELLS];
static const int CENTRE[4] = {5, 6, 9, 10};

static int class_support(int c) {
    int rank0 = c / 2, red = c % 2;
    return 2 * ((rank0 + 1) % 13) + (1 - red);
}

static int class_below(int c, int depth) {
    int rank0 = c / 2, red = c % 2;
    return 2 * ((((rank0 - depth) % 13) + 13) % 13) + ((red + depth) % 2);
}

static int lowest_bit(unsigned x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#endif
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
}

typedef struct {
    uint8_t h[CELLS];
} State;

/* TOP[c][h]: the class on top of a stack of height h whose bottom card is of
   class c (index 0: none); NEED[c][h]: the class that top card may go on.
   Row CLASSES is for a cell that is empty at the start. */
static int8_t TOP[CLASSES + 1][HEIGHTS];
static int8_t NEED[CLASSES + 1][HEIGHTS];
/* CYCLE[c]: how many steps down from class 0 (the black aces) class c is. */
static uint8_t CYCLE[CLASSES];
/* STATIC_BELOW[k]: the class of the cards that rest on class k. */
static int STATIC_BELOW[CLASSES];

typedef struct {
    const int8_t *top[CELLS];  /* TOP row of each cell's bottom card */
    const int8_t *need[CELLS]; /* NEED row of each cell's bottom card */
    int active[CELLS];           /* cells not empty at the start */
    int nactive;
    int present[CLASSES]; /* cards of each class in the position */
    uint8_t cards[CELLS][MAX_CARDS];
    State start;
    uint8_t cycle[CELLS]; /* CYCLE[bottom class], 0 for a cell empty at the start */
} Graph;

typedef struct {
    uint8_t src, dst;
} Move;

/* -- the store of states --------------------------------------------------- */

/* States live in one array in breadth-first order, with the index of the
   state each was first reached from and the move that reached it.  A hash
   table of 8-byte slots (0: empty) finds them, in one of two ways:

   * packed: upper_bound's fixpoint proves that every cell's height stays in
     a range lo..hi during the sequence.  When the product of the ranges fits
     in 63 bits, a state is one number in mixed radix, the sum of
     (h[i] - lo[i]) * weight[i], and a slot holds that number + 1.  A lookup
     reads one slot and nothing else, and a move changes the number by
     weight[dst] - weight[src].  Most lookups find a state already seen, and
     the search spends its time in them (a cache miss each), so the table
     is kept small: 8 bytes a slot, half full at most.
   * indexed, when the product does not fit and for explore(), which needs
     the index of a state found again: a slot holds the high 32 bits of the
     state's hash and its index + 1; equal hash bits are checked against the
     state itself.

   One store serves every search (the GIL is held throughout a call): most
   searches are small, and allocating a table each time would cost more than
   the search.  A store grown by a large search is freed at the end of it. */
typedef struct {
    State *states;
    int32_t *parent;
    uint8_t *move; /* src << 4 | dst */
    uint64_t *keys; /* packed: each state's number */
    int32_t n, cap;
    uint64_t *slots;
    uint64_t nslots, mask; /* slots allocated; slots in use - 1 */
    int packed;
    uint64_t weight[CELLS];
    uint8_t lo[CELLS], hi[CELLS];
} Store;

#define FIRST_CAP 256
#define FIRST_SLOTS 256
#define KEEP_CAP (1 << 16)
#define KEEP_SLOTS (1 << 17)
#define HUGE_PAGE ((size_t)2 << 20)
#define TAG_BITS 0xFFFFFFFF00000000ULL

static Store STORE;

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static uint64_t hash_state(const State *s) {
    uint64_t a, b;
    memcpy(&a, s->h, 8);
    memcpy(&b, s->h + 8, 8);
    return mix(a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL);
}

static int same_state(const State *a, const State *b) {
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a->h, 8);
    memcpy(&a1, a->h + 8, 8);
    memcpy(&b0, b->h, 8);
    memcpy(&b1, b->h + 8, 8);
    return a0 == b0 && a1 == b1;
}

static uint64_t key_of(const Store *st, const State *s) {
    uint64_t key = 0;
    for (int i = 0; i < CELLS; i++) key += (uint64_t)(s->h[i] - st->lo[i]) * st->weight[i];
    return key;
}

/* Pack states in mixed radix over the ranges lo..hi if they fit: 1 if they do. */
static int store_pack(Store *st, const int *lo, const int *hi) {
    uint64_t weight = 1;
    st->packed = 0;
    for (int i = 0; i < CELLS; i++) {
        st->lo[i] = (uint8_t)lo[i];
        st->hi[i] = (uint8_t)hi[i];
        st->weight[i] = weight;
        if (__builtin_mul_overflow(weight, (uint64_t)(hi[i] - lo[i] + 1), &weight)) return 0;
    }
    if (weight >> 63) return 0;
    st->packed = 1;
    return 1;
}

static void store_free(Store *st) {
    free(st->states);
    free(st->parent);
    free(st->move);
    free(st->keys);
    free(st->slots);
    memset(st, 0, sizeof *st);
}

/* At least ``count`` slots allocated (contents undefined); -1 if out of memory. */
static int store_slots(Store *st, uint64_t count) {
    if (st->nslots >= count) return 0;
    free(st->slots);
    st->slots = NULL;
    st->nslots = 0;
    size_t bytes = sizeof(uint64_t) * (size_t)count;
    uint64_t *slots;
    if (bytes >= HUGE_PAGE) { /* a large table: ask for huge pages, fewer TLB misses */
        slots = aligned_alloc(HUGE_PAGE, bytes);
#ifdef MADV_HUGEPAGE
        if (slots) madvise(slots, bytes, MADV_HUGEPAGE);
#endif
    } else {
        slots = malloc(bytes);
    }
    if (!slots) return -1;
    st->slots = slots;
    st->nslots = count;
    return 0;
}

/* Empty the store for a new search; -1 if out of memory. */
static int store_start(Store *st) {
    if (!st->states) {
        st->cap = FIRST_CAP;
        st->states = malloc(sizeof(State) * (size_t)st->cap);
        st->parent = malloc(sizeof(int32_t) * (size_t)st->cap);
        st->move = malloc((size_t)st->cap);
        st->keys = malloc(sizeof(uint64_t) * (size_t)st->cap);
        if (!st->states || !st->parent || !st->move || !st->keys) {
            store_free(st);
            return -1;
        }
    }
    if (store_slots(st, FIRST_SLOTS) < 0) {
        store_free(st);
        return -1;
    }
    st->n = 0;
    st->mask = FIRST_SLOTS - 1;
    memset(st->slots, 0, sizeof(uint64_t) * FIRST_SLOTS);
    return 0;
}

/* After a search: give back the memory of a large one. */
static void store_end(Store *st) {
    if (st->cap > KEEP_CAP || st->nslots > KEEP_SLOTS) store_free(st);
}

/* The slot of state ``k`` (already in the array) when rebuilding the table. */
static void store_place(Store *st, int32_t k) {
    const State *s = &st->states[k];
    uint64_t value, hash;
    if (st->packed) {
        uint64_t key = st->keys[k];
        hash = mix(key);
        value = key + 1;
    } else {
        hash = hash_state(s);
        value = (hash & TAG_BITS) | (uint64_t)(k + 1);
    }
    uint64_t at = hash & st->mask;
    while (st->slots[at]) at = (at + 1) & st->mask;
    st->slots[at] = value;
}

/* Room for one more state at a load of at most one half; -1 if out of memory. */
static int store_grow(Store *st) {
    if (st->n == st->cap) {
        if (st->cap > INT32_MAX / 4) return -1;
        int32_t cap = st->cap * 2;
        State *states = realloc(st->states, sizeof(State) * (size_t)cap);
        if (!states) return -1;
        st->states = states;
        int32_t *parent = realloc(st->parent, sizeof(int32_t) * (size_t)cap);
        if (!parent) return -1;
        st->parent = parent;
        uint8_t *move = realloc(st->move, (size_t)cap);
        if (!move) return -1;
        st->move = move;
        uint64_t *keys = realloc(st->keys, sizeof(uint64_t) * (size_t)cap);
        if (!keys) return -1;
        st->keys = keys;
        st->cap = cap;
    }
    if (2 * (uint64_t)(st->n + 1) > st->mask + 1) { /* rebuild from the array of states */
        uint64_t count = 2 * (st->mask + 1);
        if (store_slots(st, count) < 0) return -1;
        memset(st->slots, 0, sizeof(uint64_t) * (size_t)count);
        st->mask = count - 1;
        for (int32_t k = 0; k < st->n; k++) store_place(st, k);
    }
    return 0;
}

static int store_full(const Store *st) {
    return st->n == st->cap || 2 * (uint64_t)(st->n + 1) > st->mask + 1;
}

static void store_append(Store *st, const State *s, int32_t parent, uint8_t move, uint64_t key) {
    int32_t k = st->n++;
    st->states[k] = *s;
    st->parent[k] = parent;
    st->move[k] = move;
    st->keys[k] = key;
}

/* Packed: add state ``s`` of number ``key`` (hash ``hash``) unless there.
   1 if added (its index is st->n - 1), 0 if there, -1 if out of memory. */
static int add_packed(Store *st, uint64_t key, uint64_t hash, const State *s, int32_t parent,
                      uint8_t move) {
    uint64_t value = key + 1, at = hash & st->mask;
    for (uint64_t v; (v = st->slots[at]); at = (at + 1) & st->mask) {
        if (v == value) return 0;
    }
    if (store_full(st)) {
        if (store_grow(st) < 0) return -1;
        at = hash & st->mask;
        while (st->slots[at]) at = (at + 1) & st->mask;
    }
    st->slots[at] = value;
    store_append(st, s, parent, move, key);
    return 1;
}

/* Indexed: the index of ``s`` (hash ``hash``), adding it if new (then *added is 1).
   -1: out of memory. */
static int32_t add_indexed(Store *st, uint64_t hash, const State *s, int32_t parent, uint8_t move,
                           int *added) {
    uint64_t tag = hash & TAG_BITS, at = hash & st->mask;
    for (uint64_t v; (v = st->slots[at]); at = (at + 1) & st->mask) {
        if ((v & TAG_BITS) == tag) {
            int32_t k = (int32_t)(v & 0xFFFFFFFFu) - 1;
            if (same_state(&st->states[k], s)) {
                *added = 0;
                return k;
            }
        }
    }
    if (store_full(st)) {
        if (store_grow(st) < 0) return -1;
        at = hash & st->mask;
        while (st->slots[at]) at = (at + 1) & st->mask;
    }
    st->slots[at] = tag | (uint64_t)(st->n + 1);
    store_append(st, s, parent, move, 0);
    *added = 1;
    return st->n - 1;
}

/* -- the graph of one sequence of play ------------------------------------- */

/* Read a layout; 0 on success, else -1 with a Python exception set. */
static int graph_init(Graph *g, const uint8_t *layout, Py_ssize_t size) {
    g->nactive = 0;
    memset(g->present, 0, sizeof g->present);
    if (size < CELLS) {
        PyErr_SetString(PyExc_ValueError, "a layout starts with 16 heights");
        return -1;
    }
    Py_ssize_t total = 0;
    for (int i = 0; i < CELLS; i++) total += layout[i];
    if (total != size - CELLS || total > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "layout heights do not match its cards");
        return -1;
    }
    const uint8_t *card = layout + CELLS;
    for (int i = 0; i < CELLS; i++) {
        int height = layout[i];
        g->start.h[i] = (uint8_t)height;
        for (int k = 0; k < height; k++) {
            if (card[k] >= MAX_CARDS) {
                PyErr_SetString(PyExc_ValueError, "a card is an int below 52");
                return -1;
            }
            g->cards[i][k] = card[k];
            g->present[card[k] >> 1]++;
        }
        card += height;
        int row = height ? g->cards[i][0] >> 1 : CLASSES;
        g->top[i] = TOP[row];
        g->need[i] = NEED[row];
        g->cycle[i] = height ? CYCLE[row] : 0;
        if (height) g->active[g->nactive++] = i;
    }
    return 0;
}

/* Every legal move from ``s`` in (src, dst) order; only emptying ones if asked.
   ``back`` (src << 4 | dst, or -1) is left out: the search passes the move
   that undoes the one ``s`` was reached by, which can only lead back to a
   state already stored. */
#if defined(__SSE2__)
/* Sixteen cells at once.  Going down from any class one step at a time
   visits all 26 classes before coming back, so number the classes around
   that cycle (CYCLE): the top of a cell is then CYCLE[bottom] + height - 1
   around it, and a card may go on a card one step before it.  With
   z = CYCLE[bottom] + height (mod 26), a move from src to dst is legal when
   the cells see each other and z[dst] = z[src] - 1 (mod 26). */
static __m128i SPREAD[CLASSES]; /* SPREAD[z]: z in all sixteen bytes */

static int successors(const Graph *g, const State *s, int emptying_only, int back, Move *out) {
    const __m128i k26 = _mm_set1_epi8(26);
    __m128i h = _mm_loadu_si128((const __m128i *)s->h);
    __m128i z = _mm_add_epi8(h, _mm_loadu_si128((const __m128i *)g->cycle));
    z = _mm_min_epu8(z, _mm_sub_epi8(z, k26)); /* below 78: two steps reduce it */
    z = _mm_min_epu8(z, _mm_sub_epi8(z, k26));
    __m128i empty = _mm_cmpeq_epi8(h, _mm_setzero_si128());
    __m128i target_z = _mm_or_si128(z, empty); /* a space: 255, wanted by no card */
    __m128i want = _mm_add_epi8(z, _mm_set1_epi8(25));
    want = _mm_min_epu8(want, _mm_sub_epi8(want, k26));
    uint8_t wants[CELLS];
    _mm_storeu_si128((__m128i *)wants, want);
    unsigned sources = emptying_only ? (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(h, _mm_set1_epi8(1)))
                                     : ~(unsigned)_mm_movemask_epi8(empty) & 0xFFFFu;
    int n = 0;
    while (sources) {
        int src = lowest_bit(sources);
        sources &= sources - 1;
        __m128i fits = _mm_cmpeq_epi8(target_z, SPREAD[wants[src]]);
        unsigned targets = (unsigned)_mm_movemask_epi8(fits) & sees_mask[src];
        if (src == back >> 4) targets &= ~(1u << (back & 15));
        while (targets) {
            out[n].src = (uint8_t)src;
            out[n].dst = (uint8_t)lowest_bit(targets);
            targets &= targets - 1;
            n++;
        }
    }
    return n;
}
#else
static int successors(const Graph *g, const State *s, int emptying_only, int back, Move *out) {
    uint32_t where[CLASSES] = {0};
    for (int k = 0; k < g->nactive; k++) {
        int i = g->active[k];
        if (s->h[i]) where[g->top[i][s->h[i]]] |= 1u << i;
    }
    int n = 0;
    for (int k = 0; k < g->nactive; k++) {
        int src = g->active[k];
        int h = s->h[src];
        if (!h || (emptying_only && h > 1)) continue;
        uint32_t targets = where[g->need[src][h]] & sees_mask[src];
        if (src == back >> 4) targets &= ~(1u << (back & 15));
        while (targets) {
            int dst = lowest_bit(targets);
            targets &= targets - 1;
            out[n].src = (uint8_t)src;
            out[n].dst = (uint8_t)dst;
            n++;
        }
    }
    return n;
}
#endif

static int spaces(const State *s) {
#if defined(__SSE2__)
    __m128i h = _mm_loadu_si128((const __m128i *)s->h);
    unsigned x = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(h, _mm_setzero_si128()));
    x -= (x >> 1) & 0x5555u; /* count the bits without a library call (no -mpopcnt) */
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
#else
    int n = 0;
    for (int i = 0; i < CELLS; i++) n += !s->h[i];
    return n;
#endif
}

/* See _Graph.upper_bound in _pycore.py.  Also gives the fixpoint's ranges:
   no cell's height leaves lo[i]..hi[i] during the sequence. */
static int upper_bound(const Graph *g, int *lo, int *hi) {
    uint32_t shows[CELLS] = {0};
    for (int i = 0; i < CELLS; i++) lo[i] = hi[i] = g->start.h[i];
    if (!g->nactive) return CELLS;
    for (int k = 0; k < g->nactive; k++) {
        int i = g->active[k];
        shows[i] = 1u << g->top[i][hi[i]];
    }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int k = 0; k < g->nactive; k++) {
            int i = g->active[k];
            uint32_t seen = 0;
            for (uint32_t cells = sees_mask[i]; cells; cells &= cells - 1) {
                seen |= shows[lowest_bit(cells)];
            }
            while (lo[i] > 0 && (seen >> g->need[i][lo[i]] & 1u)) {
                lo[i]--;
                if (lo[i]) shows[i] |= 1u << g->top[i][lo[i]];
                changed = 1;
            }
            while (hi[i] < MAX_CARDS && (seen >> g->top[i][hi[i] + 1] & 1u)) {
                hi[i]++;
                shows[i] |= 1u << g->top[i][hi[i]];
                changed = 1;
            }
        }
    }
    int emptiable[CLASSES] = {0};
    for (int k = 0; k < g->nactive; k++) {
        int i = g->active[k];
        if (lo[i] == 0) emptiable[g->top[i][1]]++;
    }
    int bound = CELLS - g->nactive;
    for (int c = 0; c < CLASSES; c++) {
        int cap = g->present[class_support(c)];
        bound += emptiable[c] < cap ? emptiable[c] : cap;
    }
    return bound < CELLS - 1 ? bound : CELLS - 1;
}

/* Fewest blocked pairs, then most central spaces: is ``a`` strictly better than ``b``? */
static void tie_key(const Graph *g, const State *s, int *blocked, int *central) {
    int count[CLASSES] = {0};
    int rests = 0, distinct = 0;
    for (int k = 0; k < g->nactive; k++) {
        int i = g->active[k];
        if (s->h[i] > 1) {
            int c = g->top[i][s->h[i]];
            rests++;
            if (!count[c]++) distinct++;
        }
    }
    *blocked = rests - distinct;
    *central = 0;
    for (int k = 0; k < 4; k++) *central += !s->h[CENTRE[k]];
}

/* The first of ``candidates`` with the smallest tie key. */
static int32_t choose(const Graph *g, const Store *st, const int32_t *candidates, int32_t n) {
    int32_t best = candidates[0];
    int best_blocked, best_central;
    tie_key(g, &st->states[best], &best_blocked, &best_central);
    for (int32_t k = 1; k < n; k++) {
        int blocked, central;
        tie_key(g, &st->states[candidates[k]], &blocked, &central);
        if (blocked < best_blocked || (blocked == best_blocked && central > best_central)) {
            best = candidates[k];
            best_blocked = blocked;
            best_central = central;
        }
    }
    return best;
}

/* The moves from the start to state ``k``; its length is returned, -1 if out of memory. */
static Py_ssize_t path_to(const Store *st, int32_t k, Move **out) {
    Py_ssize_t n = 0;
    for (int32_t j = k; st->parent[j] >= 0; j = st->parent[j]) n++;
    Move *path = malloc(sizeof(Move) * (size_t)(n ? n : 1));
    if (!path) return -1;
    Py_ssize_t at = n;
    for (int32_t j = k; st->parent[j] >= 0; j = st->parent[j]) {
        at--;
        path[at].src = st->move[j] >> 4;
        path[at].dst = st->move[j] & 15;
    }
    *out = path;
    return n;
}

static PyObject *path_bytes(const Move *path, Py_ssize_t n) {
    PyObject *result = PyBytes_FromStringAndSize(NULL, 2 * n);
    if (!result) return NULL;
    char *data = PyBytes_AS_STRING(result);
    for (Py_ssize_t k = 0; k < n; k++) {
        data[2 * k] = (char)path[k].src;
        data[2 * k + 1] = (char)path[k].dst;
    }
    return result;
}

/* -- tidying: see tidy() in _pycore.py -------------------------------------- */

typedef struct {
    uint8_t card, onto, src, dst;
} CardMove;

typedef struct {
    uint8_t cards[CELLS][MAX_CARDS];
    int height[CELLS];
} Stacks;

static void stacks_start(const Graph *g, Stacks *s) {
    memcpy(s->cards, g->cards, sizeof s->cards);
    for (int i = 0; i < CELLS; i++) s->height[i] = g->start.h[i];
}

static int replays_to(const Graph *g, const CardMove *moves, Py_ssize_t n, const Stacks *final) {
    Stacks s;
    stacks_start(g, &s);
    for (Py_ssize_t k = 0; k < n; k++) {
        int src = moves[k].src, dst = moves[k].dst;
        if (!s.height[src] || !s.height[dst]) return 0;
        if (s.cards[src][s.height[src] - 1] != moves[k].card) return 0;
        if (s.cards[dst][s.height[dst] - 1] != moves[k].onto) return 0;
        s.cards[dst][s.height[dst]++] = s.cards[src][--s.height[src]];
    }
    for (int i = 0; i < CELLS; i++) {
        if (s.height[i] != final->height[i]) return 0;
        if (memcmp(s.cards[i], final->cards[i], (size_t)s.height[i])) return 0;
    }
    return 1;
}

/* Tidy ``path`` in place; -1 if out of memory. */
static int tidy(const Graph *g, Move *path, Py_ssize_t n) {
    if (n < 3) return 0;
    CardMove *moves = malloc(sizeof(CardMove) * (size_t)n);
    CardMove *candidate = malloc(sizeof(CardMove) * (size_t)n);
    Stacks *final = malloc(sizeof(Stacks));
    if (!moves || !candidate || !final) {
        free(moves);
        free(candidate);
        free(final);
        return -1;
    }
    stacks_start(g, final);
    for (Py_ssize_t k = 0; k < n; k++) {
        int src = path[k].src, dst = path[k].dst;
        uint8_t card = final->cards[src][--final->height[src]];
        moves[k].card = card;
        moves[k].onto = final->cards[dst][final->height[dst] - 1];
        moves[k].src = (uint8_t)src;
        moves[k].dst = (uint8_t)dst;
        final->cards[dst][final->height[dst]++] = card;
    }
    for (Py_ssize_t j = 1; j < n; j++) {
        Py_ssize_t i = -1;
        for (Py_ssize_t k = 0; k < j; k++) {
            if (moves[k].card == moves[j].card) i = k;
        }
        if (i < 0 || i == j - 1) continue;
        /* moves[:i+1], moves[j], moves[i+1:j], moves[j+1:] */
        Py_ssize_t at = 0;
        for (Py_ssize_t k = 0; k <= i; k++) candidate[at++] = moves[k];
        candidate[at++] = moves[j];
        for (Py_ssize_t k = i + 1; k < j; k++) candidate[at++] = moves[k];
        for (Py_ssize_t k = j + 1; k < n; k++) candidate[at++] = moves[k];
        if (replays_to(g, candidate, n, final)) {
            memcpy(moves, candidate, sizeof(CardMove) * (size_t)n);
        }
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        path[k].src = moves[k].src;
        path[k].dst = moves[k].dst;
    }
    free(moves);
    free(candidate);
    free(final);
    return 0;
}

/* The tidied path to state ``k`` as bytes. */
static PyObject *best_bytes(const Graph *g, const Store *st, int32_t k) {
    Move *path;
    Py_ssize_t n = path_to(st, k, &path);
    if (n < 0) return PyErr_NoMemory();
    if (tidy(g, path, n) < 0) {
        free(path);
        return PyErr_NoMemory();
    }
    PyObject *result = path_bytes(path, n);
    free(path);
    return result;
}

/* -- the two searches -------------------------------------------------------- */

typedef struct {
    int32_t *items;
    int32_t n, cap;
} List;

static int list_push(List *l, int32_t x) {
    if (l->n == l->cap) {
        int32_t cap = l->cap ? 2 * l->cap : 64;
        int32_t *items = realloc(l->items, sizeof(int32_t) * (size_t)cap);
        if (!items) return -1;
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = x;
    return 0;
}

#define NEED_INDEXED (-2)

/* The search of search_best() with the store packed or indexed.  Returns the
   index of the chosen state, -1 if out of memory, NEED_INDEXED if packed and
   a height left its range (the fixpoint says it cannot: a guard, not a path). */
static int32_t search_states(const Graph *g, Store *st, int bound, int packed) {
    static List level_best, candidates; /* kept between calls: no allocation */
    level_best.n = candidates.n = 0;
    if (store_start(st) < 0) return -1;
    int added;
    Move moves[MAX_MOVES];
    uint64_t keys[MAX_MOVES], hashes[MAX_MOVES];
    int best = spaces(&g->start);
    if (packed) {
        uint64_t key = key_of(st, &g->start);
        if (add_packed(st, key, mix(key), &g->start, -1, 0) < 0) return -1;
    } else if (add_indexed(st, hash_state(&g->start), &g->start, -1, 0, &added) < 0) {
        return -1;
    }
    if (list_push(&candidates, 0) < 0) return -1;
    int32_t level_start = 0, level_end = 1;
    while (level_start < level_end && best < bound) {
        level_best.n = 0;
        for (int32_t k = level_start; k < level_end; k++) {
            State state = st->states[k];
            /* Once this depth meets the bound it is the last one searched, and
               its remaining candidates can only come from moves that empty a cell. */
            /* The move back to the state this one was reached from finds
               nothing new: skipped. */
            int back = k ? (st->move[k] & 15) << 4 | st->move[k] >> 4 : -1;
            int n = successors(g, &state, best >= bound, back, moves);
            /* First every child's slot, fetched ahead: the lookups then wait
               for memory together rather than one after another. */
            if (packed) {
                uint64_t key = st->keys[k];
                for (int m = 0; m < n; m++) {
                    int src = moves[m].src, dst = moves[m].dst;
                    if (state.h[src] <= st->lo[src] || state.h[dst] >= st->hi[dst]) {
                        return NEED_INDEXED;
                    }
                    keys[m] = key - st->weight[src] + st->weight[dst];
                    hashes[m] = mix(keys[m]);
                    __builtin_prefetch(&st->slots[hashes[m] & st->mask]);
                }
            } else {
                for (int m = 0; m < n; m++) {
                    State child = state;
                    child.h[moves[m].src]--;
                    child.h[moves[m].dst]++;
                    hashes[m] = hash_state(&child);
                    __builtin_prefetch(&st->slots[hashes[m] & st->mask]);
                }
            }
            for (int m = 0; m < n; m++) {
                State child = state;
                int src = moves[m].src, dst = moves[m].dst;
                child.h[src]--;
                child.h[dst]++;
                uint8_t move = (uint8_t)(src << 4 | dst);
                if (packed) {
                    added = add_packed(st, keys[m], hashes[m], &child, k, move);
                    if (added < 0) return -1;
                } else if (add_indexed(st, hashes[m], &child, k, move, &added) < 0) {
                    return -1;
                }
                if (!added || state.h[src] != 1) continue;
                int32_t index = st->n - 1;
                int s = spaces(&child);
                if (s > best) {
                    best = s;
                    level_best.n = 0;
                    if (list_push(&level_best, index) < 0) return -1;
                } else if (s == best && level_best.n) {
                    if (list_push(&level_best, index) < 0) return -1;
                }
            }
        }
        if (level_best.n) {
            candidates.n = 0;
            for (int32_t k = 0; k < level_best.n; k++) {
                if (list_push(&candidates, level_best.items[k]) < 0) return -1;
            }
        }
        level_start = level_end;
        level_end = st->n;
    }
    return choose(g, st, candidates.items, candidates.n);
}

/* The tidied best line from ``g``: *path (malloc'd) and its length; -1 if out of memory.
   ``may_pack`` 0 forces the indexed store (for the test of that store). */
static Py_ssize_t search_best(const Graph *g, Move **path, int may_pack) {
    Store *st = &STORE;
    int lo[CELLS], hi[CELLS];
    int bound = upper_bound(g, lo, hi);
    /* store_pack decides st->packed; the test of the indexed store overrides it, since
       store_grow re-places entries by st->packed and must agree with the search. */
    int packed = store_pack(st, lo, hi) && may_pack;
    st->packed = packed;
    int32_t chosen = search_states(g, st, bound, packed);
    if (chosen == NEED_INDEXED) {
        st->packed = 0;
        chosen = search_states(g, st, bound, 0);
    }
    Py_ssize_t result = -1;
    if (chosen >= 0) {
        result = path_to(st, chosen, path);
        if (result >= 0 && tidy(g, *path, result) < 0) {
            free(*path);
            result = -1;
        }
    }
    store_end(st);
    return result;
}

static PyObject *best_path_impl(PyObject *arg, int may_pack) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    Graph g;
    int ok = graph_init(&g, view.buf, view.len);
    PyBuffer_Release(&view);
    if (ok < 0) return NULL;
    Move *path;
    Py_ssize_t n = search_best(&g, &path, may_pack);
    if (n < 0) return PyErr_NoMemory();
    PyObject *result = path_bytes(path, n);
    free(path);
    return result;
}

static PyObject *best_path(PyObject *self, PyObject *arg) {
    (void)self;
    return best_path_impl(arg, 1);
}

/* best_path with the indexed store, which positions met in play do not need. */
static PyObject *best_path_indexed(PyObject *self, PyObject *arg) {
    (void)self;
    return best_path_impl(arg, 0);
}

/* -- solve --json on one line of text: see solve_json() in _pycore.py ------- */

static const char *RANK_NAMES[13] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
static const char SUIT_NAMES[4] = {'C', 'S', 'D', 'H'}; /* by card & 3 */
/* The end of a move's JSON, by source and target cell: filled in at import. */
static char MOVE_CELLS[CELLS][CELLS][48];

/* The card spelled s[0:n] (ASCII, any case, T for 10), or -1. */
static int parse_card(const char *s, Py_ssize_t n) {
    if (n < 2 || n > 3) return -1;
    int rank;
    char r = (char)(s[0] & ~0x20); /* upper case for letters */
    if (n == 3) {
        if (s[0] != '1' || s[1] != '0') return -1;
        rank = 10;
    } else if (s[0] >= '2' && s[0] <= '9') {
        rank = s[0] - '0';
    } else if (r == 'A') {
        rank = 1;
    } else if (r == 'T') {
        rank = 10;
    } else if (r == 'J') {
        rank = 11;
    } else if (r == 'Q') {
        rank = 12;
    } else if (r == 'K') {
        rank = 13;
    } else {
        return -1;
    }
    int bits;
    switch (s[n - 1] & ~0x20) {
    case 'C': bits = 0; break;
    case 'S': bits = 1; break;
    case 'D': bits = 2; break;
    case 'H': bits = 3; break;
    default: return -1;
    }
    return 4 * (rank - 1) + bits;
}

static int is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* Read a plain position into a layout; 0 if ``text`` is not one (or not ASCII). */
static int parse_layout(const char *text, Py_ssize_t size, uint8_t *layout) {
    uint8_t stacks[CELLS][MAX_CARDS];
    int heights[CELLS];
    uint64_t seen = 0;
    int cells = 0;
    Py_ssize_t at = 0;
    for (Py_ssize_t k = 0; k < size; k++) {
        unsigned char c = (unsigned char)text[k];
        /* str.split() also splits on \x1c-\x1f and on non-ASCII spaces: leave
           such lines, and any non-ASCII text, to the Python parser. */
        if (c >= 0x80 || (c >= 0x1c && c <= 0x1f)) return 0;
    }
    while (1) {
        while (at < size && is_space((unsigned char)text[at])) at++;
        if (at == size) break;
        Py_ssize_t end = at;
        while (end < size && !is_space((unsigned char)text[end])) end++;
        if (cells == CELLS) return 0;
        int height = 0;
        if (end - at == 2 && text[at] == '-' && text[at + 1] == '-') {
            heights[cells++] = 0;
            at = end;
            continue;
        }
        Py_ssize_t part = at;
        while (part <= end) {
            Py_ssize_t stop = part;
            while (stop < end && text[stop] != '/') stop++;
            int card = parse_card(text + part, stop - part);
            if (card < 0 || (seen >> card & 1u)) return 0;
            seen |= (uint64_t)1 << card;
            if (height && TOP[stacks[cells][height - 1] >> 1][2] != card >> 1) return 0;
            stacks[cells][height++] = (uint8_t)card;
            part = stop + 1;
        }
        heights[cells++] = height;
        at = end;
    }
    if (cells != CELLS) return 0;
    int total = 0;
    for (int i = 0; i < CELLS; i++) {
        layout[i] = (uint8_t)heights[i];
        memcpy(layout + CELLS + total, stacks[i], (size_t)heights[i]);
        total += heights[i];
    }
    return CELLS + total;
}

typedef struct {
    char *data;
    Py_ssize_t n, cap;
} Text;

static void put(Text *t, const char *s) {
    size_t n = strlen(s);
    memcpy(t->data + t->n, s, n);
    t->n += (Py_ssize_t)n;
}

static void put_card(Text *t, int card) {
    int rank = card >> 2;
    if (rank == 9) { /* "10" */
        t->data[t->n++] = '1';
        t->data[t->n++] = '0';
    } else {
        t->data[t->n++] = RANK_NAMES[rank][0];
    }
    t->data[t->n++] = SUIT_NAMES[card & 3];
}

static void put_position(Text *t, uint8_t cards[CELLS][MAX_CARDS], const int *height) {
    for (int i = 0; i < CELLS; i++) {
        if (i) t->data[t->n++] = ' ';
        if (!height[i]) put(t, "--");
        for (int k = 0; k < height[i]; k++) {
            if (k) t->data[t->n++] = '/';
            put_card(t, cards[i][k]);
        }
    }
}

static PyObject *solve_json(PyObject *self, PyObject *arg) {
    (void)self;
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "solve_json takes a str");
        return NULL;
    }
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(arg, &size);
    if (!text) { /* lone surrogates from undecodable input: the Python parser explains */
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    uint8_t layout[CELLS + MAX_CARDS];
    int length = parse_layout(text, size, layout);
    if (!length) Py_RETURN_NONE;
    Graph g;
    if (graph_init(&g, layout, length) < 0) return NULL;
    Move *path;
    Py_ssize_t n = search_best(&g, &path, 1);
    if (n < 0) return PyErr_NoMemory();
    /* Generous: a position is under 16 * 3 + 52 * 4 bytes, a move under 70. */
    Text out = {NULL, 0, 2 * 300 + 100 + 80 * n};
    out.data = malloc((size_t)out.cap);
    if (!out.data) {
        free(path);
        return PyErr_NoMemory();
    }
    Stacks s;
    stacks_start(&g, &s);
    put(&out, "{\"position\": \"");
    put_position(&out, s.cards, s.height);
    put(&out, "\", \"best_spaces\": ");
    Py_ssize_t moves_at = out.n; /* best_spaces goes here, once known */
    put(&out, "  , \"moves\": [");
    for (Py_ssize_t k = 0; k < n; k++) {
        int src = path[k].src, dst = path[k].dst;
        int card = s.cards[src][--s.height[src]];
        if (k) put(&out, ", ");
        put(&out, "{\"card\": \"");
        put_card(&out, card);
        put(&out, "\", \"onto\": \"");
        put_card(&out, s.cards[dst][s.height[dst] - 1]);
        put(&out, MOVE_CELLS[src][dst]);
        s.cards[dst][s.height[dst]++] = (uint8_t)card;
    }
    put(&out, "], \"final\": \"");
    put_position(&out, s.cards, s.height);
    put(&out, "\"}");
    int empty = 0;
    for (int i = 0; i < CELLS; i++) empty += !s.height[i];
    /* Fill in best_spaces: one or two digits, then close the gap. */
    char digits[4];
    int d = snprintf(digits, sizeof digits, "%d", empty);
    memcpy(out.data + moves_at, digits, (size_t)d);
    memmove(out.data + moves_at + d, out.data + moves_at + 2, (size_t)(out.n - moves_at - 2));
    out.n -= 2 - d;
    PyObject *result = PyUnicode_FromStringAndSize(out.data, out.n);
    free(out.data);
    free(path);
    return result;
}

static int32_t find_root(int32_t *up, int32_t k) {
    while (up[k] != k) {
        up[k] = up[up[k]];
        k = up[k];
    }
    return k;
}

/* The layout ``path`` leads to from the start of ``g``, as bytes. */
static PyObject *layout_after(const Graph *g, const Move *path, Py_ssize_t n) {
    Stacks s;
    stacks_start(g, &s);
    for (Py_ssize_t k = 0; k < n; k++) {
        int src = path[k].src, dst = path[k].dst;
        s.cards[dst][s.height[dst]++] = s.cards[src][--s.height[src]];
    }
    uint8_t layout[CELLS + MAX_CARDS];
    int at = CELLS;
    for (int i = 0; i < CELLS; i++) {
        layout[i] = (uint8_t)s.height[i];
        memcpy(layout + at, s.cards[i], (size_t)s.height[i]);
        at += s.height[i];
    }
    return PyBytes_FromStringAndSize((const char *)layout, at);
}

/* explore(), or with ``layouts`` only the list of end layouts. */
/* Every state one sequence of play can reach from ``g``, breadth first, into
   ``st`` (started by the caller; st->n grows as the walk goes), grouped by a
   union-find over the moves that create no space (``up``); ``creates`` marks,
   at each group's root, whether some state of the group has a move that
   empties a cell, so state k may end play when
   !creates->items[find_root(up->items, k)].  With ``depth``, each state's
   number of moves from the start too.  0, or -1 if out of memory. */
static int reach_groups(const Graph *g, Store *st, List *creates, List *up, List *depth) {
    int added;
    Move moves[MAX_MOVES];
    if (add_indexed(st, hash_state(&g->start), &g->start, -1, 0, &added) < 0) return -1;
    if (list_push(up, 0) < 0 || list_push(creates, 0) < 0) return -1;
    if (depth && list_push(depth, 0) < 0) return -1;
    for (int32_t k = 0; k < st->n; k++) {
        State state = st->states[k];
        int n = successors(g, &state, 0, -1, moves);
        for (int m = 0; m < n; m++) {
            State child = state;
            int src = moves[m].src, dst = moves[m].dst;
            child.h[src]--;
            child.h[dst]++;
            int32_t at =
                add_indexed(st, hash_state(&child), &child, k, (uint8_t)(src << 4 | dst), &added);
            if (at < 0) return -1;
            if (added) {
                if (list_push(up, at) < 0 || list_push(creates, 0) < 0) return -1;
                if (depth && list_push(depth, depth->items[k] + 1) < 0) return -1;
            }
            if (state.h[src] == 1) {
                creates->items[k] = 1;
            } else {
                int32_t a = find_root(up->items, k), b = find_root(up->items, at);
                if (a != b) up->items[a > b ? a : b] = a < b ? a : b;
            }
        }
    }
    for (int32_t k = 0; k < st->n; k++) {
        if (creates->items[k]) creates->items[find_root(up->items, k)] = 1;
    }
    return 0;
}

static PyObject *explore_impl(PyObject *arg, int layouts) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    Graph g;
    int ok = graph_init(&g, view.buf, view.len);
    PyBuffer_Release(&view);
    if (ok < 0) return NULL;

    Store *st = &STORE;
    st->packed = 0; /* explore needs the index of states found again */
    if (store_start(st) < 0) return PyErr_NoMemory();
    List creates = {0};   /* per state: 1 if it has a move that empties a cell */
    List up = {0};        /* union-find over moves that create no space */
    List depth = {0};
    List candidates = {0};
    PyObject *result = NULL, *ends = NULL, *best = NULL;
    /* A group is open when one of its states can create a space. */
    if (reach_groups(&g, st, &creates, &up, &depth) < 0) goto oom;
    ends = PyList_New(0);
    if (!ends) goto done;
    for (int32_t k = 0; k < st->n; k++) {
        if (creates.items[find_root(up.items, k)]) continue;
        Move *path;
        Py_ssize_t n = path_to(st, k, &path);
        if (n < 0) goto oom;
        PyObject *item = layouts ? layout_after(&g, path, n) : path_bytes(path, n);
        free(path);
        if (!item || PyList_Append(ends, item) < 0) {
            Py_XDECREF(item);
            goto done;
        }
        Py_DECREF(item);
    }
    if (layouts) {
        result = ends;
        ends = NULL;
        goto done;
    }
    /* The best line of the same search: most spaces at the least depth. */
    int most = -1;
    int32_t shallowest = INT32_MAX;
    for (int32_t k = 0; k < st->n; k++) {
        int s = spaces(&st->states[k]);
        if (s > most) {
            most = s;
            shallowest = depth.items[k];
        }
    }
    for (int32_t k = 0; k < st->n; k++) {
        if (depth.items[k] == shallowest && spaces(&st->states[k]) == most) {
            if (list_push(&candidates, k) < 0) goto oom;
        }
    }
    best = best_bytes(&g, st, choose(&g, st, candidates.items, candidates.n));
    if (!best) goto done;
    result = Py_BuildValue("(nOO)", (Py_ssize_t)st->n, best, ends);
    goto done;
oom:
    PyErr_NoMemory();
done:
    Py_XDECREF(ends);
    Py_XDECREF(best);
    store_end(st);
    free(creates.items);
    free(up.items);
    free(depth.items);
    free(candidates.items);
    return result;
}

static PyObject *explore(PyObject *self, PyObject *arg) {
    (void)self;
    return explore_impl(arg, 0);
}

static PyObject *end_layouts(PyObject *self, PyObject *arg) {
    (void)self;
    return explore_impl(arg, 1);
}

/* -- whole games: the stock's order known (see solve_game() in _pycore.py) -- */

/* A position between sequences, as the search needs it: each cell's bottom
   class (CLASSES for a space) and height.  Every stack is fixed by those two,
   twins being interchangeable, so this is also the key of the memo. */
typedef struct {
    uint8_t bottom[CELLS];
    uint8_t h[CELLS];
} Cells;

typedef struct {
    State s;
    int32_t index; /* among all the end states, in breadth-first order */
    int spaces;
} End;

/* Read class-level cells into a graph (cards stand in by their class). */
static void graph_from_cells(Graph *g, const Cells *c) {
    g->nactive = 0;
    memset(g->present, 0, sizeof g->present);
    for (int i = 0; i < CELLS; i++) {
        int height = c->h[i];
        int row = height ? c->bottom[i] : CLASSES;
        g->start.h[i] = (uint8_t)height;
        for (int k = 0; k < height; k++) {
            int cls = TOP[row][k + 1];
            g->cards[i][k] = (uint8_t)(2 * cls);
            g->present[cls]++;
        }
        g->top[i] = TOP[row];
        g->need[i] = NEED[row];
        g->cycle[i] = height ? CYCLE[row] : 0;
        if (height) g->active[g->nactive++] = i;
    }
}

/* The end states of ``g`` that have more spaces than its start, with their
   index among all end states (explore()'s order), as a malloc'd array in
   *out; their number, or -1 if out of memory. */
static int32_t end_states(const Graph *g, End **out) {
    Store *st = &STORE;
    st->packed = 0;
    *out = NULL;
    if (store_start(st) < 0) return -1;
    List creates = {0}, up = {0};
    End *ends = NULL;
    int32_t result = -1, n_ends = 0, index = 0;
    if (reach_groups(g, st, &creates, &up, NULL) < 0) goto done;
    int start_spaces = spaces(&g->start);
    ends = malloc(sizeof(End) * (size_t)(st->n ? st->n : 1));
    if (!ends) goto done;
    for (int32_t k = 0; k < st->n; k++) {
        if (creates.items[find_root(up.items, k)]) continue;
        int s = spaces(&st->states[k]);
        if (s > start_spaces) {
            ends[n_ends].s = st->states[k];
            ends[n_ends].index = index;
            ends[n_ends].spaces = s;
            n_ends++;
        }
        index++;
    }
    /* Most spaces first, then explore()'s order: a stable insertion sort
       (the lists are short). */
    for (int32_t a = 1; a < n_ends; a++) {
        End e = ends[a];
        int32_t b = a;
        while (b > 0 && ends[b - 1].spaces < e.spaces) {
            ends[b] = ends[b - 1];
            b--;
        }
        ends[b] = e;
    }
    *out = ends;
    ends = NULL;
    result = n_ends;
done:
    free(ends);
    free(creates.items);
    free(up.items);
    store_end(st);
    return result;
}

/* The memo of positions lost: a set of Cells, open addressing. */
typedef struct {
    Cells *keys;
    uint8_t *used;
    size_t cap, n;
} Memo;

static uint64_t hash_cells(const Cells *c) {
    uint64_t a, b, x, y;
    memcpy(&a, c->bottom, 8);
    memcpy(&b, c->bottom + 8, 8);
    memcpy(&x, c->h, 8);
    memcpy(&y, c->h + 8, 8);
    return mix(a * 0x9E3779B97F4A7C15ULL ^ mix(b + 0x632BE59BD9B4E019ULL) ^
               mix(x * 0xC2B2AE3D27D4EB4FULL) ^ (y + 0x165667B19E3779F9ULL));
}

static int memo_has(const Memo *m, const Cells *c) {
    if (!m->cap) return 0;
    for (size_t at = hash_cells(c) & (m->cap - 1); m->used[at]; at = (at + 1) & (m->cap - 1)) {
        if (!memcmp(&m->keys[at], c, sizeof *c)) return 1;
    }
    return 0;
}

static int memo_add(Memo *m, const Cells *c) {
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 256;
        Cells *keys = malloc(sizeof(Cells) * cap);
        uint8_t *used = calloc(cap, 1);
        if (!keys || !used) {
            free(keys);
            free(used);
            return -1;
        }
        for (size_t k = 0; k < m->cap; k++) {
            if (!m->used[k]) continue;
            size_t at = hash_cells(&m->keys[k]) & (cap - 1);
            while (used[at]) at = (at + 1) & (cap - 1);
            used[at] = 1;
            keys[at] = m->keys[k];
        }
        free(m->keys);
        free(m->used);
        m->keys = keys;
        m->used = used;
        m->cap = cap;
    }
    size_t at = hash_cells(c) & (m->cap - 1);
    while (m->used[at]) at = (at + 1) & (m->cap - 1);
    m->used[at] = 1;
    m->keys[at] = *c;
    m->n++;
    return 0;
}

typedef struct {
    const uint8_t *stock; /* classes */
    int nstock;
    Memo lost;
    List choices;
    long nodes;
} GameSearch;

/* 1 if the game from ``c`` with ``k`` stock cards dealt can be won (the
   choices then hold the line), 0 if not, -1 if out of memory. */
static int solve_from(GameSearch *gs, const Cells *c, int k) {
    if (memo_has(&gs->lost, c)) return 0;
    gs->nodes++;
    Graph g;
    graph_from_cells(&g, c);
    int lo[CELLS], hi[CELLS];
    int found = 0;
    if (upper_bound(&g, lo, hi) > spaces(&g.start)) {
        End *ends;
        int32_t n = end_states(&g, &ends);
        if (n < 0) return -1;
        int remaining = gs->nstock - k;
        for (int32_t e = 0; e < n && !found; e++) {
            if (list_push(&gs->choices, ends[e].index) < 0) {
                found = -1;
                break;
            }
            if (ends[e].spaces >= remaining) {
                found = 1;
                break;
            }
            Cells next;
            int dealt = k;
            for (int i = 0; i < CELLS; i++) {
                if (ends[e].s.h[i]) {
                    next.bottom[i] = c->bottom[i];
                    next.h[i] = ends[e].s.h[i];
                } else {
                    next.bottom[i] = gs->stock[dealt++];
                    next.h[i] = 1;
                }
            }
            found = solve_from(gs, &next, dealt);
            if (!found) gs->choices.n--;
        }
        free(ends);
    }
    if (!found && memo_add(&gs->lost, c) < 0) return -1;
    return found;
}

static PyObject *solve_game(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer lay, stk;
    if (!PyArg_ParseTuple(args, "y*y*:solve_game", &lay, &stk)) return NULL;
    Graph g;
    int ok = graph_init(&g, lay.buf, lay.len);
    Cells start;
    GameSearch gs = {0};
    uint8_t stock[MAX_CARDS];
    if (ok == 0 && (stk.len > MAX_CARDS - CELLS)) {
        PyErr_SetString(PyExc_ValueError, "the stock is too long");
        ok = -1;
    }
    if (ok == 0) {
        const uint8_t *cards = stk.buf;
        for (Py_ssize_t k = 0; k < stk.len; k++) {
            if (cards[k] >= MAX_CARDS) {
                PyErr_SetString(PyExc_ValueError, "a card is an int below 52");
                ok = -1;
                break;
            }
            stock[k] = cards[k] >> 1;
        }
    }
    gs.nstock = (int)stk.len;
    PyBuffer_Release(&lay);
    PyBuffer_Release(&stk);
    if (ok < 0) return NULL;
    for (int i = 0; i < CELLS; i++) {
        start.h[i] = g.start.h[i];
        start.bottom[i] = (uint8_t)(g.start.h[i] ? g.cards[i][0] >> 1 : CLASSES);
    }
    gs.stock = stock;
    int won = solve_from(&gs, &start, 0);
    PyObject *result = NULL, *choices = NULL;
    if (won < 0) {
        PyErr_NoMemory();
        goto done;
    }
    choices = PyList_New(gs.choices.n);
    if (!choices) goto done;
    for (int32_t k = 0; k < gs.choices.n; k++) {
        PyObject *item = PyLong_FromLong(gs.choices.items[k]);
        if (!item) goto done;
        PyList_SET_ITEM(choices, k, item);
    }
    result = Py_BuildValue("(OOl)", won ? Py_True : Py_False, choices, gs.nodes);
done:
    Py_XDECREF(choices);
    free(gs.lost.keys);
    free(gs.lost.used);
    free(gs.choices.items);
    return result;
}

/* -- rollouts: whole games played out by a stock-hidden base player ----------
   See rollouts() in _pycore.py, the specification.  The loop between
   sequences runs here, so a rollout costs its searches and nothing more:
   ``expert`` plays the best line every sequence (gameplayers._rollout);
   ``next`` stops, among the end positions with the most spaces, in the one
   whose next sequence's best line makes the most spaces summed over a few
   fresh orders of the cards still to come (gameplayers._rollout_next);
   ``rollout`` chooses among the same ends by the expert's rollouts over
   those fresh orders (rollouts of a rollout player: two levels); ``static``
   by the static evaluator's linear score (static.py), no sampling at all. */

#define MAX_INNER 64

static void graph_from_stacks(Graph *g, const Stacks *s) {
    g->nactive = 0;
    memset(g->present, 0, sizeof g->present);
    for (int i = 0; i < CELLS; i++) {
        int height = s->height[i];
        g->start.h[i] = (uint8_t)height;
        memcpy(g->cards[i], s->cards[i], (size_t)height);
        for (int k = 0; k < height; k++) g->present[s->cards[i][k] >> 1]++;
        int row = height ? s->cards[i][0] >> 1 : CLASSES;
        g->top[i] = TOP[row];
        g->need[i] = NEED[row];
        g->cycle[i] = height ? CYCLE[row] : 0;
        if (height) g->active[g->nactive++] = i;
    }
}

/* Deal ``cards`` (n of them) into the spaces of ``s`` in cell order; how many were used. */
static int fill_stacks(Stacks *s, const uint8_t *cards, int n) {
    int used = 0;
    for (int i = 0; i < CELLS && used < n; i++) {
        if (!s->height[i]) {
            s->cards[i][0] = cards[used++];
            s->height[i] = 1;
        }
    }
    return used;
}

static int stacks_spaces(const Stacks *s) {
    int n = 0;
    for (int i = 0; i < CELLS; i++) n += !s->height[i];
    return n;
}

/* Play the moves from the start of the search to state ``k`` on ``s``; -1 if out of memory. */
static int stacks_follow(Stacks *s, const Store *st, int32_t k) {
    Move *path;
    Py_ssize_t n = path_to(st, k, &path);
    if (n < 0) return -1;
    for (Py_ssize_t m = 0; m < n; m++) {
        int src = path[m].src, dst = path[m].dst;
        s->cards[dst][s->height[dst]++] = s->cards[src][--s->height[src]];
    }
    free(path);
    return 0;
}

/* best_path's search from ``g``, untidied (tidying keeps the final position):
   the index in STORE of the state it chooses, or -1 if out of memory.  The
   caller reads the store, then calls store_end. */
static int32_t best_state(const Graph *g) {
    Store *st = &STORE;
    int lo[CELLS], hi[CELLS];
    int bound = upper_bound(g, lo, hi);
    int packed = store_pack(st, lo, hi);
    st->packed = packed;
    int32_t chosen = search_states(g, st, bound, packed);
    if (chosen == NEED_INDEXED) {
        st->packed = 0;
        chosen = search_states(g, st, bound, 0);
    }
    return chosen;
}

/* The end positions of ``g`` with the most spaces (at least the most less
   ``slack``), when that is more than its start has: their layouts in *out
   (malloc'd), most spaces first, then end_layouts()'s order; the most spaces
   in *most; their number (0 when no end creates a space), -1 if out of
   memory. */
static int32_t best_ends(const Graph *g, int slack, Stacks **out, int *most) {
    Store *st = &STORE;
    st->packed = 0;
    *out = NULL;
    if (store_start(st) < 0) return -1;
    List creates = {0}, up = {0};
    Stacks *ends = NULL;
    int32_t result = -1, n_ends = 0;
    if (reach_groups(g, st, &creates, &up, NULL) < 0) goto done;
    int start = spaces(&g->start), best = start;
    for (int32_t k = 0; k < st->n; k++) {
        if (creates.items[find_root(up.items, k)]) continue;
        int s = spaces(&st->states[k]);
        if (s > best) best = s;
    }
    *most = best;
    int floor = best - slack > start + 1 ? best - slack : start + 1;
    for (int32_t k = 0; k < st->n; k++) {
        if (!creates.items[find_root(up.items, k)] && spaces(&st->states[k]) >= floor) n_ends++;
    }
    if (!n_ends) {
        result = 0;
        goto done;
    }
    ends = malloc(sizeof(Stacks) * (size_t)n_ends);
    if (!ends) goto done;
    int32_t at = 0;
    for (int s = best; s >= floor; s--) { /* most spaces first, each in explore()'s order */
        for (int32_t k = 0; k < st->n; k++) {
            if (creates.items[find_root(up.items, k)] || spaces(&st->states[k]) != s) continue;
            stacks_start(g, &ends[at]);
            if (stacks_follow(&ends[at], st, k) < 0) goto done;
            at++;
        }
    }
    *out = ends;
    ends = NULL;
    result = n_ends;
done:
    free(ends);
    free(creates.items);
    free(up.items);
    store_end(st);
    return result;
}

/* gameplayers._next_score: the spaces the next sequence's best line makes
   after ``end`` is filled from ``order`` (16 when that uses the stock up);
   -1 if out of memory. */
static int next_score(const Stacks *end, const uint8_t *order, int n) {
    Stacks s = *end;
    int used = fill_stacks(&s, order, n);
    if (used >= n) return 16;
    Graph g;
    graph_from_stacks(&g, &s);
    int32_t k = best_state(&g);
    if (k < 0) {
        store_end(&STORE);
        return -1;
    }
    int made = spaces(&STORE.states[k]);
    store_end(&STORE);
    return made >= n - used ? 16 : made;
}

#define STATIC_FEATURES 18

typedef struct {
    const uint8_t *orders; /* fresh orders of (a superset of) the cards to come */
    int count, length;
    int base; /* 1: next, 2: rollout, 3: static */
    int slack; /* base 3: the static player's slack and weights */
    int64_t weights[STATIC_FEATURES];
} Inner;

static int rollout(Stacks s, const uint8_t *order, int n, const Inner *inner);

/* gameplayers._choose_next (base 1; base 2 scores by the expert's rollouts
   instead of next_score): the end ``s`` (full) stops in, chosen over
   ``inner`` kept to the cards of ``rest`` (used as a set only).  1 with the
   end in *out, 0 when no end creates a space, -1 if out of memory. */
static int choose_next(const Stacks *s, const uint8_t *rest, int nrest, const Inner *inner,
                       Stacks *out) {
    Graph g;
    graph_from_stacks(&g, s);
    Stacks *ends;
    int most;
    int32_t n = best_ends(&g, 0, &ends, &most);
    if (n <= 0) return n;
    int start = spaces(&g.start);
    int32_t choice = 0;
    if (n > 1 && most - start < nrest) {
        uint64_t keep = 0;
        for (int k = 0; k < nrest; k++) keep |= (uint64_t)1 << rest[k];
        uint8_t kept[MAX_INNER][MAX_CARDS];
        int lengths[MAX_INNER];
        for (int j = 0; j < inner->count; j++) {
            const uint8_t *order = inner->orders + (size_t)j * (size_t)inner->length;
            lengths[j] = 0;
            for (int k = 0; k < inner->length; k++) {
                if (keep >> order[k] & 1u) kept[j][lengths[j]++] = order[k];
            }
        }
        long best = -1;
        for (int32_t e = 0; e < n; e++) {
            long total = 0;
            for (int j = 0; j < inner->count; j++) {
                int score;
                if (inner->base == 2) {
                    int left = rollout(ends[e], kept[j], lengths[j], NULL);
                    score = left < 0 ? -1 : left == 0;
                } else {
                    score = next_score(&ends[e], kept[j], lengths[j]);
                }
                if (score < 0) {
                    free(ends);
                    return -1;
                }
                total += score;
            }
            if (total > best) {
                best = total;
                choice = e;
            }
        }
    }
    *out = ends[choice];
    free(ends);
    return 1;
}


/* static.end_features: the static evaluator's features of the end ``e``, with
   unseen[k] the cards of class k still to come (see puzzlegen/catscradle/static.py,
   the specification: the same whole numbers). */
static void static_features(const Stacks *e, const int *unseen, int64_t *f) {
    int top[CELLS];
    unsigned topmask[CLASSES] = {0};
    unsigned space = 0, single = 0, rest = 0;
    int tall = 0;
    for (int i = 0; i < CELLS; i++) {
        int h = e->height[i];
        if (h) {
            int t = e->cards[i][h - 1] >> 1;
            top[i] = t;
            topmask[t] |= 1u << i;
            if (h == 1) {
                single |= 1u << i;
            } else {
                rest |= 1u << i;
                if (h >= 3) tall++;
            }
        } else {
            top[i] = -1;
            space |= 1u << i;
        }
    }
    int blocked = 0, split = 0;
    for (int k = 0; k < CLASSES; k++) {
        blocked += __builtin_popcount(topmask[k] & rest) == 2;
        split += __builtin_popcount(topmask[k] & single) == 2;
    }
    int64_t space_moves = 0, space_takes = 0, space_pairs = 0, twice = 0;
    for (int i = 0; i < CELLS; i++) {
        if (!(space >> i & 1u)) continue;
        unsigned seen = sees_mask[i], visible = 0, taken = 0;
        for (int j = 0; j < CELLS; j++) {
            if ((seen >> j & 1u) && top[j] >= 0) {
                visible |= 1u << top[j];
                if (single >> j & 1u) taken |= 1u << class_support(top[j]);
            }
        }
        for (int k = 0; k < CLASSES; k++) {
            if (visible >> k & 1u) space_moves += unseen[STATIC_BELOW[k]];
            if (taken >> k & 1u) space_takes += unseen[k];
            if ((taken >> k & 1u) && (visible >> class_support(k) & 1u)) twice += unseen[k];
        }
        space_pairs += __builtin_popcount(seen & space & ~((2u << i) - 1u));
    }
    int64_t supports_unseen = 0, frozen = 0, fed = 0, transfers = 0, home = 0, in_sight = 0;
    for (int j = 0; j < CELLS; j++) {
        int t = top[j];
        if (t < 0) continue;
        int sup = class_support(t);
        fed += unseen[STATIC_BELOW[t]];
        transfers += __builtin_popcount(topmask[sup] & sees_mask[j]);
        if (!unseen[sup] && !topmask[sup]) frozen++;
        if (single >> j & 1u) {
            supports_unseen += unseen[sup];
            in_sight += unseen[sup] * __builtin_popcount(sees_mask[j] & space);
        }
    }
    int64_t fitting = 0;
    for (int k = 0; k < CLASSES; k++) {
        if (topmask[k]) home += unseen[STATIC_BELOW[k]];
        fitting += (int64_t)unseen[k] * unseen[class_support(k)];
    }
    int central = (1 << 5) | (1 << 6) | (1 << 9) | (1 << 10);
    f[0] = __builtin_popcount(space);
    f[1] = __builtin_popcount(space & (unsigned)central);
    f[2] = __builtin_popcount(single);
    f[3] = __builtin_popcount(single & (unsigned)central);
    f[4] = tall;
    f[5] = blocked;
    f[6] = space_moves;
    f[7] = space_takes;
    f[8] = supports_unseen;
    f[9] = frozen;
    f[10] = fed;
    f[11] = transfers;
    f[12] = home;
    f[13] = space_pairs;
    f[14] = split;
    f[15] = in_sight;
    f[16] = twice;
    f[17] = space_pairs * fitting;
}

/* static.choose_end over ``s`` (full), the cards of ``rest`` used as a set:
   1 with the end in *out, 0 when no end creates a space, -1 if out of memory. */
static int choose_static(const Stacks *s, const uint8_t *rest, int nrest, const Inner *inner,
                         Stacks *out) {
    Graph g;
    graph_from_stacks(&g, s);
    Stacks *ends;
    int most;
    int32_t n = best_ends(&g, inner->slack, &ends, &most);
    if (n <= 0) return n;
    int32_t choice = 0;
    if (n > 1 && most - spaces(&g.start) < nrest) {
        int unseen[CLASSES] = {0};
        for (int k = 0; k < nrest; k++) unseen[rest[k] >> 1]++;
        int64_t best = 0;
        for (int32_t e = 0; e < n; e++) {
            int64_t f[STATIC_FEATURES], score = 0;
            static_features(&ends[e], unseen, f);
            for (int k = 0; k < STATIC_FEATURES; k++) score += inner->weights[k] * f[k];
            if (e == 0 || score > best) {
                best = score;
                choice = e;
            }
        }
    }
    *out = ends[choice];
    free(ends);
    return 1;
}

/* One game from ``s`` (its spaces filled first) with the stock ``order``:
   the cards of the stock left at its end (0: won), -1 if out of memory.
   ``inner`` NULL: the expert plays. */
static int rollout(Stacks s, const uint8_t *order, int n, const Inner *inner) {
    int at = 0;
    for (;;) {
        at += fill_stacks(&s, order + at, n - at);
        if (at >= n) return 0;
        if (inner) {
            Stacks end;
            int found = inner->base == 3 ? choose_static(&s, order + at, n - at, inner, &end)
                                         : choose_next(&s, order + at, n - at, inner, &end);
            if (found < 0) return -1;
            if (!found) return n - at;
            s = end;
            continue;
        }
        int start = stacks_spaces(&s);
        Graph g;
        graph_from_stacks(&g, &s);
        int32_t k = best_state(&g);
        int ok = k >= 0 && spaces(&STORE.states[k]) > start;
        if (ok && stacks_follow(&s, &STORE, k) < 0) k = -1;
        store_end(&STORE);
        if (k < 0) return -1;
        if (!ok) return n - at;
    }
}

static int check_cards(const uint8_t *cards, Py_ssize_t n) {
    for (Py_ssize_t k = 0; k < n; k++) {
        if (cards[k] >= MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError, "a card is an int below 52");
            return -1;
        }
    }
    return 0;
}

static PyObject *rollouts(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer lay, ord, inn;
    Py_ssize_t length, inner_length;
    int base;
    if (!PyArg_ParseTuple(args, "y*y*niy*n:rollouts", &lay, &ord, &length, &base, &inn,
                          &inner_length)) {
        return NULL;
    }
    PyObject *result = NULL;
    Graph g;
    Stacks start;
    Inner inner = {inn.buf, 0, (int)inner_length, base, 0, {0}};
    if (graph_init(&g, lay.buf, lay.len) < 0) goto done;
    if (base < 0 || base > 3) {
        PyErr_SetString(PyExc_ValueError,
                        "base is 0 (expert), 1 (next), 2 (rollout) or 3 (static)");
        goto done;
    }
    if (length < 1 || ord.len % length) {
        PyErr_SetString(PyExc_ValueError, "orders hold whole orders of a length of at least 1");
        goto done;
    }
    Py_ssize_t cards = 0;
    for (int i = 0; i < CELLS; i++) cards += g.start.h[i];
    if (cards + length > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "a layout and an order hold at most 52 cards");
        goto done;
    }
    if (check_cards(ord.buf, ord.len) < 0) goto done;
    if (base == 3) {
        /* The static player: inner holds its slack and weights, signed 32-bit little-endian. */
        if (inner_length != STATIC_FEATURES + 1 || inn.len != 4 * (STATIC_FEATURES + 1)) {
            PyErr_SetString(PyExc_ValueError,
                            "base 3's inner holds the slack and 18 weights, 4 bytes each");
            goto done;
        }
        const uint8_t *w = inn.buf;
        int32_t value[STATIC_FEATURES + 1];
        for (int k = 0; k <= STATIC_FEATURES; k++) {
            value[k] = (int32_t)((uint32_t)w[4 * k] | (uint32_t)w[4 * k + 1] << 8 |
                                 (uint32_t)w[4 * k + 2] << 16 | (uint32_t)w[4 * k + 3] << 24);
        }
        if (value[0] < 0) {
            PyErr_SetString(PyExc_ValueError, "base 3's slack is at least 0");
            goto done;
        }
        inner.slack = value[0];
        for (int k = 0; k < STATIC_FEATURES; k++) inner.weights[k] = value[k + 1];
    } else if (check_cards(inn.buf, inn.len) < 0) {
        goto done;
    } else if (base) {
        if (inner_length < 1 || inner_length > MAX_CARDS || inn.len % inner_length ||
            inn.len / inner_length > MAX_INNER) {
            PyErr_SetString(PyExc_ValueError,
                            "inner holds 1 to 64 whole orders of 1 to 52 cards each");
            goto done;
        }
        inner.count = (int)(inn.len / inner_length);
    }
    stacks_start(&g, &start);
    Py_ssize_t count = ord.len / length;
    result = PyBytes_FromStringAndSize(NULL, count);
    if (!result) goto done;
    char *won = PyBytes_AS_STRING(result);
    for (Py_ssize_t k = 0; k < count; k++) {
        int outcome = rollout(start, (const uint8_t *)ord.buf + k * length, (int)length,
                              base ? &inner : NULL);
        if (outcome < 0) {
            Py_CLEAR(result);
            PyErr_NoMemory();
            goto done;
        }
        won[k] = (char)outcome;
        if (PyErr_CheckSignals() < 0) { /* Ctrl-C between games, not after all of them */
            Py_CLEAR(result);
            goto done;
        }
    }
done:
    PyBuffer_Release(&lay);
    PyBuffer_Release(&ord);
    PyBuffer_Release(&inn);
    return result;
}

/* -- sampled orders: SeededStream's shuffles, in C ----------------------------
 *
 * The strong player samples hundreds of orders of the unseen cards a choice;
 * in Python each shuffle costs more than an expert's rollout.  The stream is
 * puzzlegen.rng.SeededStream rebuilt word for word (../_seeded_stream.h, shared
 * with Pendulum's core); shuffle is Fisher-Yates from the last index down.  A test
 * compares it with SeededStream. */

#include "../_seeded_stream.h"

/* shuffles(domain, seed, cards, count): ``count`` orders, each ``cards`` shuffled
   afresh, in turn, by one SeededStream(domain, seed) (see _pycore.shuffles). */
static PyObject *shuffles(PyObject *self, PyObject *args) {
    (void)self;
    const char *domain, *seed;
    Py_ssize_t ndomain, nseed, count;
    Py_buffer cards;
    if (!PyArg_ParseTuple(args, "s#s#y*n:shuffles", &domain, &ndomain, &seed, &nseed, &cards,
                          &count)) {
        return NULL;
    }
    PyObject *result = NULL;
    uint8_t *prefix = NULL;
    if (count < 0 || cards.len > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "a count of at least 0 and at most 52 cards");
        goto done;
    }
    size_t n = (size_t)ndomain + (size_t)nseed + 2;
    prefix = malloc(n);
    if (!prefix) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(prefix, domain, (size_t)ndomain);
    prefix[ndomain] = 0;
    memcpy(prefix + ndomain + 1, seed, (size_t)nseed);
    prefix[n - 1] = 0;
    Stream st;
    stream_init(&st, prefix, n);
    result = PyBytes_FromStringAndSize(NULL, count * cards.len);
    if (!result) goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
    for (Py_ssize_t k = 0; k < count; k++) {
        uint8_t *order = out + k * cards.len;
        memcpy(order, cards.buf, (size_t)cards.len);
        for (Py_ssize_t i = cards.len - 1; i > 0; i--) {
            uint32_t j = stream_below(&st, (uint32_t)(i + 1));
            uint8_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
done:
    free(prefix);
    PyBuffer_Release(&cards);
    return result;
}

static PyMethodDef methods[] = {
    {"best_path", best_path, METH_O,
     "best_path(layout: bytes) -> bytes: the tidied best line (see _pycore.best_path)."},
    {"_best_path_indexed", best_path_indexed, METH_O,
     "best_path with the store of states that positions met in play do not need (for tests)."},
    {"solve_json", solve_json, METH_O,
     "solve_json(text: str) -> str | None: the solve --json line (see _pycore.solve_json)."},
    {"end_layouts", end_layouts, METH_O,
     "end_layouts(layout: bytes) -> list[bytes]: every end position (see _pycore.end_layouts)."},
    {"solve_game", solve_game, METH_VARARGS,
     "solve_game(layout: bytes, stock: bytes) -> (won, choices, nodes) (see _pycore.solve_game)."},
    {"rollouts", rollouts, METH_VARARGS,
     "rollouts(layout, orders, length, base, inner, inner_length) -> bytes: one game per order "
     "played out by a stock-hidden base player: the stock's cards left at its end, 0 if won "
     "(see _pycore.rollouts)."},
    {"shuffles", shuffles, METH_VARARGS,
     "shuffles(domain, seed, cards, count) -> bytes: count shuffles of cards by one "
     "SeededStream(domain, seed) (see _pycore.shuffles)."},
    {"explore", explore, METH_O,
     "explore(layout: bytes) -> (states, best path, end paths) (see _pycore.explore)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ccore", "The compiled search of one sequence of play.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ccore(void) {
    for (int a = 0; a < CELLS; a++) {
        for (int b = 0; b < CELLS; b++) {
            snprintf(MOVE_CELLS[a][b], sizeof MOVE_CELLS[a][b],
                     "\", \"from\": [%d, %d], \"to\": [%d, %d]}", a / 4, a % 4, b / 4, b % 4);
        }
    }
    for (int c = 0; c <= CLASSES; c++) {
        TOP[c][0] = NEED[c][0] = NO_CLASS;
        for (int h = 1; h < HEIGHTS; h++) {
            TOP[c][h] = (int8_t)(c < CLASSES ? class_below(c, h - 1) : NO_CLASS);
            NEED[c][h] = (int8_t)(c < CLASSES ? class_support(TOP[c][h]) : NO_CLASS);
        }
    }
    for (int d = 0; d < CLASSES; d++) CYCLE[class_below(0, d)] = (uint8_t)d;
    for (int c = 0; c < CLASSES; c++) STATIC_BELOW[class_support(c)] = c;
#if defined(__SSE2__)
    for (int z = 0; z < CLASSES; z++) SPREAD[z] = _mm_set1_epi8((char)z);
#endif
    /* Two cells see each other when a row, a column or a diagonal holds both. */
    for (int a = 0; a < CELLS; a++) {
        sees_mask[a] = 0;
        for (int b = 0; b < CELLS; b++) {
            int ra = a / 4, ca = a % 4, rb = b / 4, cb = b % 4;
            if (a != b && (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb)) {
                sees_mask[a] |= (uint16_t)(1u << b);
            }
        }
    }
    return PyModule_Create(&module);
}
