/* The peer bench (README.md beside this file): ggml-vulkan and vksplit in one process on one
 * Vulkan device, the same shapes and bytes, interleaved. This header is what its files share:
 * the case table (peer_cases.c), the host's bytes and reference, and the two sides
 * (peer_ggml_side.c, peer_vksplit_side.c), each of which the harness (harness.c) drives the
 * same way: create, rounds of runs, read back, destroy. */
#ifndef PEER_H
#define PEER_H

#include <stdint.h>

#define PEER_MAX_RANK 4 /* ggml's */
#define PEER_MAX_PARTS 32
#define PEER_GUARD 0xA5u /* the written side's bytes before the first run, where nothing else is there */

/* What vksplit runs. */
typedef enum peer_op {
    PEER_JOIN,      /* the parts into the whole along the axis: one vksplit join */
    PEER_SPLIT,     /* the whole into the parts: one vksplit split */
    PEER_KV_APPEND, /* one part (the token) into the whole (the cache) at a position the GPU writes: a join with
                       device parameters (GIVEN); converting where the types differ */
    PEER_ROWS_JOIN, /* the part's rows scattered into the whole at places indices give (vksplit_plan_options.rows,
                       a join) */
    PEER_ROWS_SPLIT /* the part's rows gathered from places of the whole (vksplit_plan_options.rows, a split) */
} peer_op;

/* How a rows case's indices are drawn for run k (the same values on both sides, and in the
 * host's reference); C is the whole's places along the axis, L the part's rows. */
typedef enum peer_places {
    PEER_PLACES_STEP,     /* LINEAR: list i's start (k + 61 i) % (C - L + 1): a decode step's position, each list
                             (batch element) its own */
    PEER_PLACES_DISTINCT, /* INDEXED: (a + j s) % C, a and s (prime to C) drawn per run: distinct places, as a
                             scatter must have them */
    PEER_PLACES_ANY,      /* INDEXED: a hash of (k, list, j) % C: repeats allowed (a gather) */
    PEER_PLACES_TOPK      /* INDEXED: ((a + j s) % L) / (L / C): each place L / C times (a mixture of experts'
                             order, each token once per expert it goes to) */
} peer_places;

/* What ggml runs for it: its own idiom for the same bytes. */
typedef enum peer_idiom {
    PEER_GGML_CONCAT,            /* ggml_concat: exactly 2 inputs */
    PEER_GGML_CONCAT_CHAIN,      /* N - 1 ggml_concat, each on the last one's result */
    PEER_GGML_CPY_VIEWS,         /* N ggml_cpy, each into a view of one output (a join), or from a view of
                                    the input into each output (a split); converting where the types differ */
    PEER_GGML_VIEW_CONT,         /* a ggml_view_4d and a ggml_cont per output */
    PEER_GGML_SET_ROWS,          /* ggml_set_rows(whole, part, idx): the whole as [row, C, outer...], idx I64 or
                                    I32 [L, lists...] on the GPU, broadcast where a list serves a dimension;
                                    converting where the types differ (float32 parts into float16, q8_0) */
    PEER_GGML_SET_ROWS_ELEMENTS, /* llama.cpp's transposed V cache: ggml_set_rows on the whole reshaped as rows of
                                    one element, one I64 index per element written (outer x C + place) */
    PEER_GGML_GET_ROWS           /* ggml_get_rows(whole, idx): idx I32 [L, lists...]; its result (F32) the part */
} peer_idiom;

/* One row of the table: a new case of an existing kind is one more row. A pending row needs only
 * its name, `pending` and the texts; what else it holds is the shape it will run. */
typedef struct peer_case {
    const char* name;
    /* Non-NULL for a case waiting on vksplit: what its API lacks. The harness lists it and
     * refuses to run it; run.sh says it is skipped. */
    const char* pending;
    peer_op op;
    peer_idiom idiom;
    uint32_t element_size; /* 4: float32, 2: float16 (the types ggml is told; vksplit sees widths) */
    /* A copy that converts (PEER_JOIN, PEER_SPLIT with PEER_GGML_CPY_VIEWS): the parts' element size
     * where it is not the whole's (element_size: the whole's), float32 <-> float16: ggml_cpy converts,
     * vksplit's plan takes vksplit_plan_options.convert. 0: the whole's (a byte copy). */
    uint32_t parts_element_size;
    /* 0: the whole's type is element_size's (float32, float16). VKSPLIT_TYPE_Q8_0 (6): ggml's q8_0,
     * 34-byte blocks of 32 elements (element_size 0, the last dimension a multiple of 32), written
     * by a converting rows join from float32 parts (ggml's SET_ROWS into a q8_0 cache). */
    uint32_t whole_type;
    uint32_t rank;
    uint64_t sizes[PEER_MAX_RANK]; /* the whole's, outermost first: vksplit's order (ggml's ne reversed) */
    uint32_t axis;
    uint32_t parts;
    /* Each part's length along the axis, or all 0: sizes[axis] / parts each. PEER_KV_APPEND: the
     * token's (1), placed at step % sizes[axis] at the step-th run. */
    uint64_t lengths[PEER_MAX_PARTS];
    uint32_t reps; /* runs of each side per round */
    /* PEER_KV_APPEND and rows: vksplit's position (indices) written from the host before each run,
     * inside its wall time, as ggml's are (ggml_backend_tensor_set), rather than by its GPU pass
     * in the run's command buffer. */
    int from_host;
    /* PEER_ROWS_*: the part has lengths[0] rows (L), the whole sizes[axis] places (C). */
    uint32_t rows_mode;   /* vksplit_rows_mode: 1 INDEXED, 2 LINEAR, 3 CIRCULAR */
    uint32_t index_bytes; /* 8 (int64) or 4 (int32), on both sides */
    uint32_t list_dims;   /* vksplit_rows.list_dims: bit d, one list per index of dimension d < axis */
    peer_places places;
    const char* ggml_text;
    const char* vksplit_text;
} peer_case;

extern const peer_case peer_cases[];
extern const uint32_t peer_case_count;
const peer_case* peer_case_find(const char* name);

/* The bytes of a case on the host: the whole packed, the parts packed one after another. */
typedef struct peer_layout {
    const peer_case* c;
    uint64_t lengths[PEER_MAX_PARTS];
    uint64_t outer;          /* the product of the sizes before the axis */
    uint64_t row_elements;   /* the product of the sizes after the axis */
    uint64_t row_bytes;      /* one position along the axis: its row_elements of the whole's type */
    uint64_t part_row_bytes; /* the same in a part: the parts' element size x row_elements */
    uint64_t whole_bytes;
    uint64_t part_offset[PEER_MAX_PARTS], part_bytes[PEER_MAX_PARTS], parts_bytes;
    uint64_t moved_bytes; /* what one run writes */
    /* Rows: the lists (product of the listed dimensions' sizes) and the indices of one run
     * (lists x L for INDEXED, lists otherwise), in vksplit's form. */
    uint64_t lists, index_count;
} peer_layout;

int peer_layout_init(const peer_case* c, peer_layout* l);
/* The read side random (finite normal floats of the case's width, so that a side that copies
 * through float registers cannot differ for that reason; where the copy converts, float32 values
 * float16 holds as normal numbers, |x| in [2^-8, 16), their 23 bits of significand random, so that
 * both sides round), the written side PEER_GUARD (a KV cache: random too). */
void peer_fill(const peer_layout* l, uint64_t seed, uint8_t* whole, uint8_t* parts);
/* What the written side holds after `runs` runs, from the bytes peer_fill wrote (in place). */
void peer_reference(const peer_layout* l, uint64_t runs, uint8_t* whole, uint8_t* parts);
/* PEER_JOIN, PEER_KV_APPEND and PEER_ROWS_JOIN write the whole, the splits the parts. */
int peer_writes_whole(const peer_case* c);
int peer_is_rows(const peer_case* c);
/* The parts' element size (parts_element_size, or the whole's), and whether the copy converts. */
uint32_t peer_parts_size(const peer_case* c);
int peer_converts(const peer_case* c);
/* The whole's and the parts' types as vksplit_type values (FLOAT32 1, FLOAT16 2, Q8_0 6), and a
 * type's name ("float32", "float16", "q8_0"). */
uint32_t peer_whole_type(const peer_case* c);
uint32_t peer_parts_type(const peer_case* c);
const char* peer_type_name(uint32_t type);
/* Rows: run k's indices, index_count of them, in vksplit's form (one start per list for LINEAR). */
void peer_indices(const peer_layout* l, uint64_t k, int64_t* out);
/* Rows: the runs after which peer_indices repeats (PEER_PLACES_STEP: C - L + 1), 0 for none. A
 * GPU pass that writes the indices holds one period of them (a case without one takes its
 * indices from the host). */
uint64_t peer_period(const peer_layout* l);

/* One round of one side: `reps` runs, the mean time of one. gpu_s < 0: not measured. */
typedef struct peer_round {
    double wall_s;
    double gpu_s;
} peer_round;

/* ggml-vulkan's side (peer_ggml_side.c). gpu: this process's ggml was started with
 * GGML_VK_PERF_LOGGER=1, and each round reads its timings back. */
typedef struct peer_ggml peer_ggml;
int peer_ggml_create(const peer_layout* l, const char* device_name, int gpu, const uint8_t* whole, const uint8_t* parts,
                     peer_ggml** out);
int peer_ggml_round(peer_ggml* g, uint32_t reps, peer_round* r);
int peer_ggml_read(peer_ggml* g, uint8_t* whole, uint8_t* parts);
const char* peer_ggml_device(const peer_ggml* g);
void peer_ggml_destroy(peer_ggml* g);

/* vksplit's side (peer_vksplit_side.c): its runner on the device at device_index (-1: the
 * runner's default), its plans on `path` (vksplit_path: 0 AUTO, what an engine gets; 1 COMPUTE;
 * 2 TRANSFER). gpu: timestamps around its commands. */
typedef struct peer_vksplit peer_vksplit;
int peer_vksplit_create(const peer_layout* l, int device_index, uint32_t path, int gpu, const uint8_t* whole,
                        const uint8_t* parts, peer_vksplit** out);
int peer_vksplit_round(peer_vksplit* v, uint32_t reps, peer_round* r);
int peer_vksplit_read(peer_vksplit* v, uint8_t* whole, uint8_t* parts);
const char* peer_vksplit_device(const peer_vksplit* v);
uint32_t peer_vksplit_device_index(const peer_vksplit* v);
const char* peer_vksplit_plan(const peer_vksplit* v);
void peer_vksplit_destroy(peer_vksplit* v);

double peer_now(void);

#endif
