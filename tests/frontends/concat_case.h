/* The caller's side of one Concat translation in the rules tests (test_onnx_concat_rules.c,
 * test_openvino_concat_rules.c): the lengths, the storage and *out poisoned before the call;
 * after it, a failure by the rule the case names that wrote none of them, or a success that
 * points into the storage, holds the case's output sizes and lengths, writes no length past
 * its inputs, and is a join vksplit_validate_join accepts. */
#ifndef VKSPLIT_TESTS_CONCAT_CASE_H
#define VKSPLIT_TESTS_CONCAT_CASE_H

#include "frontend_support.h"

#define CONCAT_MAXIN 4 /* inputs of a case */
#define CONCAT_SENTINEL 0x5a5a5a5a5a5a5a5aull
#define CONCAT_STORAGE_BYTES 128u /* at least either front-end's storage struct */

typedef struct concat_call {
    uint64_t lengths[CONCAT_MAXIN]; /* the storage's, all CONCAT_SENTINEL before */
    vksplit_join_desc out, out_before;
    vksplit_error err;
    const void* storage;
    size_t storage_bytes;
    unsigned char storage_before[CONCAT_STORAGE_BYTES];
} concat_call;

/* What a case expects: a rule (VKSPLIT_RULE_NONE: accepted) and the values a message shows,
 * or the join. */
typedef struct concat_want {
    vksplit_rule rule;
    const char* shows;
    uint32_t count, rank, axis, element_size;
    const uint64_t* sizes;   /* [rank] */
    const uint64_t* lengths; /* [count] */
} concat_want;

/* Short forms for the rows of the two tests' tables (whose cases have the same fields), with
 * no braces of their own (as DIMS). */
#define ODD_RANK(input, r) .odd = (input), .odd_rank_given = 1, .odd_rank = (r)
#define ODD_TYPE(input, t) .odd = (input), .odd_type_given = 1, .odd_type = (t)
#define JOINED(axis, sizes, lengths) .want_axis = (axis), .want_sizes = sizes, .want_lengths = lengths
#define REFUSED(id, message) .rule = (id), .shows = (message)

/* For either test's case struct (the fields have the same names): input i's value of a field
 * that every input shares but the odd one, and what the case expects of a translation whose
 * elements are element_size bytes. */
#define CONCAT_ODD(c, i, given, odd_value, value) ((c)->odd == (i) + 1 && (c)->given ? (c)->odd_value : (value))
#define CONCAT_WANT(c, element_size)                                                                   \
    {                                                                                                  \
        (c)->rule, (c)->shows, (c)->count, (c)->rank, (c)->want_axis, (element_size), (c)->want_sizes, \
            (c)->want_lengths                                                                          \
    }

/* Before the call: storage (the front-end's struct, storage_bytes) filled with the
 * sentinel's bytes, then its lengths pointed at c->lengths with capacity CONCAT_MAXIN, and
 * what must stay as it is on a failure copied. */
static inline void concat_begin(concat_call* c, void* storage, size_t storage_bytes, uint64_t** lengths,
                                uint32_t* capacity)
{
    for (int i = 0; i < CONCAT_MAXIN; i++)
        c->lengths[i] = CONCAT_SENTINEL;
    memset(storage, 0x5a, storage_bytes);
    memset(&c->out, 0xab, sizeof c->out);
    c->out_before = c->out;
    memset(&c->err, 0, sizeof c->err);
    c->storage = storage;
    c->storage_bytes = storage_bytes < CONCAT_STORAGE_BYTES ? storage_bytes : CONCAT_STORAGE_BYTES;
    *lengths = c->lengths;
    *capacity = CONCAT_MAXIN;
    memcpy(c->storage_before, c->storage, c->storage_bytes);
}

static inline void concat_end(const char* name, const concat_call* c, vksplit_result r, const uint64_t* storage_sizes,
                              const concat_want* want)
{
    test_expect_rule(name, r, &c->err, want->rule, want->shows);
    if (r != VKSPLIT_OK) {
        CHECK_MSG(memcmp(&c->out, &c->out_before, sizeof c->out) == 0, "%s: *out written on error", name);
        CHECK_MSG(c->err.code == r && c->err.message[0] && !strchr(c->err.message, '\n'), "%s: error not filled", name);
        CHECK_MSG(memcmp(c->storage, c->storage_before, c->storage_bytes) == 0 && c->lengths[0] == CONCAT_SENTINEL,
                  "%s: storage written on error", name);
        return;
    }
    const vksplit_join_desc* d = &c->out;
    CHECK_MSG(d->axis == want->axis && d->input_count == want->count && d->rank == want->rank,
              "%s: axis %u, %u inputs, rank %u", name, d->axis, d->input_count, d->rank);
    for (uint32_t k = 0; k < want->rank && k < d->rank; k++)
        CHECK_MSG(d->sizes[k] == want->sizes[k], "%s: sizes[%u] = %llu, expected %llu", name, k,
                  (unsigned long long)d->sizes[k], (unsigned long long)want->sizes[k]);
    for (uint32_t i = 0; i < CONCAT_MAXIN; i++)
        CHECK_MSG(c->lengths[i] == (i < want->count ? want->lengths[i] : CONCAT_SENTINEL), "%s: lengths[%u] = %llu",
                  name, i, (unsigned long long)c->lengths[i]);
    CHECK_MSG(d->lengths == c->lengths && d->sizes == storage_sizes && !d->output_strides && !d->input_strides &&
                  d->base_alignment == 0,
              "%s: the join does not point into the storage, or is not packed", name);
    CHECK_MSG(d->element_size == want->element_size, "%s: element_size %u, expected %u", name, d->element_size,
              want->element_size);
    vksplit_error canonical;
    CHECK_MSG(vksplit_validate_join(d, &canonical) == VKSPLIT_OK, "%s: the canonical join refuses it: %s", name,
              canonical.message);
}

#endif /* VKSPLIT_TESTS_CONCAT_CASE_H */
