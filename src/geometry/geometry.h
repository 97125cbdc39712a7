/* The planner's shared vocabulary, below the planner and its mappings: the device's caps as
 * the planner sees them, the geometry of a split (segments of rows along row dimensions), the
 * shader's loop budget, and the few operations every step uses (src/geometry/geometry.c). The planner
 * (src/geometry/planner.c) and each mapping (src/geometry/mapping_*.c) work on these and never call each other
 * back. */
#ifndef VKSPLIT_GEOMETRY_H
#define VKSPLIT_GEOMETRY_H

#include "rules/request.h"

/* What the planner needs to know about the device and the context's tuning. */
typedef struct vksplit__planner_caps {
    uint32_t max_word_bytes;        /* the widest word: the shader variants' and the tuning's */
    vksplit_bool32 bda;             /* binding addresses need min(word, 16) alignment, else word */
    vksplit_mapping mapping;        /* as tuned: RUNS, TILES, TRANSPOSE, DEINTERLEAVE or BY_SHAPE */
    uint32_t workgroup_size;        /* every mapping's but TRANSPOSE's (TRANSPOSE_WORKGROUP) */
    uint32_t invocation_bytes;      /* bytes one invocation aims to copy: RUNS its run, TILES,
                                    * TRANSPOSE16, DEINTERLEAVE, DEVICE and ROWS their trips of 64 bytes */
    uint32_t min_workgroups;        /* small splits: shorter runs (RUNS), fewer trips (the GPU mappings) until
                                    * this many workgroups exist */
    uint32_t band_bytes;            /* TILES with two segments or more and one dispatch (device
                                    * addresses): input bytes per band; 0: no bands */
    uint32_t one_dispatch_bytes;    /* device parameters of one part: at most this many bytes run in one dispatch */
    uint32_t segments_per_dispatch; /* UINT32_MAX with device addresses; the descriptor path's output slots */
    uint32_t shared_bytes;          /* workgroup memory DEINTERLEAVE may stage rows in */
    vksplit_bool32 one_load_path;   /* vksplit_tuning.load_paths ONE: the kernels' SPEC_ONE_LOAD_PATH */
    vksplit_bool32
        select_places; /* the device's vendor's 32-bit multiplies are several instructions: SPEC_SELECT_PLACES */
} vksplit__planner_caps;

/* One row dimension of one segment, in words: its stride in the whole and in the part. Which
 * of the two the copy reads and which it writes is the direction's: vksplit__read_stride and
 * vksplit__write_stride below turn them round, the one place that does. */
typedef struct vksplit__row_dim {
    uint64_t size;
    uint64_t whole_stride;
    uint64_t part_stride;
} vksplit__row_dim;

/* One non-empty part (a split's output, a join's input): rows of chunk_words contiguous words.
 * A unit is one invocation (RUNS) or one workgroup (the other mappings); shaders/split_abi.h
 * says what each copies. */
typedef struct vksplit__segment {
    uint32_t part_index;  /* the part it copies */
    uint64_t chunk_words; /* DEINTERLEAVE: chunk, base and strides in uint32 words */
    uint64_t rows;
    uint64_t base_words;      /* the part's first element in the whole: the read side's offset for a
                           * split, the write side's for a join (vksplit__read_base) */
    uint64_t units;           /* per band */
    uint64_t first_workgroup; /* prefix over segments (per band) */
    /* RUNS */
    uint32_t pieces; /* per row; > 1 only when rows_per_unit == 1 */
    uint32_t piece_words;
    uint32_t rows_per_unit;
    uint32_t row_magic; /* DEINTERLEAVE: ceil(2^32 / chunk_words), 0 for 1 */
    /* TILES */
    uint64_t line_tiles; /* units per line */
    uint64_t tiles;      /* units in all (units is per band) */
    /* TRANSPOSE */
    uint64_t tiles_a, tiles_b;
    /* DEINTERLEAVE */
    uint32_t row_offset_uints; /* the chunk's first uint32 within an input row */
    /* DEVICE (device parameters: chunk_words is the capacity's, held to the whole's) */
    uint32_t row_tiles; /* tiles per row of the capacity's chunk */
} vksplit__segment;

typedef struct vksplit__geometry {
    vksplit__direction direction; /* the base lies on the whole's side, read or written */
    uint32_t word_bytes;
    /* What chunk_words, base_words and the strides count: words of this many bytes.
     * word_bytes, except DEINTERLEAVE's 4 (its word is the width of its loads and stores,
     * not of a chunk). */
    uint32_t count_bytes;
    vksplit_mapping mapping;        /* what this plan runs: never BY_SHAPE; DEFAULT for device parameters */
    uint32_t kernel;                /* the shader's kernel (split_abi.h MAPPING_*): the mapping's, or
                                    * for TILES the realigned (4- and 8-byte words) or the wide one */
    uint32_t workgroup_size;        /* of that mapping's pipeline */
    uint32_t trips;                 /* TILES: trips per invocation (PC_*_TRIPS) */
    vksplit_bool32 aligned16;       /* TRANSPOSE16, and the realigned TILES where the split promises
                                    * 16-byte aligned bindings: the plan asks for them (FLAG_ALIGNED) */
    uint32_t row_dims;              /* per segment; dimension order is the mapping's (see split_abi.h) */
    vksplit_bool32 rows_contiguous; /* chunks are contiguous in every tensor: vkCmdCopyBuffer can do it */
    uint32_t segment_count;
    vksplit__segment* segments; /* [segment_count] */
    vksplit__row_dim* dims;     /* [segment_count * row_dims] */
    uint64_t bands;             /* 1: no bands */
    uint64_t band_workgroups;   /* workgroups of one band: the prefix's total */
    uint64_t total_workgroups;  /* bands * band_workgroups */
    uint64_t busy_workgroups;   /* of those, the ones that copy at least one word */
    uint64_t equal_units;       /* units of every segment (per band) when equal, else 0 */
    uint32_t tile_rows;         /* DEINTERLEAVE: input rows per workgroup */
    uint32_t row_uints;         /* DEINTERLEAVE: uint32 words of an input row */
    uint64_t bytes_written;
    /* Device parameters (MAPPING_DEVICE, src/geometry/mapping_device.c): words of one step along
     * the axis, and [capacity_count] capacities along the axis for the table: every part's
     * (past 32 bits saturated), then the whole's. */
    uint32_t step_words;
    uint32_t capacity_count;
    uint32_t* capacities;
    /* The plan's own account (src/geometry/traffic.c). */
    uint32_t bytes_in_flight;  /* loaded per invocation before its stores, per trip */
    uint32_t invocation_bytes; /* copied by one invocation, at most */
    uint64_t sectors_read;     /* 32-byte input sectors its workgroups fetch */
} vksplit__geometry;

/* Where a segment's base offsets the copy: the read side (a split's whole) or the write side
 * (a join's whole); the other side starts at its part's binding. */
static inline uint64_t vksplit__read_base(const vksplit__geometry* g, const vksplit__segment* seg)
{
    return vksplit__writes_whole(g->direction) ? 0 : seg->base_words;
}
static inline uint64_t vksplit__write_base(const vksplit__geometry* g, const vksplit__segment* seg)
{
    return vksplit__writes_whole(g->direction) ? seg->base_words : 0;
}

/* A row dimension's stride on the side the copy reads (a split's whole, a join's part) and on
 * the side it writes: what coalescing, the mappings' choices and the shader's table are about. */
static inline uint64_t vksplit__read_stride(const vksplit__geometry* g, const vksplit__row_dim* dim)
{
    return vksplit__writes_whole(g->direction) ? dim->part_stride : dim->whole_stride;
}
static inline uint64_t vksplit__write_stride(const vksplit__geometry* g, const vksplit__row_dim* dim)
{
    return vksplit__writes_whole(g->direction) ? dim->whole_stride : dim->part_stride;
}

/* Loop trips one invocation of the shader makes at most; the planner keeps it <= this,
 * four times under llvmpipe's silent 65535-iteration limit per 8-lane batch. */
#define VKSPLIT_LOOP_BUDGET 16384u
/* Loop trips the shader spends outside the copy: segment search (<= 17), row placement
 * (<= 8 dimensions) and the loops' exits. */
#define VKSPLIT_FIXED_TRIPS 64u

/* Moves row dimension `from` to position `to` of every segment (or of segment s), the others
 * keeping their order. */
void vksplit__move_row_dim(vksplit__geometry* g, uint32_t from, uint32_t to);
void vksplit__move_segment_row_dim(vksplit__geometry* g, uint32_t s, uint32_t from, uint32_t to);

/* Words one invocation of RUNS copies at most: four per trip within the loop budget. */
#define VKSPLIT_MAX_INVOCATION_WORDS (4u * (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS))

/* A unit of work copies a piece of one row: the segment's rows cut into balanced pieces of at
 * most `most` words (RUNS). */
void vksplit__cut_rows(vksplit__segment* seg, uint64_t most);
/* A unit of work copies `rows` whole rows. */
void vksplit__gather_rows(vksplit__segment* seg, uint64_t rows);

#endif /* VKSPLIT_GEOMETRY_H */
