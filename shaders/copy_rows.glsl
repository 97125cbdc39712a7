// ROWS, the copy of rows the GPU places (split_abi.h's MAPPING_ROWS; vksplit.h's vksplit_rows):
// a kernel of its own (its push constants, table and bindings: rows_indices.glsl), included
// alone. A join writes the part's row j of outer index o to the whole's row at place(o, j), a
// split reads it from there; the place is the host's (the table), the GPU's indices' (INDEXED),
// or a list's start plus j (LINEAR; CIRCULAR wraps at C). A workgroup copies one block: a tile
// of columns of ROWS_TBL_BLOCK_ROWS consecutive rows. First its lanes place the block's rows
// together, once each (a division per outer dimension, an index's load), into workgroup memory;
// then each invocation loads ABI_UNROLL words a trip, every address from workgroup memory, then
// stores them: the loads of a trip in flight together (64 bytes), no table or index read
// between them, never a division per word.
//
// The indices are checked before a word moves: by the check pass (rows_check.glsl), whose
// status this reads first, or, with few indices and device addresses (ROWS_FLAG_FUSED), by every
// workgroup itself, workgroup 0 writing the status. A broken rule moves nothing.

#include "rows_indices.glsl"

#include "word_types.glsl" // (words of 1, 2, 4, 8 or 16 bytes here)

// A CPU device's pipelines: each lane copies consecutive words (llvmpipe runs a lane's words
// one after another); a GPU's lanes copy words the workgroup size apart (coalesced).
layout(constant_id = SPEC_LANE_RUNS) const bool LANE_RUNS = false;

// ---- words: the whole's and the part's, by word offset from each one's binding -----------------
#if defined(ADDRESSING_BDA)
#define OFFSET uint64_t
uint64_t read_base() { return JOIN ? pc.part : pc.whole; }
uint64_t write_base() { return JOIN ? pc.whole : pc.part; }
#if ATOMIC_STORES
layout(buffer_reference, std430, buffer_reference_align = 4) buffer RowsAtomicRef { uint v; };
VALUE load_word(OFFSET w)
{
    uint64_t at = read_base() + w * uint64_t(WORD_BYTES);
    return (RowsAtomicRef(at & ~3ul).v >> (uint(at & 3ul) * 8u)) & SMALL_MASK;
}
void store_word(OFFSET w, VALUE v)
{
    uint64_t at = write_base() + w * uint64_t(WORD_BYTES);
    RowsAtomicRef ref = RowsAtomicRef(at & ~3ul);
    uint shift = uint(at & 3ul) * 8u;
    atomicAnd(ref.v, ~(SMALL_MASK << shift));
    atomicOr(ref.v, v << shift);
}
#else
#if WORD_BYTES < 16
#define WORD_ALIGN WORD_BYTES
#else
#define WORD_ALIGN 16
#endif
layout(buffer_reference, std430, buffer_reference_align = WORD_ALIGN) buffer RowsWordRef { STORED w; };
VALUE load_word(OFFSET w) { return VALUE(RowsWordRef(read_base() + w * uint64_t(WORD_BYTES)).w); }
void store_word(OFFSET w, VALUE v) { RowsWordRef(write_base() + w * uint64_t(WORD_BYTES)).w = STORED(v); }
#endif
#else // ADDRESSING_DESC: binding 1 the whole, 2 the part; a module per direction (its accesses as declared)
#define OFFSET uint
#if DIRECTION_JOIN
#define WHOLE_ACCESS WRITTEN
#define PART_ACCESS readonly
#define READ_SIDE part_words.w
#define WRITE_SIDE whole_words.w
uint read_word0() { return pc.part_word; }
uint write_word0() { return pc.whole_word; }
#else
#define WHOLE_ACCESS readonly
#define PART_ACCESS WRITTEN
#define READ_SIDE whole_words.w
#define WRITE_SIDE part_words.w
uint read_word0() { return pc.whole_word; }
uint write_word0() { return pc.part_word; }
#endif
#if ATOMIC_STORES
#define WRITTEN
layout(set = 0, binding = 1, std430) WHOLE_ACCESS buffer RowsWhole { uint w[]; } whole_words;
layout(set = 0, binding = 2, std430) PART_ACCESS buffer RowsPart { uint w[]; } part_words;
VALUE load_word(OFFSET w)
{
    uint at = (read_word0() + w) * WORD_BYTES;
    return (READ_SIDE[at >> 2] >> ((at & 3u) * 8u)) & SMALL_MASK;
}
void store_word(OFFSET w, VALUE v)
{
    uint at = (write_word0() + w) * WORD_BYTES, shift = (at & 3u) * 8u;
    atomicAnd(WRITE_SIDE[at >> 2], ~(SMALL_MASK << shift));
    atomicOr(WRITE_SIDE[at >> 2], v << shift);
}
#else
#define WRITTEN writeonly
layout(set = 0, binding = 1, std430) WHOLE_ACCESS buffer RowsWhole { STORED w[]; } whole_words;
layout(set = 0, binding = 2, std430) PART_ACCESS buffer RowsPart { STORED w[]; } part_words;
VALUE load_word(OFFSET w) { return VALUE(READ_SIDE[read_word0() + w]); }
void store_word(OFFSET w, VALUE v) { WRITE_SIDE[write_word0() + w] = STORED(v); }
#endif
#endif

OFFSET tbl_offset(uint i)
{
#if defined(ADDRESSING_BDA)
    return uint64_t(tbl(i)) | (uint64_t(tbl(i + 1u)) << 32);
#else
    return tbl(i); // the host keeps every offset below 2^31 words here
#endif
}

// Device parameters of one part: the place of its first row and its length, this recording's.
uint g_device_start = 0u, g_device_length = 0u;

// A CPU device's lanes read the table's words a row needs once, before their rows (llvmpipe pays
// for every access, per lane); a GPU reads them where they are used (uniform loads, cached).
uint h_rows = 0u, h_places = 0u, h_page_rows = 0u, h_host_at = 0u;
OFFSET h_whole_step = OFFSET(0u), h_part_step = OFFSET(0u), h_page_step = OFFSET(0u);
uint h_size[ROWS_MAX_OUTER_DIMS], h_list_stride[ROWS_MAX_OUTER_DIMS];
OFFSET h_whole_stride[ROWS_MAX_OUTER_DIMS], h_part_stride[ROWS_MAX_OUTER_DIMS];
void hoist_table(uint dims)
{
    h_rows = tbl(ROWS_TBL_ROWS);
    h_places = tbl(ROWS_TBL_PLACES);
    h_page_rows = tbl(ROWS_TBL_PAGE_ROWS);
    h_host_at = tbl(ROWS_TBL_HOST_AT);
    h_whole_step = tbl_offset(ROWS_TBL_WHOLE_STEP);
    h_part_step = tbl_offset(ROWS_TBL_PART_STEP);
    h_page_step = tbl_offset(ROWS_TBL_PAGE_STEP);
    for (uint d = 0u; d < dims; d++) {
        uint field = ROWS_TBL_DIMS + d * ROWS_DIM_FIELDS;
        h_size[d] = tbl(field + ROWS_DIM_SIZE);
        h_list_stride[d] = tbl(field + ROWS_DIM_LIST_STRIDE);
        h_whole_stride[d] = tbl_offset(field + ROWS_DIM_WHOLE_STRIDE);
        h_part_stride[d] = tbl_offset(field + ROWS_DIM_PART_STRIDE);
    }
}

// A row of the copy (r = o x L + j) before its place: j, its list, and its outer indices' offsets
// in the whole and the part.
struct RowAt {
    uint j;
    uint list;
    OFFSET whole_at;
    OFFSET part_at;
};
// A CPU device's lane walks consecutive rows: their outer indices, one dimension after another
// as an odometer (next_row), so that a row costs no division there.
uint g_idx[ROWS_MAX_OUTER_DIMS];

RowAt row_at(uint r)
{
    uint rows = LANE_RUNS ? h_rows : tbl(ROWS_TBL_ROWS);
    uint o = r / rows;
    RowAt a = RowAt(r - o * rows, 0u, OFFSET(0u), OFFSET(0u));
    uint dims = rows_outer_dims();
    for (uint d = 0u; d < dims; d++) {
        uint field = ROWS_TBL_DIMS + d * ROWS_DIM_FIELDS;
        uint size = LANE_RUNS ? h_size[d] : tbl(field + ROWS_DIM_SIZE), q = o / size, idx = o - q * size;
        o = q;
        if (LANE_RUNS)
            g_idx[d] = idx;
        a.list += idx * (LANE_RUNS ? h_list_stride[d] : tbl(field + ROWS_DIM_LIST_STRIDE));
        a.whole_at += OFFSET(idx) * (LANE_RUNS ? h_whole_stride[d] : tbl_offset(field + ROWS_DIM_WHOLE_STRIDE));
        a.part_at += OFFSET(idx) * (LANE_RUNS ? h_part_stride[d] : tbl_offset(field + ROWS_DIM_PART_STRIDE));
    }
    return a;
}

// The row after a (LANE_RUNS): j, then the outer indices carried innermost first (the offsets in
// the word type's arithmetic: exact, every true offset below its bound).
void next_row(inout RowAt a)
{
    if (++a.j < h_rows)
        return;
    a.j = 0u;
    uint dims = rows_outer_dims();
    for (uint d = 0u; d < dims; d++) {
        a.list += h_list_stride[d];
        a.whole_at += h_whole_stride[d];
        a.part_at += h_part_stride[d];
        if (++g_idx[d] < h_size[d])
            return;
        g_idx[d] = 0u;
        a.list -= h_size[d] * h_list_stride[d];
        a.whole_at -= OFFSET(h_size[d]) * h_whole_stride[d];
        a.part_at -= OFFSET(h_size[d]) * h_part_stride[d];
    }
}

// Row a's first word in the side read and the side written, and whether it moves (a skipped
// index, or a row past device parameters' length, does not).
bool place_at(uint flags, RowAt a, out OFFSET read_at, out OFFSET write_at)
{
    uint rows = LANE_RUNS ? h_rows : tbl(ROWS_TBL_ROWS), places = LANE_RUNS ? h_places : tbl(ROWS_TBL_PLACES);
    uint j = a.j, list = a.list;
    OFFSET whole_at = a.whole_at, part_at = a.part_at;
    bool host = (flags & ROWS_FLAG_HOST) != 0u;
    uint place;
    if (rows_device_mode(flags) != 0u) { // device parameters: rows [0, length) from the start on
        if (j >= g_device_length)
            return false;
        place = g_device_start + j; // start < C and j < L <= C (a ring), or start + length <= C
        if (place >= places)
            place -= places;
    } else if (rows_mode(flags) == 1u) { // INDEXED: the list's entry j
        uint e = list * rows + j;
        if (host) {
            place = tbl((LANE_RUNS ? h_host_at : tbl(ROWS_TBL_HOST_AT)) + e);
            if (place == ROWS_HOST_SKIP)
                return false;
        } else {
            uvec2 v = index_value(flags, e);
            if (is_negative(v))
                return false; // skipped (the check refused it otherwise)
            place = v.x;
        }
    } else { // LINEAR, CIRCULAR: the list's start, normalized into [0, C)
        uint start = host ? tbl((LANE_RUNS ? h_host_at : tbl(ROWS_TBL_HOST_AT)) + list)
                   : (flags & ROWS_FLAG_FUSED) != 0u ? smem[ROWS_SMEM_STARTS + list]
                                                     : block_get(ROWS_BLOCK_SCRATCH + list);
        place = start + j; // j < L <= C, start < C: below 2^32
        if (place >= places)
            place -= places;
    }
    uint page_rows = LANE_RUNS ? h_page_rows : tbl(ROWS_TBL_PAGE_ROWS);
    if (page_rows != 0u) { // pages: the place's page along their dimension, its row along the axis
        uint page = place / page_rows;
        whole_at += OFFSET(page) * (LANE_RUNS ? h_page_step : tbl_offset(ROWS_TBL_PAGE_STEP));
        place -= page * page_rows;
    }
    whole_at += OFFSET(place) * (LANE_RUNS ? h_whole_step : tbl_offset(ROWS_TBL_WHOLE_STEP));
    part_at += OFFSET(j) * (LANE_RUNS ? h_part_step : tbl_offset(ROWS_TBL_PART_STEP));
    read_at = JOIN ? part_at : whole_at;
    write_at = JOIN ? whole_at : part_at;
    return true;
}

// Row r of the copy: place_at of row_at.
bool place_row(uint flags, uint r, out OFFSET read_at, out OFFSET write_at)
{
    return place_at(flags, row_at(r), read_at, write_at);
}

void rows_main(uint wg)
{
    uint flags = rows_flags(), dmode = rows_device_mode(flags);
    if (dmode != 0u) { // device parameters of one part
#if ROWS_WRITES_BLOCK
        if ((flags & ROWS_FLAG_FUSED) != 0u) { // every workgroup checks the three words itself
            uvec3 values;
            uint rule = device_verdict(dmode, values, g_device_start, g_device_length);
            if (wg == 0u && gl_LocalInvocationID.x == 0u)
                write_device_status(rule, values);
            if (rule != 0u)
                return;
        } else
#endif
        { // the check pass wrote them (the length 0 when a rule is broken)
            g_device_length = block_get(BLOCK_USED_LENGTH(1u, 0u));
            g_device_start = block_get(BLOCK_USED_OFFSET(1u, 0u));
        }
    } else
#if ROWS_WRITES_BLOCK
    if ((flags & ROWS_FLAG_FUSED) != 0u) { // few GPU indices: every workgroup checks them all
        uint status[6];
        uint rule = rows_verdict(true, status);
        if (wg == 0u && gl_LocalInvocationID.x == 0u)
            write_status(status);
        if (rule != 0u)
            return;
    } else
#endif
    if ((flags & ROWS_FLAG_HOST) == 0u && block_get(ROWS_BLOCK_STATUS) != 0u) {
        return; // the check pass found a broken rule: nothing moves
    }
    uint col_tiles = tbl(ROWS_TBL_COL_TILES), block_rows = tbl(ROWS_TBL_BLOCK_ROWS);
    uint total = tbl(ROWS_TBL_TOTAL_ROWS), row_words = tbl(ROWS_TBL_ROW_WORDS);
    uint cols_log2 = tbl(ROWS_TBL_COLS_LOG2), trips = tbl(ROWS_TBL_TRIPS);
    uint rb = wg / col_tiles, ct = wg - rb * col_tiles;
    uint first_row = rb * block_rows;
    if (first_row >= total)
        return; // the grid's padding
    uint lanes = gl_WorkGroupSize.x, lane = gl_LocalInvocationID.x;
    const uint UNROLL = ABI_UNROLL(WORD_BYTES);
    uint mask = (1u << cols_log2) - 1u, col_base = ct << cols_log2, items = block_rows << cols_log2;
    if (LANE_RUNS) { // a CPU device: each lane its run of the block's items, row by row, each row
        // placed by the lane itself (no workgroup memory and no barrier: llvmpipe pays thousands
        // of instructions a workgroup for them) and its words copied in a tight loop of four
        // loads before four stores (llvmpipe pays per access and per masked lane: 3x the bytes a
        // second of the per-item loop below)
        hoist_table(rows_outer_dims());
        // (the last block's items past the copy's rows: none walked)
        uint live_items = min(total - first_row, block_rows) << cols_log2;
        uint item = lane * trips * UNROLL, last = min(item + trips * UNROLL, live_items);
        RowAt at = row_at(first_row + (item >> cols_log2)); // its rows after it: next_row
        while (item < last) {
            uint sub = item >> cols_log2, col = col_base + (item & mask);
            uint end = min(last, (sub + 1u) << cols_log2);
            OFFSET ra = OFFSET(0u), wa = OFFSET(0u);
            if (col < row_words && place_at(flags, at, ra, wa)) {
                uint n = min(end - item, row_words - col);
                ra += OFFSET(col);
                wa += OFFSET(col);
                uint i = 0u;
                for (; i + 4u <= n; i += 4u) {
                    VALUE a0 = load_word(ra + OFFSET(i)), a1 = load_word(ra + OFFSET(i + 1u));
                    VALUE a2 = load_word(ra + OFFSET(i + 2u)), a3 = load_word(ra + OFFSET(i + 3u));
                    store_word(wa + OFFSET(i), a0);
                    store_word(wa + OFFSET(i + 1u), a1);
                    store_word(wa + OFFSET(i + 2u), a2);
                    store_word(wa + OFFSET(i + 3u), a3);
                }
                for (; i < n; i++)
                    store_word(wa + OFFSET(i), load_word(ra + OFFSET(i)));
            }
            item = end;
            next_row(at);
        }
        return;
    }
    // Every row of the block placed once, the lanes sharing them (a division per outer dimension
    // and a row's index or start: never per word), into workgroup memory.
    for (uint r = lane; r < block_rows; r += lanes) {
        OFFSET read_at = OFFSET(0u), write_at = OFFSET(0u);
        bool live = first_row + r < total && place_row(flags, first_row + r, read_at, write_at);
        uint at = ROWS_ROW_AT(r);
        // A row that does not move reads the read side's first row (where every plan that copies
        // has one) and is marked in its write's high half (no offset reaches 2^63 words).
#if defined(ADDRESSING_BDA)
        uvec2 rd = unpackUint2x32(live ? read_at : OFFSET(0u)), wr = unpackUint2x32(write_at);
        smem[at] = rd.x;
        smem[at + 1u] = rd.y;
        smem[at + 2u] = wr.x;
        smem[at + 3u] = live ? wr.y : ROWS_ROW_SKIP;
#else
        smem[at] = live ? read_at : 0u;
        smem[at + 2u] = write_at;
        smem[at + 3u] = live ? 0u : ROWS_ROW_SKIP;
#endif
    }
    barrier();
    // A GPU: ABI_UNROLL loads a trip, before their stores, the lanes a workgroup apart (coalesced).
    for (uint t = 0u; t < trips; t++) {
        VALUE v[UNROLL];
        // The loads, each within a row of the read side whatever the item (its column held to
        // the row, a row that does not move reading the first): no select or branch between
        // them, so that they are in flight together (NAK waits for every load at a branch), and
        // nothing else kept across them (the stores find their places again).
        // (every row's place read from workgroup memory first, then every load)
        OFFSET from[UNROLL];
        [[unroll]] for (uint u = 0u; u < UNROLL; u++) {
            uint item = (t * UNROLL + u) * lanes + lane;
            uint at = ROWS_ROW_AT(min(item >> cols_log2, block_rows - 1u));
            uint col = min(col_base + (item & mask), row_words - 1u);
#if defined(ADDRESSING_BDA)
            from[u] = packUint2x32(uvec2(smem[at], smem[at + 1u])) + OFFSET(col);
#else
            from[u] = smem[at] + col;
#endif
        }
        [[unroll]] for (uint u = 0u; u < UNROLL; u++)
            v[u] = load_word(from[u]);
        // The stores, of the words that move.
        [[unroll]] for (uint u = 0u; u < UNROLL; u++) {
            uint item = (t * UNROLL + u) * lanes + lane;
            uint at = ROWS_ROW_AT(min(item >> cols_log2, block_rows - 1u)), skip = smem[at + 3u];
            uint col = col_base + (item & mask);
            if (item < items && skip != ROWS_ROW_SKIP && col < row_words) {
#if defined(ADDRESSING_BDA)
                store_word(packUint2x32(uvec2(smem[at + 2u], skip)) + OFFSET(col), v[u]);
#else
                store_word(smem[at + 2u] + col, v[u]);
#endif
            }
        }
    }
}
