/* The CLI's .npy reader and writer on hand-made files: what numpy writes is read back, what
 * vksplit must refuse is refused with NPY_INVALID and a message. No device. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#if defined(__GNUC__) || defined(__clang__)
#endif
#include "npy.h"
#include "test_harness.h"

/* A file with the given header text (padded as numpy pads it) and `data_bytes` bytes. */
static size_t make_file(unsigned char* out, size_t capacity, unsigned major, const char* dict, size_t data_bytes)
{
    size_t prefix = major == 1 ? 10 : 12, text = strlen(dict) + 1;
    size_t total = (prefix + text + 63) / 64 * 64;
    size_t header = total - prefix;
    CHECK(total + data_bytes <= capacity);
    memcpy(out, "\x93NUMPY", 6);
    out[6] = (unsigned char)major;
    out[7] = 0;
    for (size_t i = 0; i < prefix - 8; i++)
        out[8 + i] = (unsigned char)(header >> (8 * i));
    memcpy(out + prefix, dict, text - 1);
    memset(out + prefix + text - 1, ' ', header - text);
    out[total - 1] = '\n';
    for (size_t i = 0; i < data_bytes; i++)
        out[total + i] = (unsigned char)i;
    return total + data_bytes;
}

typedef struct npy_case {
    const char* dict;
    size_t data_bytes;
    npy_status expected;
    char kind;
    uint32_t itemsize;
    uint32_t rank;
    uint64_t shape0;
    const char* text; /* in the message, or the descr when accepted */
} npy_case;

static const npy_case cases[] = {
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24, NPY_OK, 'f', 4, 2, 2, "'<f4'"},
    {"{'descr': '|b1', 'fortran_order': False, 'shape': (5,), }", 5, NPY_OK, 'b', 1, 1, 5, "'|b1'"},
    {"{'descr': '<c16', 'fortran_order': False, 'shape': (1, 1), }", 16, NPY_OK, 'c', 16, 2, 1, "'<c16'"},
    {"{'descr': '<V2', 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'V', 2, 1, 3, "'<V2'"},
    {"{'descr': '|V2', 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'V', 2, 1, 3, "'|V2'"},
    {"{'descr': [('bf16', '<V2')], 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'V', 2, 1, 3, "[('bf16', '<V2')]"},
    {"{'descr': '>i1', 'fortran_order': False, 'shape': (4,), }", 4, NPY_OK, 'i', 1, 1, 4, "'>i1'"},
    {"{\"descr\": \"<u2\", \"fortran_order\": False, \"shape\": (3L, 4L)}", 24, NPY_OK, 'u', 2, 2, 3, NULL},
    {"{'shape': (0, 4), 'fortran_order': False, 'descr': '<i8'}", 0, NPY_OK, 'i', 8, 2, 0, "'<i8'"},
    {"{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 8, NPY_OK, 'f', 8, 0, 0, NULL},
    {"{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", 9, NPY_OK, 'f', 2, 1, 2, NULL}, /* trailing byte */
    {"{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "big-endian"},
    {"{'descr': '>V2', 'fortran_order': False, 'shape': (2,), }", 4, NPY_INVALID, 0, 0, 0, 0, "big-endian"},
    {"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16, NPY_INVALID, 0, 0, 0, 0, "fortran_order is True"},
    {"{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "object array"},
    {"{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "datetime"},
    {"{'descr': [('a', '<f4'), ('b', '<f4')], 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "more than one field"},
    {"{'descr': [('a', '<f4', (2,))], 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "subarray"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 23, NPY_INVALID, 0, 0, 0, 0, "truncated: 23 bytes, the shape needs 24"},
    {"{'descr': '<f4', 'fortran_order': False}", 0, NPY_INVALID, 0, 0, 0, 0, "no 'shape' key"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", 8, NPY_INVALID, 0, 0, 0, 0, "unexpected key 'extra'"},
    {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", 8, NPY_INVALID, 0, 0, 0, 0, "repeated key"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "integers >= 0"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2.5,), }", 8, NPY_INVALID, 0, 0, 0, 0, "not a tuple of integers"},
    {"{'descr': '', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "not a numpy type string"},
    {"{'descr': [('a')], 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "not a dtype numpy writes"},
    {"{'descr': 5, 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "neither a string nor a field list"},
    {"{'descr': [('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '<V2')], 'fortran_order': False, 'shape': (2,), }",
     4, NPY_INVALID, 0, 0, 0, 0, "'descr' is too long"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
     "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }", 4, NPY_INVALID, 0, 0, 0, 0, "more than 64 dimensions"},
    {"{descr: '<f4', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "dict of quoted keys"},
    {"{'descr': '<f4' 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "malformed after 'descr'"},
    {"{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }", 8, NPY_INVALID, 0, 0, 0, 0, "byte count overflows"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': [2], }", 8, NPY_INVALID, 0, 0, 0, 0, "not a tuple"},
    {"{'descr': 'float32', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "not a plain numpy type"},
    {"{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "is not True or False"},
    {"['descr', '<f4']", 8, NPY_INVALID, 0, 0, 0, 0, "not a Python dict"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x", 8, NPY_INVALID, 0, 0, 0, 0, "text after"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", 8, NPY_INVALID, 0, 0, 0, 0, "overflows"},
};

static void check_cases(void)
{
    static unsigned char file[4096];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const npy_case* c = &cases[i];
        for (unsigned major = 1; major <= 3; major++) {
            size_t size = make_file(file, sizeof file, major, c->dict, c->data_bytes);
            npy_array a;
            char message[256] = "";
            npy_status s = npy_parse(file, size, &a, message, sizeof message);
            CHECK_MSG(s == c->expected, "%s (v%u): status %d (%s)", c->dict, major, s, message);
            if (c->expected != NPY_OK) {
                CHECK_MSG(strstr(message, c->text) != NULL, "%s: message '%s' lacks '%s'", c->dict, message, c->text);
                continue;
            }
            if (s != NPY_OK)
                continue;
            CHECK_MSG(a.kind == c->kind && a.itemsize == c->itemsize && a.rank == c->rank &&
                          (c->rank == 0 || a.shape[0] == c->shape0),
                      "%s: kind %c size %u rank %u", c->dict, a.kind, a.itemsize, a.rank);
            CHECK_MSG(a.bytes == a.count * a.itemsize && a.data == file + size - c->data_bytes,
                      "%s: data offset", c->dict);
            if (c->text)
                CHECK_MSG(strcmp(a.descr, c->text) == 0, "%s: descr %s", c->dict, a.descr);
        }
    }
    /* Broken preambles. */
    npy_array a;
    char message[256];
    static const unsigned char not_npy[16] = "PK\x03\x04 not npy";
    CHECK(npy_parse(not_npy, sizeof not_npy, &a, message, sizeof message) == NPY_INVALID && strstr(message, "magic"));
    size_t size = make_file(file, sizeof file, 1, cases[0].dict, 24);
    file[6] = 4;
    CHECK(npy_parse(file, size, &a, message, sizeof message) == NPY_INVALID && strstr(message, "version 4.0"));
    file[6] = 1;
    CHECK(npy_parse(file, 40, &a, message, sizeof message) == NPY_INVALID && strstr(message, "header is truncated"));
    CHECK(npy_parse(file, 8, &a, message, sizeof message) == NPY_INVALID);
    make_file(file, sizeof file, 2, cases[0].dict, 24);
    CHECK(npy_parse(file, 11, &a, message, sizeof message) == NPY_INVALID && strstr(message, "header is truncated"));
}

/* What npy_format_header writes, npy_parse reads back: same descr, shape, 64-byte alignment. */
static void check_round_trip(void)
{
    static const char* const descrs[] = {"'<f4'", "'|b1'", "'<V2'", "[('bf16', '<V2')]", "'<c8'"};
    static const uint64_t shapes[][3] = {{6, 0, 0}, {2, 3, 0}, {0, 4, 5}, {1, 1, 1}};
    static const uint32_t ranks[] = {1, 2, 3, 3};
    static unsigned char file[4096];
    for (size_t d = 0; d < 5; d++)
        for (size_t s = 0; s < 4; s++) {
            size_t header = npy_format_header((char*)file, sizeof file, descrs[d], ranks[s], shapes[s]);
            CHECK_MSG(header != 0 && header % 64 == 0 && file[6] == 1 && file[header - 1] == '\n', "%s: header %zu",
                      descrs[d], header);
            npy_array a;
            char message[256] = "";
            uint64_t n = 1;
            for (uint32_t k = 0; k < ranks[s]; k++)
                n *= shapes[s][k];
            size_t itemsize = d == 0 ? 4 : d == 1 ? 1 : d == 4 ? 8 : 2;
            memset(file + header, 0x7f, n * itemsize);
            npy_status st = npy_parse(file, header + n * itemsize, &a, message, sizeof message);
            CHECK_MSG(st == NPY_OK, "round trip %s: %s", descrs[d], message);
            CHECK_MSG(st != NPY_OK || (strcmp(a.descr, descrs[d]) == 0 && a.rank == ranks[s] &&
                                       memcmp(a.shape, shapes[s], ranks[s] * sizeof a.shape[0]) == 0),
                      "round trip %s: descr %s rank %u", descrs[d], a.descr, a.rank);
        }
    /* numpy's exact text for a 1-D shape: "(6,)". */
    size_t header = npy_format_header((char*)file, sizeof file, "'<f4'", 1, shapes[0]);
    file[header] = 0;
    CHECK(strstr((char*)file + 10, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }") == (char*)file + 10);
    CHECK(npy_format_header((char*)file, 32, "'<f4'", 1, shapes[0]) == 0);
    /* A header longer than 65535 bytes needs version 2.0; a non-ASCII descr needs 3.0. */
    size_t long_length = 70000;
    char* long_descr = malloc(long_length + 3);
    char* big = malloc(long_length + 512);
    long_descr[0] = '\'';
    memset(long_descr + 1, 'x', long_length);
    strcpy(long_descr + 1 + long_length, "'");
    header = npy_format_header(big, long_length + 512, long_descr, 1, shapes[0]);
    CHECK(header % 64 == 0 && big[6] == 2 && header > 65535);
    header = npy_format_header((char*)file, sizeof file, "[('\xc3\xa9', '<V2')]", 1, shapes[0]);
    CHECK(header % 64 == 0 && file[6] == 3);
    free(long_descr);
    free(big);
}

/* Files on disk, through npy_write and npy_read. */
static void check_files(void)
{
    char path[] = "/tmp/vksplit_npy_test_XXXXXX";
    char* dir = mkdtemp(path);
    CHECK(dir != NULL);
    if (!dir)
        return;
    char file[512], message[256];
    snprintf(file, sizeof file, "%s/a.npy", dir);
    static const uint64_t shape[2] = {2, 2};
    static const uint32_t values[4] = {0x7fc00001u, 0x80000000u, 1, 2}; /* NaN payload, -0.0 */
    CHECK(npy_write(file, "'<f4'", 2, shape, values, sizeof values, message, sizeof message) == NPY_OK);
    npy_array a;
    CHECK(npy_read(file, &a, message, sizeof message) == NPY_OK);
    CHECK(a.bytes == 16 && memcmp(a.data, values, 16) == 0 && strcmp(a.descr, "'<f4'") == 0);
    npy_free(&a);
    snprintf(file, sizeof file, "%s/missing.npy", dir);
    CHECK(npy_read(file, &a, message, sizeof message) == NPY_INVALID && strstr(message, "cannot open"));
    CHECK(npy_read(dir, &a, message, sizeof message) == NPY_INVALID);
    snprintf(file, sizeof file, "%s/text.npy", dir);
    FILE* f = fopen(file, "w");
    if (f) {
        fputs("not numpy at all\n", f);
        fclose(f);
    }
    CHECK(npy_read(file, &a, message, sizeof message) == NPY_INVALID && strstr(message, file) && strstr(message, "magic"));
    remove(file);
    /* A write that fails on close (no space left) is an I/O error, not success. */
    CHECK(npy_write("/dev/full", "'<f4'", 2, shape, values, sizeof values, message, sizeof message) == NPY_IO_ERROR);
    snprintf(file, sizeof file, "%s/no/such/dir.npy", dir);
    CHECK(npy_write(file, "'<f4'", 2, shape, values, sizeof values, message, sizeof message) == NPY_IO_ERROR);
    snprintf(file, sizeof file, "%s/a.npy", dir);
    remove(file);
    remove(dir);
}

int main(void)
{
    check_cases();
    check_round_trip();
    check_files();
    return test_finish(NULL);
}
