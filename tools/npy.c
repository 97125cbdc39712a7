/* The .npy reader and writer of the vksplit CLI (see npy.h). The header is a Python dict
 * literal; a small tokenizer reads exactly the three keys numpy writes. */
#include "npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* --- a tokenizer for the header's Python literal --------------------------------------- */
typedef struct cursor {
    const char* p;
    const char* end;
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

/* A non-negative integer (Python 2 files may add an L). */
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
    if (c->p < c->end && *c->p == 'L')
        c->p++;
    *value = v;
    return true;
}

/* --- the dtype ------------------------------------------------------------------------- */

/* "<f4": byte order, kind, item size. */
static npy_status parse_type_string(const char* text, size_t length, npy_array* out, char* message, size_t capacity)
{
    char s[64];
    if (length == 0 || length >= sizeof s)
        return fail(NPY_INVALID, message, capacity, "dtype '%.*s' is not a numpy type string", (int)length, text);
    memcpy(s, text, length);
    s[length] = '\0';
    const char* p = s;
    char order = '|';
    if (*p == '<' || *p == '>' || *p == '|' || *p == '=')
        order = *p++;
    char kind = *p ? *p++ : '\0';
    if (kind == 'O')
        return fail(NPY_INVALID, message, capacity, "dtype '%s' is an object array: it holds Python objects, not data", s);
    if (kind == 'M' || kind == 'm')
        return fail(NPY_INVALID, message, capacity, "dtype '%s' (datetime/timedelta) is not supported", s);
    uint64_t size = 0;
    cursor c = {p, s + length};
    if (!strchr("biufcVSUa", kind) || !kind || !take_uint(&c, &size) || c.p != c.end || size == 0 || size > 1u << 20)
        return fail(NPY_INVALID, message, capacity, "dtype '%s' is not a plain numpy type", s);
    if (kind == 'U')
        size *= 4; /* UCS-4 characters */
    if (order == '>' && size > 1)
        return fail(NPY_INVALID, message, capacity,
                    "dtype '%s' is big-endian; only little-endian ('<') data is supported", s);
    out->kind = kind == 'a' ? 'S' : kind;
    out->byte_order = order == '>' ? '|' : order;
    out->itemsize = (uint32_t)size;
    return NPY_OK;
}

/* 'descr': a type string, or a list holding exactly one (name, type) field. */
static npy_status parse_descr(cursor* c, npy_array* out, char* message, size_t capacity)
{
    skip_space(c);
    const char* start = c->p;
    const char* text;
    size_t length;
    npy_status status;
    if (take_string(c, &text, &length)) {
        status = parse_type_string(text, length, out, message, capacity);
    } else if (take(c, '[')) {
        const char* name;
        size_t name_length;
        if (!take(c, '(') || !take_string(c, &name, &name_length) || !take(c, ',') || !take_string(c, &text, &length))
            return fail(NPY_INVALID, message, capacity, "the header's 'descr' is not a dtype numpy writes");
        if (!take(c, ')'))
            return fail(NPY_INVALID, message, capacity, "structured dtypes with subarray fields are not supported");
        take(c, ',');
        if (!take(c, ']'))
            return fail(NPY_INVALID, message, capacity,
                        "structured dtypes with more than one field are not supported");
        status = parse_type_string(text, length, out, message, capacity);
    } else {
        return fail(NPY_INVALID, message, capacity, "the header's 'descr' is neither a string nor a field list");
    }
    size_t raw = (size_t)(c->p - start);
    if (status == NPY_OK && raw >= sizeof out->descr)
        return fail(NPY_INVALID, message, capacity, "the header's 'descr' is too long");
    if (status == NPY_OK) {
        memcpy(out->descr, start, raw);
        out->descr[raw] = '\0';
    }
    return status;
}

static npy_status parse_shape(cursor* c, npy_array* out, char* message, size_t capacity)
{
    if (!take(c, '('))
        return fail(NPY_INVALID, message, capacity, "the header's 'shape' is not a tuple");
    out->rank = 0;
    while (!take(c, ')')) {
        if (out->rank == NPY_MAX_DIMS)
            return fail(NPY_INVALID, message, capacity, "the shape has more than %d dimensions", NPY_MAX_DIMS);
        if (!take_uint(c, &out->shape[out->rank]))
            return fail(NPY_INVALID, message, capacity, "the header's 'shape' holds something other than integers >= 0");
        out->rank++;
        if (!take(c, ',') && !peek(c, ')'))
            return fail(NPY_INVALID, message, capacity, "the header's 'shape' is not a tuple of integers");
    }
    return NPY_OK;
}

static npy_status parse_dict(cursor* c, npy_array* out, char* message, size_t capacity)
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
            return fail(NPY_INVALID, message, capacity, "the header has an %s key '%.*s'",
                        k == 3 ? "unexpected" : "repeated", (int)length, key);
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

npy_status npy_parse(const void* file, size_t size, npy_array* out, char* message, size_t capacity)
{
    const unsigned char* b = (const unsigned char*)file;
    memset(out, 0, sizeof *out);
    if (size < 10 || memcmp(b, "\x93NUMPY", 6) != 0)
        return fail(NPY_INVALID, message, capacity, "not a .npy file (no \\x93NUMPY magic)");
    unsigned major = b[6], minor = b[7];
    if (major < 1 || major > 3 || minor != 0)
        return fail(NPY_INVALID, message, capacity, "unsupported .npy format version %u.%u", major, minor);
    size_t prefix = major == 1 ? 10 : 12;
    if (size < prefix)
        return fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    uint64_t header = major == 1 ? (uint64_t)b[8] | (uint64_t)b[9] << 8
                                 : (uint64_t)b[8] | (uint64_t)b[9] << 8 | (uint64_t)b[10] << 16 | (uint64_t)b[11] << 24;
    if (header > size - prefix)
        return fail(NPY_INVALID, message, capacity, "the .npy header is truncated");
    cursor c = {(const char*)b + prefix, (const char*)b + prefix + header};
    npy_status status = parse_dict(&c, out, message, capacity);
    if (status != NPY_OK)
        return status;
    uint64_t count = 1;
    for (uint32_t k = 0; k < out->rank; k++) {
        if (out->shape[k] != 0 && count > UINT64_MAX / out->shape[k])
            return fail(NPY_INVALID, message, capacity, "the shape's element count overflows 64 bits");
        count *= out->shape[k];
    }
    if (count != 0 && out->itemsize > UINT64_MAX / count)
        return fail(NPY_INVALID, message, capacity, "the array's byte count overflows 64 bits");
    out->count = count;
    out->bytes = count * out->itemsize;
    uint64_t available = size - prefix - header;
    if (available < out->bytes)
        return fail(NPY_INVALID, message, capacity, "the data is truncated: %llu bytes, the shape needs %llu",
                    (unsigned long long)available, (unsigned long long)out->bytes);
    out->data = b + prefix + header;
    return NPY_OK;
}

npy_status npy_read(const char* path, npy_array* out, char* message, size_t capacity)
{
    memset(out, 0, sizeof *out);
    FILE* f = fopen(path, "rb");
    if (!f)
        return fail(NPY_INVALID, message, capacity, "cannot open '%s': %s", path, strerror(errno));
    /* Read to the end in growing chunks: works for pipes, and a directory fails here. */
    size_t size = 0, room = 1 << 16;
    unsigned char* buffer = malloc(room);
    while (buffer) {
        size += fread(buffer + size, 1, room - size, f);
        if (size < room)
            break;
        unsigned char* bigger = room <= SIZE_MAX / 2 ? realloc(buffer, room * 2) : NULL;
        if (!bigger) {
            free(buffer);
            buffer = NULL;
            break;
        }
        buffer = bigger;
        room *= 2;
    }
    int read_error = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (!buffer)
        return fail(NPY_IO_ERROR, message, capacity, "cannot read '%s': out of memory", path);
    if (read_error) {
        free(buffer);
        return fail(NPY_INVALID, message, capacity, "cannot read '%s': %s", path, strerror(read_error));
    }
    char inner[200];
    npy_status status = npy_parse(buffer, size, out, inner, sizeof inner);
    if (status != NPY_OK) {
        free(buffer);
        return fail(status, message, capacity, "%s: %s", path, inner);
    }
    out->owned = buffer;
    return NPY_OK;
}

void npy_free(npy_array* array)
{
    if (array) {
        free(array->owned);
        array->owned = NULL;
        array->data = NULL;
    }
}

size_t npy_format_header(char* buffer, size_t capacity, const char* descr, uint32_t rank, const uint64_t* shape)
{
    /* The dict as numpy writes it: "(6,)" for one dimension, "(2, 3)" for more. */
    size_t dict_capacity = strlen(descr) + 64 + (size_t)rank * 22;
    char* dict = malloc(dict_capacity);
    if (!dict)
        return 0;
    int used = snprintf(dict, dict_capacity, "{'descr': %s, 'fortran_order': False, 'shape': (", descr);
    for (uint32_t k = 0; k < rank; k++)
        used += snprintf(dict + used, dict_capacity - (size_t)used, k ? ", %llu" : "%llu", (unsigned long long)shape[k]);
    used += snprintf(dict + used, dict_capacity - (size_t)used, rank == 1 ? ",), }" : "), }");

    bool ascii = true;
    for (const char* p = descr; *p; p++)
        ascii = ascii && (unsigned char)*p < 0x80;
    size_t text = (size_t)used + 1; /* the dict and the closing newline */
    size_t total = (10 + text + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
    unsigned major = !ascii ? 3 : total - 10 > 65535 ? 2 : 1; /* 1.0 has a 16-bit header length */
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

npy_status npy_write(const char* path, const char* descr, uint32_t rank, const uint64_t* shape, const void* data,
                     uint64_t bytes, char* message, size_t capacity)
{
    size_t header_capacity = strlen(descr) + 256 + (size_t)rank * 22;
    char* header = malloc(header_capacity);
    size_t length = header ? npy_format_header(header, header_capacity, descr, rank, shape) : 0;
    if (!length) {
        free(header);
        return fail(NPY_IO_ERROR, message, capacity, "cannot write '%s': out of memory", path);
    }
    FILE* f = fopen(path, "wb");
    if (!f) {
        int e = errno;
        free(header);
        return fail(NPY_IO_ERROR, message, capacity, "cannot create '%s': %s", path, strerror(e));
    }
    errno = 0;
    bool ok = fwrite(header, 1, length, f) == length && (bytes == 0 || fwrite(data, 1, (size_t)bytes, f) == bytes);
    ok = (fclose(f) == 0) && ok;
    int e = errno;
    free(header);
    if (!ok)
        return fail(NPY_IO_ERROR, message, capacity, "cannot write '%s': %s", path, strerror(e ? e : EIO));
    return NPY_OK;
}
