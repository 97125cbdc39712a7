/* The CLI's .npy reader and writer on hand-made files: what numpy writes is read back, what
 * vksplit must refuse is refused with NPY_INVALID and a message. No device. */
#define _GNU_SOURCE /* mkdtemp, mkfifo, fork, malloc_usable_size */

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "npy_files.h"
#include "test_harness.h"

/* A file with the given header text of `length` bytes (padded as numpy pads it) and
 * `data_bytes` bytes. */
static size_t make_file_n(unsigned char* out, size_t capacity, unsigned major, const char* dict, size_t length,
                          size_t data_bytes)
{
    size_t prefix = major == 1 ? 10 : 12, text = length + 1;
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

static size_t make_file(unsigned char* out, size_t capacity, unsigned major, const char* dict, size_t data_bytes)
{
    return make_file_n(out, capacity, major, dict, strlen(dict), data_bytes);
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
    {"{'descr': [('bf16', '<V2')], 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'V', 2, 1, 3,
     "[('bf16', '<V2')]"},
    {"{'descr': '>i1', 'fortran_order': False, 'shape': (4,), }", 4, NPY_OK, 'i', 1, 1, 4, "'>i1'"},
    {"{'shape': (0, 4), 'fortran_order': False, 'descr': '<i8'}", 0, NPY_OK, 'i', 8, 2, 0, "'<i8'"},
    {"{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 8, NPY_OK, 'f', 8, 0, 0, NULL},
    {"{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", 9, NPY_OK, 'f', 2, 1, 2, NULL}, /* trailing byte */
    {"{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "big-endian"},
    {"{'descr': '>V2', 'fortran_order': False, 'shape': (2,), }", 4, NPY_INVALID, 0, 0, 0, 0, "big-endian"},
    {"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16, NPY_INVALID, 0, 0, 0, 0,
     "fortran_order is True"},
    {"{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "object array"},
    {"{'descr': '<M8[ns]', 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0, "datetime"},
    {"{'descr': [('a', '<f4'), ('b', '<f4')], 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0,
     "more than one field"},
    {"{'descr': [('a', '<f4', (2,))], 'fortran_order': False, 'shape': (2,), }", 16, NPY_INVALID, 0, 0, 0, 0,
     "subarray"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 23, NPY_INVALID, 0, 0, 0, 0,
     "truncated: 23 bytes, the shape needs 24"},
    {"{'descr': '<f4', 'fortran_order': False}", 0, NPY_INVALID, 0, 0, 0, 0, "no 'shape' key"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", 8, NPY_INVALID, 0, 0, 0, 0,
     "unexpected key 'extra'"},
    {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", 8, NPY_INVALID, 0, 0, 0, 0,
     "repeated key"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "integers >= 0"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2.5,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "not a tuple of integers"},
    {"{'descr': '', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "not a numpy type string"},
    {"{'descr': [('a')], 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "not a dtype numpy writes"},
    {"{'descr': 5, 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "neither a string nor a field list"},
    {"{'descr': [('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '<V2')], 'fortran_order': False, 'shape': (2,), }",
     4, NPY_INVALID, 0, 0, 0, 0, "'descr' is too long"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
     "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }",
     4, NPY_INVALID, 0, 0, 0, 0, "more than 64 dimensions"},
    {"{descr: '<f4', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "dict of quoted keys"},
    {"{'descr': '<f4' 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "malformed after 'descr'"},
    {"{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "byte size (8-byte items times the non-zero dimensions) overflows numpy's limit"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': [2], }", 8, NPY_INVALID, 0, 0, 0, 0, "not a tuple"},
    {"{'descr': 'float32', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "not a plain numpy type"},
    {"{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0, "is not True or False"},
    {"['descr', '<f4']", 8, NPY_INVALID, 0, 0, 0, 0, "not a Python dict"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x", 8, NPY_INVALID, 0, 0, 0, 0, "text after"},
    {"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", 8, NPY_INVALID, 0, 0,
     0, 0, "overflows"},
    /* descr is kept in numpy's spelling, whatever the header had between tokens. */
    {"{'descr': [ (\n'bf16' ,\t'<V2' ) , ], 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'V', 2, 1, 3,
     "[('bf16', '<V2')]"},
    {"{'descr': \"<u2\", 'fortran_order': False, 'shape': (3,), }", 6, NPY_OK, 'u', 2, 1, 3, "'<u2'"},
    {"{'descr': [(\"a'b\", '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_OK, 'V', 2, 1, 1,
     "[(\"a'b\", '<V2')]"},
    /* A type string's size is digits only, as numpy writes it. */
    {"{'descr': '|a\n2', 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0,
     "not a plain numpy type"},
    {"{'descr': '<f 4', 'fortran_order': False, 'shape': (1,), }", 4, NPY_INVALID, 0, 0, 0, 0,
     "not a plain numpy type"},
    {"{'descr': '<f4L', 'fortran_order': False, 'shape': (1,), }", 4, NPY_INVALID, 0, 0, 0, 0,
     "not a plain numpy type"},
    {"{'descr': '<V99999999999999999999999', 'fortran_order': False, 'shape': (1,), }", 4, NPY_INVALID, 0, 0, 0, 0,
     "not a plain numpy type"},
    /* Only the sizes numpy has a type for, and numpy's limit on the array's byte size, also
     * when a zero dimension leaves the array empty: else the file written back cannot load. */
    {"{'descr': '<c1', 'fortran_order': False, 'shape': (1,), }", 1, NPY_INVALID, 0, 0, 0, 0,
     "dtype '<c1' is not a numpy type: 'c' items are 8, 16 or 32 bytes"},
    {"{'descr': '<i3', 'fortran_order': False, 'shape': (1,), }", 3, NPY_INVALID, 0, 0, 0, 0, "items are 1, 2, 4 or 8"},
    {"{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", 16, NPY_OK, 'f', 16, 1, 1, "'<f16'"},
    {"{'descr': '|V3', 'fortran_order': False, 'shape': (1,), }", 3, NPY_OK, 'V', 3, 1, 1, "'|V3'"},
    {"{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4611686018427387904), }", 0, NPY_INVALID, 0, 0, 0, 0,
     "overflows numpy's limit of 9223372036854775807 bytes at shape[1]"},
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (3, 0, 3074457345618258602), }", 0, NPY_OK, 'u', 1, 3, 3, NULL},
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (3, 0, 3074457345618258603), }", 0, NPY_INVALID, 0, 0, 0, 0,
     "at shape[2]"},
    /* Header text quoted in a message is escaped: the message stays one line. */
    {"{'de\nscr': '<f4', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "unexpected key 'de\\x0ascr'"},
    {"{'descr': '<f\x01', 'fortran_order': False, 'shape': (2,), }", 8, NPY_INVALID, 0, 0, 0, 0,
     "dtype '<f\\x01' is not a plain numpy type"},
    /* Dimensions above INT64_MAX: numpy's npy_intp cannot hold them. */
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (9223372036854775807, 0), }", 0, NPY_OK, 'u', 1, 2,
     9223372036854775807ull, NULL},
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (9223372036854775808,), }", 0, NPY_INVALID, 0, 0, 0, 0,
     "shape[0] is 9223372036854775808, above numpy's largest dimension 9223372036854775807"},
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (0, 18446744073709551615), }", 0, NPY_INVALID, 0, 0, 0, 0,
     "shape[1] is 18446744073709551615, above"},
    {"{'descr': '|u1', 'fortran_order': False, 'shape': (2, 99999999999999999999999), }", 0, NPY_INVALID, 0, 0, 0, 0,
     "shape[1] is 99999999999999999999999, above"},
    /* Field names that would corrupt the header written back. */
    {"{'descr': [('a\nb', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0,
     "field name holds control character 0x0a at byte 1"},
    {"{'descr': [('\x01', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0, "0x01"},
    {"{'descr': [('\t', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0, "0x09"},
    {"{'descr': [('x\x7f', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0,
     "0x7f at byte 1"},
    {"{'descr': [('a\\nb', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0,
     "field name holds a backslash at byte 1"},
    {"{'descr': [('a\\'', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_INVALID, 0, 0, 0, 0, "backslash"},
    {"{'descr': [('a\"b c', '<V2')], 'fortran_order': False, 'shape': (1,), }", 2, NPY_OK, 'V', 2, 1, 1,
     "[('a\"b c', '<V2')]"},
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
                CHECK_MSG(strchr(message, '\n') == NULL, "%s: the message is not one line", c->dict);
                continue;
            }
            if (s != NPY_OK)
                continue;
            CHECK_MSG(a.header.kind == c->kind && a.header.itemsize == c->itemsize && a.header.rank == c->rank &&
                          (c->rank == 0 || a.header.shape[0] == c->shape0),
                      "%s: kind %c size %u rank %u", c->dict, a.header.kind, a.header.itemsize, a.header.rank);
            CHECK_MSG(a.header.bytes == a.header.count * a.header.itemsize && a.data == file + size - c->data_bytes,
                      "%s: data offset", c->dict);
            if (c->text)
                CHECK_MSG(strcmp(a.header.descr, c->text) == 0, "%s: descr %s", c->dict, a.header.descr);
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

/* The shape as Python reads it (numpy parses the header with ast.literal_eval): what numpy
 * 1.24 accepts and refuses, per version, as np.lib.format's header readers answer on these
 * very headers (test_cli.py's "errors" group asks numpy itself through the CLI). */
typedef struct literal_case {
    const char* shape;
    bool accepted[3]; /* versions 1.0, 2.0, 3.0 */
    uint32_t rank;
    uint64_t shape0, shape1;
    const char* text; /* in the message when refused */
} literal_case;

static const literal_case literals[] = {
    /* One dimension is a tuple only with its comma: (3) is the integer 3. */
    {"(0)", {false, false, false}, 0, 0, 0, "the header's 'shape' is (0), an integer in parentheses, not a tuple"},
    {"(3)", {false, false, false}, 0, 0, 0, "is (3), an integer in parentheses, not a tuple: numpy refuses it"},
    {"( 7 )", {false, false, false}, 0, 0, 0, "(one dimension is written (7,))"},
    {"(0L)", {false, false, false}, 0, 0, 0, "the header's 'shape' is"}, /* v3: no L either */
    {"(0,)", {true, true, true}, 1, 0, 0, NULL},
    {"(3 ,)", {true, true, true}, 1, 3, 0, NULL},
    {"(3, 4)", {true, true, true}, 2, 3, 4, NULL},
    /* No leading zero on a decimal integer, but zero may be written 00. */
    {"(03, 4)", {false, false, false}, 0, 0, 0, "shape[0] is written 03: numpy refuses an integer with a leading zero"},
    {"(2, 007)", {false, false, false}, 0, 0, 0, "shape[1] is written 007"},
    {"(03L,)", {false, false, false}, 0, 0, 0, "shape[0] is written 03"},
    {"(00, 4)", {true, true, true}, 2, 0, 4, NULL},
    {"(0, 000)", {true, true, true}, 2, 0, 0, NULL},
    {"(10, 100)", {true, true, true}, 2, 10, 100, NULL},
    /* Python 2's L: numpy strips it from versions 1.0 and 2.0 only. */
    {"(3L, 4L)", {true, true, false}, 2, 3, 4, "not a tuple of integers"},
};

static void check_python_literals(void)
{
    static unsigned char file[4096];
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++) {
        const literal_case* c = &literals[i];
        char dict[160];
        snprintf(dict, sizeof dict, "{\"descr\": \"<u2\", \"fortran_order\": False, \"shape\": %s}", c->shape);
        for (unsigned major = 1; major <= 3; major++) {
            bool accepted = c->accepted[major - 1];
            uint64_t count = c->rank == 0 ? 1 : c->rank == 1 ? c->shape0 : c->shape0 * c->shape1;
            size_t size = make_file(file, sizeof file, major, dict, 2 * (size_t)count);
            npy_array a;
            char message[256] = "";
            npy_status s = npy_parse(file, size, &a, message, sizeof message);
            CHECK_MSG(s == (accepted ? NPY_OK : NPY_INVALID), "shape %s (v%u): status %d (%s)", c->shape, major, s,
                      message);
            if (!accepted) {
                CHECK_MSG(strstr(message, c->text) != NULL, "shape %s (v%u): message '%s' lacks '%s'", c->shape, major,
                          message, c->text);
                continue;
            }
            CHECK_MSG(s != NPY_OK || (a.header.rank == c->rank && a.header.shape[0] == c->shape0 &&
                                      (c->rank < 2 || a.header.shape[1] == c->shape1)),
                      "shape %s (v%u): rank %u, shape[0] %llu", c->shape, major, a.header.rank,
                      (unsigned long long)a.header.shape[0]);
        }
    }
}

/* A NUL cannot sit in a table of C strings: the field-name check on it alone. */
static void check_nul_name(void)
{
    static const char dict[] = "{'descr': [('a\0b', '<V2')], 'fortran_order': False, 'shape': (1,), }";
    static unsigned char file[256];
    size_t size = make_file_n(file, sizeof file, 1, dict, sizeof dict - 1, 2);
    npy_array a;
    char message[256] = "";
    CHECK(npy_parse(file, size, &a, message, sizeof message) == NPY_INVALID);
    CHECK_MSG(strstr(message, "control character 0x00 at byte 1") != NULL, "NUL: %s", message);
}

/* The header's encoding travels with descr: versions 1.0 and 2.0 are latin-1, 3.0 UTF-8, and
 * what is written back declares the encoding its bytes are in (numpy decodes by version). */
static void check_encodings(void)
{
    static const struct {
        unsigned major;
        const char* dict;
        npy_encoding encoding;
        unsigned written_major; /* what npy_format_header picks for the descr read */
    } encodings[] = {
        {1, "{'descr': [('\xe9', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_LATIN1, 1},
        {2, "{'descr': [('\xe9', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_LATIN1, 1},
        {1, "{'descr': [('\xc3\xa9', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_LATIN1, 1},
        {3, "{'descr': [('\xc3\xa9', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_UTF8, 3},
        {3, "{'descr': [('\xe2\x82\xac', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_UTF8, 3},
        {3, "{'descr': '<V2', 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_UTF8, 1},
        {1, "{'descr': [('bf16', '<V2')], 'fortran_order': False, 'shape': (1,), }", NPY_ENCODING_LATIN1, 1},
    };
    static unsigned char file[512];
    static char header[512];
    for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++) {
        size_t size = make_file(file, sizeof file, encodings[i].major, encodings[i].dict, 2);
        npy_array a;
        char message[256] = "";
        npy_status s = npy_parse(file, size, &a, message, sizeof message);
        CHECK_MSG(s == NPY_OK && a.header.encoding == encodings[i].encoding, "case %zu: %d %s", i, s, message);
        if (s != NPY_OK)
            continue;
        size_t length = npy_format_header(header, sizeof header, a.header.descr, a.header.encoding, 1, a.header.shape);
        CHECK_MSG(length && (unsigned)header[6] == encodings[i].written_major, "case %zu: written as version %d", i,
                  header[6]);
        /* The descr's bytes are carried verbatim, in the encoding the version declares. */
        CHECK_MSG(length && strstr(header + (header[6] == 1 ? 10 : 12), a.header.descr) != NULL, "case %zu", i);
        memcpy(header + length, a.data, 2);
        npy_array b;
        CHECK_MSG(npy_parse(header, length + 2, &b, message, sizeof message) == NPY_OK &&
                      strcmp(b.header.descr, a.header.descr) == 0 &&
                      (b.header.encoding == a.header.encoding || encodings[i].written_major == 1),
                  "case %zu: read back: %s", i, message);
    }
    /* A 3.0 header that is not UTF-8 cannot be decoded by numpy. */
    static const char* const bad[] = {"\xe9", "\xc0\xa9", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': [('%s', '<V2')], 'fortran_order': False, 'shape': (1,), }", bad[i]);
        size_t size = make_file(file, sizeof file, 3, dict, 2);
        npy_array a;
        char message[256] = "";
        CHECK_MSG(npy_parse(file, size, &a, message, sizeof message) == NPY_INVALID &&
                      strstr(message, "version 3.0 header is not valid UTF-8"),
                  "bad UTF-8 %zu: %s", i, message);
    }
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
            size_t header =
                npy_format_header((char*)file, sizeof file, descrs[d], NPY_ENCODING_LATIN1, ranks[s], shapes[s]);
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
            CHECK_MSG(st != NPY_OK || (strcmp(a.header.descr, descrs[d]) == 0 && a.header.rank == ranks[s] &&
                                       memcmp(a.header.shape, shapes[s], ranks[s] * sizeof a.header.shape[0]) == 0),
                      "round trip %s: descr %s rank %u", descrs[d], a.header.descr, a.header.rank);
        }
    /* numpy's exact text for a 1-D shape: "(6,)". */
    size_t header = npy_format_header((char*)file, sizeof file, "'<f4'", NPY_ENCODING_LATIN1, 1, shapes[0]);
    file[header] = 0;
    CHECK(strstr((char*)file + 10, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }") == (char*)file + 10);
    CHECK(npy_format_header((char*)file, 32, "'<f4'", NPY_ENCODING_LATIN1, 1, shapes[0]) == 0);
    /* A header longer than 65535 bytes needs version 2.0; a non-ASCII descr needs 3.0. */
    size_t long_length = 70000;
    char* long_descr = malloc(long_length + 3);
    char* big = malloc(long_length + 512);
    long_descr[0] = '\'';
    memset(long_descr + 1, 'x', long_length);
    strcpy(long_descr + 1 + long_length, "'");
    header = npy_format_header(big, long_length + 512, long_descr, NPY_ENCODING_LATIN1, 1, shapes[0]);
    CHECK(header % 64 == 0 && big[6] == 2 && header > 65535);
    header = npy_format_header((char*)file, sizeof file, "[('\xc3\xa9', '<V2')]", NPY_ENCODING_UTF8, 1, shapes[0]);
    CHECK(header % 64 == 0 && file[6] == 3);
    free(long_descr);
    free(big);
}

/* npy_read_header on a pipe: the header parsed, nothing past it consumed. */
static void check_header_only(void)
{
    static unsigned char file[512];
    size_t size = make_file(file, sizeof file, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24);
    memcpy(file + size, "TAIL", 4);
    int fds[2];
    CHECK(pipe(fds) == 0);
    CHECK(write(fds[1], file, size + 4) == (ssize_t)(size + 4));
    close(fds[1]);
    npy_header h;
    char message[256] = "";
    CHECK_MSG(npy_read_header(fds[0], &h, message, sizeof message) == NPY_OK, "%s", message);
    CHECK(h.data_offset == size - 24 && h.bytes == 24 && h.count == 6 && h.rank == 2 && h.shape[1] == 3 &&
          h.itemsize == 4 && h.kind == 'f' && strcmp(h.descr, "'<f4'") == 0 && h.encoding == NPY_ENCODING_LATIN1);
    unsigned char rest[64];
    ssize_t got = read(fds[0], rest, sizeof rest);
    CHECK_MSG(got == 28 && memcmp(rest, file + size - 24, 28) == 0, "%zd bytes left after the header", got);
    close(fds[0]);

    /* Failures agree with npy_parse: a truncated header, an over-long one, no magic. */
    static const struct {
        size_t size;
        unsigned patch_at; /* 0: none */
        unsigned char patch;
        const char* text;
    } broken[] = {
        {7, 0, 0, "header is truncated"},
        {9, 0, 0, "header is truncated"},
        {40, 0, 0, "header is truncated"},
        {0, 0, 0, "magic"},
        {3, 0, 0, "magic"},
        {64, 1, 'X', "magic"},
        {64, 7, 1, "version 1.1"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        size = make_file(file, sizeof file, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24);
        if (broken[i].patch_at)
            file[broken[i].patch_at] = broken[i].patch;
        CHECK(pipe(fds) == 0);
        CHECK(write(fds[1], file, broken[i].size) == (ssize_t)broken[i].size);
        close(fds[1]);
        char parsed[256] = "";
        npy_array a;
        CHECK(npy_parse(file, broken[i].size, &a, parsed, sizeof parsed) == NPY_INVALID);
        CHECK_MSG(npy_read_header(fds[0], &h, message, sizeof message) == NPY_INVALID &&
                      strstr(message, broken[i].text) && strcmp(message, parsed) == 0,
                  "broken %zu: '%s' vs npy_parse '%s'", i, message, parsed);
        close(fds[0]);
    }
    /* A 2.0 header declaring more than NPY_MAX_HEADER_BYTES is refused before it is read. */
    size = make_file(file, sizeof file, 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24);
    file[8] = 0x01;
    file[9] = 0x00;
    file[10] = 0x10; /* 1 MiB + 1 */
    CHECK(pipe(fds) == 0);
    CHECK(write(fds[1], file, size) == (ssize_t)size);
    close(fds[1]);
    CHECK(npy_read_header(fds[0], &h, message, sizeof message) == NPY_INVALID &&
          strstr(message, "declares 1048577 bytes, more than the limit of 1048576"));
    close(fds[0]);
}

/* Runs npy_read(path) in a child that must finish within `seconds`: a reader that waits for
 * the end of a pipe, or reads /dev/zero to the end, fails instead of hanging the test. */
static int read_in_child(const char* path, unsigned seconds, uint64_t expect_bytes, const char* expect_text)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(seconds);
        npy_array a;
        char message[256] = "";
        npy_status s = npy_read(path, &a, message, sizeof message);
        bool ok = expect_text ? s == NPY_INVALID && strstr(message, expect_text) != NULL
                              : s == NPY_OK && a.header.bytes == expect_bytes;
        if (!ok)
            fprintf(stderr, "npy_read(%s): %d %s\n", path, s, message);
        npy_free(&a);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* npy_read is header first: a FIFO is read only to the data's end, /dev/zero fails at the
 * magic, a short regular file fails before any allocation, and the data gets exactly one
 * allocation of its size. */
static void check_read_bounds(const char* dir)
{
    char path[512], message[256];
    static unsigned char file[512];
    size_t size = make_file(file, sizeof file, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24);
    memcpy(file + size, "TAIL", 4);
    snprintf(path, sizeof path, "%s/fifo", dir);
    CHECK(mkfifo(path, 0600) == 0);
    int holder = open(path, O_RDWR | O_NONBLOCK); /* a writer that never closes */
    CHECK(holder >= 0 && write(holder, file, size + 4) == (ssize_t)(size + 4));
    CHECK_MSG(read_in_child(path, 5, 24, NULL) == 0, "npy_read of a FIFO did not stop at the data's end");
    char tail[16];
    ssize_t left = read(holder, tail, sizeof tail);
    CHECK_MSG(left == 4 && memcmp(tail, "TAIL", 4) == 0, "%zd of the 4 bytes past the data left in the FIFO", left);
    close(holder);
    remove(path);

    CHECK_MSG(read_in_child("/dev/zero", 2, 0, "no \\x93NUMPY magic") == 0, "npy_read(/dev/zero)");

    /* 2^40 doubles promised, 8 bytes present: refused from the file's size, no 8 TiB malloc. */
    size = make_file(file, sizeof file, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }", 8);
    snprintf(path, sizeof path, "%s/short.npy", dir);
    FILE* f = fopen(path, "wb");
    CHECK(f && fwrite(file, 1, size, f) == size && fclose(f) == 0);
    npy_array a;
    CHECK(npy_read(path, &a, message, sizeof message) == NPY_INVALID &&
          strstr(message, "the data is truncated: 8 bytes, the shape needs 8796093022208") && strstr(message, path));
    remove(path);

    /* 100000 data bytes: one allocation of that size, not a doubled buffer of the file. */
    size_t header =
        make_file(file, sizeof file, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (100000,), }", 0);
    snprintf(path, sizeof path, "%s/big.npy", dir);
    unsigned char* data = malloc(100000);
    for (size_t i = 0; data && i < 100000; i++)
        data[i] = (unsigned char)(i * 7);
    f = fopen(path, "wb");
    CHECK(f && data && fwrite(file, 1, header, f) == header && fwrite(data, 1, 100000, f) == 100000 && fclose(f) == 0);
    CHECK(npy_read(path, &a, message, sizeof message) == NPY_OK);
    CHECK(a.header.bytes == 100000 && a.header.data_offset == header && memcmp(a.data, data, 100000) == 0);
#ifdef __GLIBC__
    CHECK_MSG(a.owned == a.data && malloc_usable_size(a.owned) < 100000 + 4096, "%zu bytes allocated",
              malloc_usable_size(a.owned));
#endif
    npy_free(&a);
    free(data);
    remove(path);
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
    CHECK(npy_write(file, "'<f4'", NPY_ENCODING_LATIN1, 2, shape, values, sizeof values, message, sizeof message) ==
          NPY_OK);
    npy_array a;
    CHECK(npy_read(file, &a, message, sizeof message) == NPY_OK);
    CHECK(a.header.bytes == 16 && memcmp(a.data, values, 16) == 0 && strcmp(a.header.descr, "'<f4'") == 0);
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
    CHECK(npy_read(file, &a, message, sizeof message) == NPY_INVALID && strstr(message, file) &&
          strstr(message, "magic"));
    remove(file);
    /* A write that fails on close (no space left) is an I/O error, not success. */
    CHECK(npy_write("/dev/full", "'<f4'", NPY_ENCODING_LATIN1, 2, shape, values, sizeof values, message,
                    sizeof message) == NPY_IO_ERROR);
    snprintf(file, sizeof file, "%s/no/such/dir.npy", dir);
    CHECK(npy_write(file, "'<f4'", NPY_ENCODING_LATIN1, 2, shape, values, sizeof values, message, sizeof message) ==
          NPY_IO_ERROR);
    snprintf(file, sizeof file, "%s/a.npy", dir);
    remove(file);
    check_read_bounds(dir);
    remove(dir);
}

int main(void)
{
    check_cases();
    check_python_literals();
    check_nul_name();
    check_encodings();
    check_header_only();
    check_round_trip();
    check_files();
    return test_finish(NULL);
}
