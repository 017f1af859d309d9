/* puzzlegen.rng.SeededStream in C, shared by the compiled cores that draw from it
 * (catscradle/_ccore.c, pendulum/_ccore.c): each includes this file once.
 *
 * Block n of a stream is SHA-256(prefix + decimal n), prefix being
 * "domain\0seed\0" (rng.py's stream_prefix), read as eight big-endian 32-bit
 * words used in order; below(k) rejects words >= 2**32 - 2**32 % k.  SHA-256 is
 * written out here (FIPS 180-4) so the cores need no library; the tests compare
 * the words with hashlib's through SeededStream, in each core.
 *
 * Needs <stdint.h>, <stdio.h> and <string.h> before it. */
#ifndef PUZZLEGEN_SEEDED_STREAM_H
#define PUZZLEGEN_SEEDED_STREAM_H

typedef struct {
    uint32_t h[8];
    uint8_t buf[64];
    uint32_t nbuf;
    uint64_t len; /* bytes hashed so far */
} Sha;

static const uint32_t SHA_K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha_init(Sha *s) {
    static const uint32_t H0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, H0, sizeof H0);
    s->nbuf = 0;
    s->len = 0;
}

static void sha_block(uint32_t h[8], const uint8_t *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) +
                      SHA_K[i] + w[i];
        uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += k;
}

static void sha_update(Sha *s, const uint8_t *data, size_t n) {
    s->len += n;
    while (n) {
        size_t take = 64 - s->nbuf;
        if (take > n) take = n;
        memcpy(s->buf + s->nbuf, data, take);
        s->nbuf += (uint32_t)take;
        data += take;
        n -= take;
        if (s->nbuf == 64) {
            sha_block(s->h, s->buf);
            s->nbuf = 0;
        }
    }
}

/* The digest as eight 32-bit words, read big-endian: the state words themselves. */
static void sha_final(Sha *s, uint32_t out[8]) {
    uint64_t bits = s->len * 8;
    uint8_t pad = 0x80;
    sha_update(s, &pad, 1);
    pad = 0;
    while (s->nbuf != 56) sha_update(s, &pad, 1);
    uint8_t lenb[8];
    for (int i = 0; i < 8; i++) lenb[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha_update(s, lenb, 8);
    memcpy(out, s->h, 8 * sizeof(uint32_t));
}

typedef struct {
    Sha prefix; /* the hash state after the prefix, copied for each block */
    uint32_t words[8];
    int next;   /* the next word of words to hand out; 8: none left */
    uint64_t block;
} Stream;

static void stream_init(Stream *st, const uint8_t *prefix, size_t n) {
    sha_init(&st->prefix);
    sha_update(&st->prefix, prefix, n);
    st->next = 8;
    st->block = 0;
}

static uint32_t stream_word(Stream *st) {
    if (st->next == 8) {
        char num[24];
        int len = snprintf(num, sizeof num, "%llu", (unsigned long long)st->block);
        Sha s = st->prefix;
        sha_update(&s, (const uint8_t *)num, (size_t)len);
        sha_final(&s, st->words);
        st->block++;
        st->next = 0;
    }
    return st->words[st->next++];
}

/* rng.py: SeededStream.below, for 1 <= k <= MAXM. */
static uint32_t stream_below(Stream *st, uint32_t k) {
    uint64_t limit = 4294967296ULL - (4294967296ULL % k);
    for (;;) {
        uint32_t w = stream_word(st);
        if (w < limit) return w % k;
    }
}


#endif /* PUZZLEGEN_SEEDED_STREAM_H */
