/* The .npy header reader and writer of the vksplit CLI (see npy.h). The header is a Python
 * dict literal; a small tokenizer reads exactly the three keys numpy writes. npy_parse_header
 * (memory) and npy_read_header (a file descriptor) share every check past the raw bytes, so
 * they cannot disagree. Whole-file reading and writing, which only the tests use, is in
 * tests/cli/npy_files.c. */
#define _POSIX_C_SOURCE 200809L /* read */
#include "npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NPY_ALIGN 64

static npy_status fail(npy_status status, char* message, size_t capacity, const char* fmt, ...)
{
    if (message && capacity) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(message, capacity, fmt, args);
        va_end(args);
    }
    return status;
}

/* Header text quoted in a message: at most 48 bytes, anything but printable ASCII as \xNN,
 * so a message stays one readable line whatever the file holds. */
typedef struct shown {
    char s[4 * 48 + 4];
} shown;

static shown show(const char* text, size_t length)
{
    shown out;
    size_t used = 0;
    for (size_t i = 0; i < length && i < 48; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '\\')
            out.s[used++] = (char)ch;
        else
            used += (size_t)snprintf(out.s + used, sizeof out.s - used, "\\x%02x", ch);
    }
    if (length > 48) {
        memcpy(out.s + used, "...", 3);
        used += 3;
    }
    out.s[used] = '\0';
    return out;
}

/* --- a tokenizer for the header's Python literal --------------------------------------- */
typedef struct cursor {
    const char* p;
    const char* end;
    bool longs; /* Python 2's 3L: numpy strips the L from versions 1.0 and 2.0 only */
} cursor;

static void skip_space(cursor* c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static bool take(cursor* c, char ch)
{
    skip_space(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

static bool peek(cursor* c, char ch)
{
    skip_space(c);
    return c->p < c->end && *c->p == ch;
}

/* A quoted string without escapes (numpy never writes any in these fields). */
static bool take_string(cursor* c, const char** text, size_t* length)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return false;
    char quote = *c->p++;
    const char* start = c->p;
    while (c->p < c->end && *c->p != quote && *c->p != '\\')
        c->p++;
    if (c->p >= c->end || *c->p != quote)
        return false;
    *text = start;
    *length = (size_t)(c->p - start);
    c->p++;
    return true;
}

/* A quoted field name: like take_string, but a backslash is returned for the caller to
 * refuse with a message (an escaped quote still ends the scan early and fails). */
static bool take_name(cursor* c, const char** text, size_t* length)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return false;
    char quote = *c->p++;
    const char* start = c->p;
    while (c->p < c->end && *c->p != quote)
        c->p++;
    if (c->p >= c->end)
        return false;
    *text = start;
    *length = (size_t)(c->p - start);
    c->p++;
    return true;
}

static bool take_word(cursor* c, const char* word)
{
    skip_space(c);
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) >= n && memcmp(c->p, word, n) == 0) {
        c->p += n;
        return true;
    }
    return false;
}

/* A non-negative integer (Python 2 files may add an L, where c->longs allows it). */
static bool take_uint(cursor* c, uint64_t* value)
{
    skip_space(c);
    if (c->p >= c->end || *c->p < '0' || *c->p > '9')
        return false;
    uint64_t v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        uint64_t digit = (uint64_t)(*c->p++ - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    if (c->longs && c->p < c->end && *c->p == 'L')
        c->p++;
    *value = v;
    return true;
}

/* --- the dtype ------------------------------------------------------------------------- */

/* "<f4": byte order, kind, item size. */
static npy_status parse_type_string(const char* text, size_t length, npy_header* out, char* message, size_t capacity)
{
    char s[64];
    if (length == 0 || length >= sizeof s)
        return fail(NPY_INVALID, message, capacity, "dtype '%s' is not a numpy type string", show(text, length).s);
    memcpy(s, text, length);
    s[length] = '\0';
    const char* p = s;
    char order = '|';
    if (*p == '<' || *p == '>' || *p == '|' || *p == '=')
        order = *p++;
    char kind = *p ? *p++ : '\0';
    if (kind == 'O')
        return fail(NPY_INVALID, message, capacity, "dtype '%s' is an object array: it holds Python objects, not data",
                    show(s, length).s);
    if (kind == 'M' || kind == 'm')
        return fail(NPY_INVALID, message, capacity, "dtype '%s' (datetime/timedelta) is not supported",
                    show(s, length).s);
    /* The size is digits and nothing else (numpy never writes spaces or an 'L' there): the
     * descr is written back and quoted in messages, where a newline would break a line. */
    uint64_t size = 0;
    bool digits = *p != '\0';
    for (; *p && digits && size <= 1u << 20; p++) {
        digits = *p >= '0' && *p <= '9';
        size = size * 10 + (uint64_t)(*p - '0');
    }
    if (!strchr("biufcVSUa", kind) || !kind || !digits || *p || size == 0 || size > 1u << 20)
        return fail(NPY_INVALID, message, capacity, "dtype '%s' is not a plain numpy type", show(s, length).s);
    /* The sizes numpy has a type for; others it refuses to load, so we would write files
     * nobody can read. */
    static const struct {
        char kind;
        const char* sizes; /* ",1,2,": the sizes allowed; NULL: any */
        const char* said;
    } known[] = {
        {'b', ",1,", "1"},
        {'i', ",1,2,4,8,", "1, 2, 4 or 8"},
        {'u', ",1,2,4,8,", "1, 2, 4 or 8"},
        {'f', ",2,4,8,16,", "2, 4, 8 or 16"},
        {'c', ",8,16,32,", "8, 16 or 32"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char item[24];
        snprintf(item, sizeof item, ",%llu,", (unsigned long long)size);
        if (known[i].kind == kind && !strstr(known[i].sizes, item))
            return fail(NPY_INVALID, message, capacity, "dtype '%s' is not a numpy type: '%c' items are %s bytes",
                        show(s, length).s, kind, known[i].said);
    }
    if (kind == 'U')
        size *= 4; /* UCS-4 characters */
    if (order == '>' && size > 1)
        return fail(NPY_INVALID, message, capacity,
                    "dtype '%s' is big-endian; only little-endian ('<') data is supported", show(s, length).s);
    out->kind = kind == 'a' ? 'S' : kind;
    out->byte_order = order == '>' ? '|' : order;
    out->itemsize = (uint32_t)size;
    return NPY_OK;
}

/* A field name is copied into the header we write back, so it must survive that verbatim:
 * numpy writes control characters and backslashes escaped, and a raw one (a NUL, a newline)
 * would end or break our header. Bytes >= 0x80 are the header's encoding's business. */
static npy_status check_field_name(const char* name, size_t length, char* message, size_t capacity)
{
    for (size_t i = 0; i < length; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch < 0x20 || ch == 0x7f)
            return fail(NPY_INVALID, message, capacity,
                        "the field name holds control character 0x%02x at byte %zu; only printable names are supported",
                        ch, i);
        if (ch == '\\')
            return fail(NPY_INVALID, message, capacity,
                        "the field name holds a backslash at byte %zu; escaped names are not supported", i);
    }
    return NPY_OK;
}

/* 'descr': a type string, or a list holding exactly one (name, type) field. It is kept in
 * numpy's own spelling ('<f4', [('name', '<V2')]) whatever spaces, newlines or trailing
 * commas the header had between tokens, so that a descr written back or quoted in a
 * message is one clean line. The name's bytes and its quote character stay as they were. */
static npy_status parse_descr(cursor* c, npy_header* out, char* message, size_t capacity)
{
    const char* text;
    size_t length;
    const char* name = NULL;
    size_t name_length = 0;
    npy_status status;
    if (take_string(c, &text, &length)) {
        status = parse_type_string(text, length, out, message, capacity);
    } else if (take(c, '[')) {
        if (!take(c, '(') || !take_name(c, &name, &name_length))
            return fail(NPY_INVALID, message, capacity, "the header's 'descr' is not a dtype numpy writes");
        status = check_field_name(name, name_length, message, capacity);
        if (status != NPY_OK)
            return status;
        if (!take(c, ',') || !take_string(c, &text, &length))
            return fail(NPY_INVALID, message, capacity, "the header's 'descr' is not a dtype numpy writes");
        if (!take(c, ')'))
            return fail(NPY_INVALID, message, capacity, "structured dtypes with subarray fields are not supported");
        take(c, ',');
        if (!take(c, ']'))
            return fail(NPY_INVALID, message, capacity, "structured dtypes with more than one field are not supported");
        status = parse_type_string(text, length, out, message, capacity);
    } else {
        return fail(NPY_INVALID, message, capacity, "the header's 'descr' is neither a string nor a field list");
    }
    if (status != NPY_OK)
        return status;
    int written = name ? snprintf(out->descr, sizeof out->descr, "[(%c%.*s%c, '%.*s')]", name[-1], (int)name_length,
                                  name, name[-1], (int)length, text)
                       : snprintf(out->descr, sizeof out->descr, "'%.*s'", (int)length, text);
    if (written < 0 || (size_t)written >= sizeof out->descr)
        return fail(NPY_INVALID, message, capacity, "the header's 'descr' is too long");
    return NPY_OK;
}

/* numpy's dimensions are npy_intp: a larger one cannot come from numpy, and a caller
 * converting to a signed size must not meet it. numpy reads the header as a Python literal
 * (ast.literal_eval), so Python's rules hold too: a decimal integer has no leading zero (03 is
 * refused; 00 is zero), and one dimension is a tuple only with its comma: (3,), where (3) is
 * the integer 3, which numpy refuses as a shape. */
static npy_status parse_shape(cursor* c, npy_header* out, char* message, size_t capacity)
{
    if (!take(c, '('))
        return fail(NPY_INVALID, message, capacity, "the header's 'shape' is not a tuple");
    out->rank = 0;
    bool comma = false;
    while (!take(c, ')')) {
        if (out->rank == NPY_MAX_DIMS)
            return fail(NPY_INVALID, message, capacity, "the shape has more than %d dimensions", NPY_MAX_DIMS);
        skip_space(c);
        const char* digits = c->p;
        size_t length = 0;
        size_t zeros = 0; /* leading */
        while (digits + length < c->end && digits[length] >= '0' && digits[length] <= '9') {
            zeros += digits[length] == '0' && zeros == length;
            length++;
        }
        if (zeros && zeros < length)
            return fail(NPY_INVALID, message, capacity,
                        "shape[%u] is written %.*s%s: numpy refuses an integer with a leading zero (Python's "
                        "literal rules)",
                        out->rank, length > 40 ? 40 : (int)length, digits, length > 40 ? "..." : "");
        uint64_t* dim = &out->shape[out->rank];
        if (length && (!take_uint(c, dim) || *dim > (uint64_t)INT64_MAX))
            return fail(NPY_INVALID, message, capacity,
                        "shape[%u] is %.*s%s, above numpy's largest dimension %lld (INT64_MAX)", out->rank,
                        length > 40 ? 40 : (int)length, digits, length > 40 ? "..." : "", (long long)INT64_MAX);
        if (!length)
            return fail(NPY_INVALID, message, capacity,
                        "the header's 'shape' holds something other than integers >= 0");
        out->rank++;
        comma = take(c, ',');
        if (!comma && !peek(c, ')'))
            return fail(NPY_INVALID, message, capacity, "the header's 'shape' is not a tuple of integers");
    }
    if (out->rank == 1 && !comma)
        return fail(NPY_INVALID, message, capacity,
                    "the header's 'shape' is (%llu), an integer in parentheses, not a tuple: numpy refuses it "
                    "(one dimension is written (%llu,))",
                    (unsigned long long)out->shape[0], (unsigned long long)out->shape[0]);
    return NPY_OK;
}

static npy_status parse_dict(cursor* c, npy_header* out, char* message, size_t capacity)
{
    bool seen[3] = {false, false, false};
    static const char* const keys[3] = {"descr", "fortran_order", "shape"};
    if (!take(c, '{'))
        return fail(NPY_INVALID, message, capacity, "the header is not a Python dict");
    while (!take(c, '}')) {
        const char* key;
        size_t length;
        if (!take_string(c, &key, &length) || !take(c, ':'))
            return fail(NPY_INVALID, message, capacity, "the header is not a dict of quoted keys");
        int k = 0;
        while (k < 3 && !(strlen(keys[k]) == length && memcmp(keys[k], key, length) == 0))
            k++;
        if (k == 3 || seen[k])
            return fail(NPY_INVALID, message, capacity, "the header has an %s key '%s'",
                        k == 3 ? "unexpected" : "repeated", show(key, length).s);
        seen[k] = true;
        npy_status status = NPY_OK;
        if (k == 0) {
            status = parse_descr(c, out, message, capacity);
        } else if (k == 1) {
            if (take_word(c, "True"))
                return fail(NPY_INVALID, message, capacity,
                            "fortran_order is True; only C-order arrays are supported (use np.ascontiguousarray)");
            if (!take_word(c, "False"))
                return fail(NPY_INVALID, message, capacity, "the header's 'fortran_order' is not True or False");
        } else {
            status = parse_shape(c, out, message, capacity);
        }
        if (status != NPY_OK)
            return status;
        if (!take(c, ',') && !peek(c, '}'))
            return fail(NPY_INVALID, message, capacity, "the header dict is malformed after '%s'", keys[k]);
    }
    for (int k = 0; k < 3; k++)
        if (!seen[k])
            return fail(NPY_INVALID, message, capacity, "the header has no '%s' key", keys[k]);
    skip_space(c);
    if (c->p != c->end)
        return fail(NPY_INVALID, message, capacity, "the header has text after its dict");
    return NPY_OK;
}

/* --- the preamble and the header ---------------------------------------------------- */

/* Python decodes a version 3.0 header strictly: no overlong forms, surrogates, or code
 * points past U+10FFFF. */
static bool is_utf8(const unsigned char* s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char b = s[i];
        size_t extra = b < 0x80                 ? 0
                       : b >= 0xc2 && b <= 0xdf ? 1
                       : b >= 0xe0 && b <= 0xef ? 2
                       : b >= 0xf0 && b <= 0xf4 ? 3
                                                : 4; /* 0x80-0xc1, 0xf5-0xff never start a character */
        if (extra == 4 || n - i <= extra)
            return false;
        for (size_t k = 1; k <= extra; k++)
            if ((s[i + k] & 0xc0) != 0x80)
                return false;
        if ((b == 0xe0 && s[i + 1] < 0xa0) || (b == 0xed && s[i + 1] > 0x9f) || (b == 0xf0 && s[i + 1] < 0x90) ||
            (b == 0xf4 && s[i + 1] > 0x8f))
            return false;
        i += extra + 1;
    }
    return true;
}

/* The first `size` bytes of a file (at most the 12 of the longest preamble; fewer when the
 * file is shorter): magic, version, header length. */
static npy_status parse_preamble(const unsigned char* b, size_t size, size_t* prefix, uint64_t* header_length,
                                 npy_encoding* encoding, char* message, size_t capacity)
{
    /* Every output is written on every path, failures included, so no caller reads an
     * uninitialised value (gcc -O3 cannot see that callers stop at a failure). */
    *prefix = 0;
    *header_length = 0;
    *encoding = NPY_ENCODING_LATIN1;
    if (size < 6 || memcmp(b, "\x93NUMPY", 6) != 0)
        return fail(NPY_INVALID, message, capacity, "not a .npy file (no \\x93NUMPY magic)");
    if (size < 8)
        return fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    unsigned major = b[6], minor = b[7];
    if (major < 1 || major > 3 || minor != 0)
        return fail(NPY_INVALID, message, capacity, "unsupported .npy format version %u.%u", major, minor);
    *prefix = major == 1 ? 10 : 12;
    if (size < *prefix)
        return fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    *header_length = major == 1 ? (uint64_t)b[8] | (uint64_t)b[9] << 8
                                : (uint64_t)b[8] | (uint64_t)b[9] << 8 | (uint64_t)b[10] << 16 | (uint64_t)b[11] << 24;
    if (*header_length > NPY_MAX_HEADER_BYTES)
        return fail(NPY_INVALID, message, capacity, "the .npy header declares %llu bytes, more than the limit of %u",
                    (unsigned long long)*header_length, NPY_MAX_HEADER_BYTES);
    *encoding = major == 3 ? NPY_ENCODING_UTF8 : NPY_ENCODING_LATIN1;
    return NPY_OK;
}

/* The header text after the preamble; fills everything in out. */
static npy_status parse_header(const char* text, size_t length, size_t prefix, npy_encoding encoding, npy_header* out,
                               char* message, size_t capacity)
{
    if (encoding == NPY_ENCODING_UTF8 && !is_utf8((const unsigned char*)text, length))
        return fail(NPY_INVALID, message, capacity, "the version 3.0 header is not valid UTF-8");
    cursor c = {text, text + length, encoding != NPY_ENCODING_UTF8};
    npy_status status = parse_dict(&c, out, message, capacity);
    if (status != NPY_OK)
        return status;
    /* numpy's own rule (PyArray_NewFromDescr): the item size times every non-zero dimension
     * fits in npy_intp, even when a zero dimension leaves the array empty. */
    uint64_t count = 1, span = out->itemsize;
    for (uint32_t k = 0; k < out->rank; k++) {
        if (out->shape[k] != 0 && span > (uint64_t)INT64_MAX / out->shape[k])
            return fail(NPY_INVALID, message, capacity,
                        "the shape's byte size (%u-byte items times the non-zero dimensions) overflows numpy's limit "
                        "of %lld bytes at shape[%u]",
                        out->itemsize, (long long)INT64_MAX, k);
        span *= out->shape[k] ? out->shape[k] : 1;
        count *= out->shape[k];
    }
    out->encoding = encoding;
    out->count = count;
    out->bytes = count * out->itemsize;
    out->data_offset = prefix + length;
    return NPY_OK;
}

npy_status npy_parse_header(const void* file, size_t size, npy_header* out, char* message, size_t capacity)
{
    const unsigned char* b = (const unsigned char*)file;
    memset(out, 0, sizeof *out);
    size_t prefix = 0;
    uint64_t header = 0;
    npy_encoding encoding;
    npy_status status = parse_preamble(b, size < 12 ? size : 12, &prefix, &header, &encoding, message, capacity);
    if (status != NPY_OK)
        return status;
    if (header > size - prefix)
        return fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    return parse_header((const char*)b + prefix, (size_t)header, prefix, encoding, out, message, capacity);
}

/* --- reading from a file descriptor --------------------------------------------------- */

/* Reads up to n bytes, fewer only at the end of the file; -1 with errno on failure. */
static int64_t read_fully(int fd, void* buffer, uint64_t n)
{
    uint64_t done = 0;
    while (done < n) {
        uint64_t want = n - done < (1u << 30) ? n - done : (1u << 30);
        ssize_t got = read(fd, (unsigned char*)buffer + done, (size_t)want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        done += (uint64_t)got;
    }
    return (int64_t)done;
}

static npy_status read_failed(char* message, size_t capacity)
{
    return fail(NPY_INVALID, message, capacity, "cannot read: %s", strerror(errno));
}

npy_status npy_read_header(int fd, npy_header* out, char* message, size_t capacity)
{
    memset(out, 0, sizeof *out);
    /* Magic and version first, so /dev/zero or a text file fails after 8 bytes; then just
     * the length field that version has. */
    unsigned char preamble[12];
    int64_t got = read_fully(fd, preamble, 8);
    if (got == 8 && memcmp(preamble, "\x93NUMPY", 6) == 0 && preamble[6] >= 1 && preamble[6] <= 3) {
        int64_t more = read_fully(fd, preamble + 8, preamble[6] == 1 ? 2 : 4);
        got = more < 0 ? -1 : got + more;
    }
    if (got < 0)
        return read_failed(message, capacity);
    size_t prefix = 0;
    uint64_t length = 0;
    npy_encoding encoding;
    npy_status status = parse_preamble(preamble, (size_t)got, &prefix, &length, &encoding, message, capacity);
    if (status != NPY_OK)
        return status;
    char* text = malloc(length ? (size_t)length : 1); /* <= NPY_MAX_HEADER_BYTES */
    if (!text)
        return fail(NPY_IO_ERROR, message, capacity, "out of memory for a %llu-byte header",
                    (unsigned long long)length);
    got = read_fully(fd, text, length);
    if (got < 0)
        status = read_failed(message, capacity);
    else if ((uint64_t)got < length)
        status = fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    else
        status = parse_header(text, (size_t)length, prefix, encoding, out, message, capacity);
    free(text);
    return status;
}

/* --- writing -------------------------------------------------------------------------- */

size_t npy_format_header(char* buffer, size_t capacity, const char* descr, npy_encoding encoding, uint32_t rank,
                         const uint64_t* shape)
{
    /* The dict as numpy writes it: "(6,)" for one dimension, "(2, 3)" for more. */
    size_t dict_capacity = strlen(descr) + 64 + (size_t)rank * 22;
    char* dict = malloc(dict_capacity);
    if (!dict)
        return 0;
    int used = snprintf(dict, dict_capacity, "{'descr': %s, 'fortran_order': False, 'shape': (", descr);
    for (uint32_t k = 0; k < rank; k++)
        used +=
            snprintf(dict + used, dict_capacity - (size_t)used, k ? ", %llu" : "%llu", (unsigned long long)shape[k]);
    used += snprintf(dict + used, dict_capacity - (size_t)used, rank == 1 ? ",), }" : "), }");

    /* The version declares how numpy decodes the header: 1.0 and 2.0 as latin-1, 3.0 as
     * UTF-8. Latin-1 bytes must never land in a 3.0 header, nor UTF-8 ones in a 1.0. */
    bool ascii = true;
    for (const char* p = descr; *p; p++)
        ascii = ascii && (unsigned char)*p < 0x80;
    size_t text = (size_t)used + 1; /* the dict and the closing newline */
    size_t total = (10 + text + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
    unsigned major = encoding == NPY_ENCODING_UTF8 && !ascii ? 3 : total - 10 > 65535 ? 2 : 1; /* 1.0: 16-bit length */
    size_t prefix = major == 1 ? 10 : 12;
    total = (prefix + text + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
    if (total > capacity) {
        free(dict);
        return 0;
    }
    size_t header = total - prefix;
    memcpy(buffer, "\x93NUMPY", 6);
    buffer[6] = (char)major;
    buffer[7] = 0;
    for (size_t i = 0; i < prefix - 8; i++)
        buffer[8 + i] = (char)((header >> (8 * i)) & 0xff);
    memcpy(buffer + prefix, dict, (size_t)used);
    memset(buffer + prefix + used, ' ', header - (size_t)used - 1);
    buffer[total - 1] = '\n';
    free(dict);
    return total;
}
