/* The embedded SPIR-V's unpacking (src/base/inflate.c, src/context/spirv_unpack.c):
 *  - every embedded module unpacks to exactly the bytes glslang and spirv-opt wrote for it
 *    (the .spv files of the build, read from disk: an independent copy);
 *  - DEFLATE's three block kinds, stored, fixed and dynamic (the modules), and streams that
 *    mix them; the CRC-32 check value;
 *  - broken streams, a damaged byte, a wrong size or CRC and a failed allocation fail by
 *    their rules and hand back nothing.
 * Pure CPU: no device. */
#include <stdio.h>
#include <string.h>

#include "base/inflate.h"
#include "context/spirv_unpack.h"
#include "embedded_shaders.h"
#include "test_harness.h"

#ifndef VKSPLIT_TEST_SPIRV_DIR
#    error "VKSPLIT_TEST_SPIRV_DIR: the folder of the build's .spv files (tests/base/CMakeLists.txt)"
#endif

/* 152 bytes ("vksplit: split and join, byte for byte. " x 3, then 32 'a': a back-reference
 * that overlaps its own copy) as zlib deflates them with fixed codes (Z_FIXED). */
static const char message[] = "vksplit: split and join, byte for byte. vksplit: split and join, byte for byte. "
                              "vksplit: split and join, byte for byte. aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
static const uint8_t fixed_stream[] = {0x2b, 0xcb, 0x2e, 0x2e, 0xc8, 0xc9, 0x2c, 0xb1, 0x52, 0x00, 0x53,
                                       0x0a, 0x89, 0x79, 0x29, 0x0a, 0x59, 0xf9, 0x99, 0x79, 0x3a, 0x0a,
                                       0x49, 0x95, 0x25, 0xa9, 0x0a, 0x69, 0xf9, 0x45, 0x60, 0x86, 0x9e,
                                       0x42, 0x19, 0x95, 0xd5, 0x25, 0x12, 0x00, 0x00};
/* 600 'x' and a '!' (Z_FIXED): back-references of the longest length, 258 (code 285). */
static const uint8_t run_stream[] = {0xab, 0xa8, 0x18, 0x05, 0xa3, 0x80, 0xfa, 0x40, 0x11, 0x00};
#define RUN_BYTES 601
#define MESSAGE_BYTES (sizeof message - 1)
#define MESSAGE_CRC32 0x2196d10au

/* A stored block of the message, final or not: 3 header bits, padding, LEN, NLEN, bytes. */
static size_t stored_stream(uint8_t* out, bool final)
{
    out[0] = final ? 1 : 0;
    out[1] = (uint8_t)(MESSAGE_BYTES & 0xff);
    out[2] = (uint8_t)(MESSAGE_BYTES >> 8);
    out[3] = (uint8_t)~out[1];
    out[4] = (uint8_t)~out[2];
    memcpy(out + 5, message, MESSAGE_BYTES);
    return 5 + MESSAGE_BYTES;
}

static void check_block_kinds(void)
{
    uint8_t out[2 * MESSAGE_BYTES + 1], stream[2 * (5 + MESSAGE_BYTES) + sizeof fixed_stream];
    CHECK(vksplit__crc32((const uint8_t*)"123456789", 9) == 0xcbf43926u); /* CRC-32's check value */
    CHECK(vksplit__crc32((const uint8_t*)message, MESSAGE_BYTES) == MESSAGE_CRC32);

    CHECK(vksplit__inflate(fixed_stream, sizeof fixed_stream, out, MESSAGE_BYTES));
    CHECK(memcmp(out, message, MESSAGE_BYTES) == 0);
    uint8_t run[RUN_BYTES];
    CHECK(vksplit__inflate(run_stream, sizeof run_stream, run, RUN_BYTES));
    CHECK(vksplit__crc32(run, RUN_BYTES) == 0xf669d33fu && run[0] == 'x' && run[RUN_BYTES - 1] == '!');
    size_t n = stored_stream(stream, true);
    memset(out, 0, sizeof out);
    CHECK(vksplit__inflate(stream, n, out, MESSAGE_BYTES));
    CHECK(memcmp(out, message, MESSAGE_BYTES) == 0);
    /* A stored block, then a fixed one: the stored block ends on a byte boundary. */
    n = stored_stream(stream, false);
    memcpy(stream + n, fixed_stream, sizeof fixed_stream);
    memset(out, 0, sizeof out);
    CHECK(vksplit__inflate(stream, n + sizeof fixed_stream, out, 2 * MESSAGE_BYTES));
    CHECK(memcmp(out, message, MESSAGE_BYTES) == 0 && memcmp(out + MESSAGE_BYTES, message, MESSAGE_BYTES) == 0);

    /* Exactly the size: one byte short or over fails, as does every cut of the stream. */
    CHECK(!vksplit__inflate(fixed_stream, sizeof fixed_stream, out, MESSAGE_BYTES - 1));
    CHECK(!vksplit__inflate(fixed_stream, sizeof fixed_stream, out, MESSAGE_BYTES + 1));
    for (size_t cut = 0; cut + 1 < sizeof fixed_stream; cut++)
        CHECK_MSG(!vksplit__inflate(fixed_stream, cut, out, MESSAGE_BYTES), "cut at %zu", cut);
    n = stored_stream(stream, true);
    stream[3] ^= 1; /* NLEN no longer LEN's complement */
    CHECK(!vksplit__inflate(stream, n, out, MESSAGE_BYTES));
    static const uint8_t reserved[] = {0x07, 0x00, 0x00}; /* final, block type 3 */
    CHECK(!vksplit__inflate(reserved, sizeof reserved, out, MESSAGE_BYTES));
    CHECK(!vksplit__inflate(NULL, 0, out, 1));
}

/* Every module of this build, against its .spv file. */
typedef struct module_file {
    const char* symbol;
    const vksplit__spirv_blob* blob;
} module_file;

#define X_MODULE(addressing, word, atomic, direction, kernel, symbol) {#symbol, &symbol},
static const module_file modules[] = {VKSPLIT_EMBEDDED_MODULES(X_MODULE)};
#undef X_MODULE

static bool read_file(const char* path, uint8_t** data, size_t* size)
{
    FILE* f = fopen(path, "rb");
    if (!f)
        return false;
    fseek(f, 0, SEEK_END);
    long end = ftell(f);
    fseek(f, 0, SEEK_SET);
    *data = end > 0 ? malloc((size_t)end) : NULL;
    *size = *data && fread(*data, 1, (size_t)end, f) == (size_t)end ? (size_t)end : 0;
    fclose(f);
    return *size != 0;
}

static void check_modules(void)
{
    size_t spirv = 0, deflated = 0, dynamic = 0;
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++) {
        const module_file* m = &modules[i];
        const char* name = m->symbol + strlen("vksplit__spv_");
        char path[512];
        snprintf(path, sizeof path, "%s/split_copy_%s.spv", VKSPLIT_TEST_SPIRV_DIR, name);
        uint8_t* want = NULL;
        size_t want_size = 0;
        CHECK_MSG(read_file(path, &want, &want_size), "%s: cannot read", path);
        uint32_t* got = NULL;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit__unpack_spirv(m->blob, name, NULL, &got, &err), &err);
        CHECK_MSG(got && want && m->blob->size == want_size && memcmp(got, want, want_size) == 0,
                  "%s: unpacks to %zu bytes that differ from the %zu of %s", name, m->blob->size, want_size, path);
        CHECK_MSG(got && got[0] == 0x07230203u, "%s: no SPIR-V magic number", name);
        spirv += m->blob->size;
        deflated += m->blob->deflated_size;
        dynamic += m->blob->deflated_size && ((m->blob->deflated[0] >> 1) & 3) == 2;
        free(got);
        free(want);
    }
    CHECK_MSG(dynamic > 0, "no module starts with a dynamic block: that path goes untested");
    printf("%zu modules: %zu bytes of SPIR-V embedded in %zu (%.1f%%), %zu starting with a dynamic block\n",
           sizeof modules / sizeof modules[0], spirv, deflated, 100.0 * (double)deflated / (double)spirv, dynamic);
}

static void* VKAPI_PTR failing_allocation(void* user, size_t size, size_t alignment, VkSystemAllocationScope scope)
{
    (void)user, (void)size, (void)alignment, (void)scope;
    return NULL;
}
static void VKAPI_PTR free_nothing(void* user, void* memory) { (void)user, (void)memory; }

/* A module damaged in its stream, its size or its CRC fails by CONTEXT_SPIRV_DAMAGED. */
static void check_damage(void)
{
    const vksplit__spirv_blob* blob = modules[0].blob;
    uint8_t* copy = malloc(blob->deflated_size);
    CHECK(copy != NULL);
    if (!copy)
        return;
    vksplit_error err;
    uint32_t* got = (uint32_t*)1;
    /* 64 bytes across the stream, each flipped in turn; never its last byte, whose spare
     * padding bits may change without changing the result. */
    for (size_t k = 0; k < 64; k++) {
        size_t at = k * (blob->deflated_size - 1) / 64;
        memcpy(copy, blob->deflated, blob->deflated_size);
        copy[at] ^= 0x10;
        vksplit__spirv_blob damaged = *blob;
        damaged.deflated = copy;
        CHECK_RULE(VKSPLIT_RULE_CONTEXT_SPIRV_DAMAGED, vksplit__unpack_spirv(&damaged, "damaged", NULL, &got, &err),
                   &err);
        CHECK_MSG(got == NULL, "byte %zu flipped: words handed back", at);
    }
    vksplit__spirv_blob wrong = *blob;
    wrong.crc32 ^= 1;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_SPIRV_DAMAGED, vksplit__unpack_spirv(&wrong, "wrong CRC", NULL, &got, &err), &err);
    CHECK(strstr(err.message, "wrong CRC") != NULL);
    wrong = *blob;
    wrong.size += 4;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_SPIRV_DAMAGED, vksplit__unpack_spirv(&wrong, "long", NULL, &got, &err), &err);
    wrong = *blob;
    wrong.deflated_size /= 2;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_SPIRV_DAMAGED, vksplit__unpack_spirv(&wrong, "cut", NULL, &got, &err), &err);
    CHECK(got == NULL);
    VkAllocationCallbacks none = {NULL, failing_allocation, NULL, free_nothing, NULL, NULL};
    got = (uint32_t*)1;
    CHECK_RULE(VKSPLIT_RULE_HOST_ALLOCATION_SPIRV, vksplit__unpack_spirv(blob, "no memory", &none, &got, &err), &err);
    CHECK(got == NULL && strstr(err.message, "no memory") != NULL);
    free(copy);
}

int main(void)
{
    check_block_kinds();
    check_modules();
    check_damage();
    return test_finish(NULL);
}
