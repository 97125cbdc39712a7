/* See check_split.h. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "check_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_plan.h"

void fz_poison(void* memory, size_t bytes) { memset(memory, FZ_POISON_BYTE, bytes); }

void fz_expect_poisoned(const void* memory, size_t bytes, const char* what)
{
    /* memcmp against a poisoned block first: the watched storage can be 512 KiB a run. */
    static unsigned char block[1 << 16];
    if (block[0] != FZ_POISON_BYTE)
        fz_poison(block, sizeof block);
    const unsigned char* p = (const unsigned char*)memory;
    for (size_t done = 0; done < bytes; done += sizeof block) {
        size_t n = bytes - done < sizeof block ? bytes - done : sizeof block;
        if (memcmp(p + done, block, n) == 0)
            continue;
        for (size_t i = done; i < done + n; i++)
            if (p[i] != FZ_POISON_BYTE)
                fz_fail("%s: byte %zu was written (0x%02x)", what, i, p[i]);
    }
}

void fz_trace(vksplit_result result, const vksplit_error* error)
{
    static int enabled = -1;
    if (enabled < 0)
        enabled = getenv("VKSPLIT_FUZZ_TRACE") != NULL;
    if (enabled)
        fprintf(stderr, "%s: %s\n", vksplit_result_name(result), result == VKSPLIT_OK ? "" : error->message);
}

void fz_check_error(vksplit_result result, const vksplit_error* error)
{
    size_t length = strnlen(error->message, sizeof error->message);
    if (result >= 0 || error->code != result || strcmp(vksplit_result_name(result), "VKSPLIT_UNKNOWN_RESULT") == 0)
        fz_fail("result %d with error code %d (%s)", result, error->code, error->message);
    if (length == 0 || length == sizeof error->message || strchr(error->message, '\n'))
        fz_fail("%s: the message is empty, unterminated or not one line: '%.*s'", vksplit_result_name(result),
                (int)length, error->message);
}

void fz_check_split(const vksplit_split_desc* split)
{
    /* Outputs up to VKSPLIT_MAX_OUTPUTS: static, so a run allocates nothing here. */
    static uint64_t output_spans[VKSPLIT_MAX_OUTPUTS], offsets[VKSPLIT_MAX_OUTPUTS];
    vksplit_error error;
    vksplit_result r = vksplit_validate_split(split, &error);
    if (r != VKSPLIT_OK)
        fz_fail("the front-end accepted a split vksplit_validate_split refuses: %s (%s)", error.message,
                vksplit_result_name(r));
    uint64_t input_span = 0;
    r = vksplit_split_spans(split, &input_span, output_spans, &error);
    if (r != VKSPLIT_OK)
        fz_fail("vksplit_split_spans failed on a valid split: %s", error.message);
    vksplit_bool32 aliasable = 0;
    r = vksplit_query_zero_copy(split, &aliasable, offsets, &error);
    if (r != VKSPLIT_OK)
        fz_fail("vksplit_query_zero_copy failed on a valid split: %s", error.message);
    for (uint32_t i = 0; aliasable && i < split->output_count; i++)
        if (output_spans[i] && (offsets[i] > input_span || output_spans[i] > input_span - offsets[i]))
            fz_fail("zero-copy output %u at byte %llu spans %llu bytes, past the input's %llu", i,
                    (unsigned long long)offsets[i], (unsigned long long)output_spans[i],
                    (unsigned long long)input_span);
    fz_check_plan(split, input_span, output_spans);
}

void fz_translation_begin(fz_translation* t, fz_reader* r, uint64_t most, void* storage, size_t storage_bytes)
{
    uint8_t capacity_code = fz_byte(r);
    t->capacity = capacity_code == 0 ? VKSPLIT_MAX_OUTPUTS : capacity_code - 1u;
    t->most = most;
    t->watched = (t->capacity < most ? t->capacity : most) + FZ_GUARD;
    fz_poison_once(t->lengths, sizeof t->lengths, &t->lengths_poisoned);
    fz_poison(storage, storage_bytes);
    fz_poison(&t->out, sizeof t->out);
}

void fz_translation_end(fz_translation* t, vksplit_result result, const uint64_t* sizes, size_t sizes_bytes)
{
    const vksplit_split_desc* out = &t->out;
    fz_trace(result, &t->error);
    if (result != VKSPLIT_OK) {
        fz_check_error(result, &t->error);
        fz_expect_poisoned(sizes, sizes_bytes, "storage.sizes after an error");
        fz_expect_poisoned(t->lengths, t->watched * sizeof t->lengths[0], "storage.lengths after an error");
        fz_expect_poisoned(out, sizeof *out, "*out after an error");
        return;
    }
    if (out->lengths != t->lengths || out->sizes != sizes || out->output_count > t->capacity ||
        out->output_count > t->most)
        fz_fail("the desc does not point into the caller's storage, or has %u outputs for capacity %u and "
                "counts up to %llu",
                out->output_count, t->capacity, (unsigned long long)t->most);
    fz_expect_poisoned(t->lengths + out->output_count, (t->watched - out->output_count) * sizeof t->lengths[0],
                       "storage.lengths past the outputs");
    fz_check_split(out);
    fz_poison(t->lengths, out->output_count * sizeof t->lengths[0]);
}

void fz_poison_once(void* memory, size_t bytes, bool* poisoned)
{
    if (!*poisoned)
        fz_poison(memory, bytes);
    *poisoned = true;
}
