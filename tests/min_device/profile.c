/* VKSPLIT_MIN_DEVICE_PROFILE: a profile name, or a comma-separated list of tokens. */
#include "profile.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The named profiles, as token lists. */
static const struct {
    const char* name;
    const char* tokens;
} named[] = {
    /* A GPU with device addresses: the path vksplit prefers. */
    {"bda", "discrete,bda,int64,storage8,storage16,dynidx"},
    /* A GPU with push descriptors only: no device addresses, no 64-bit integers, no 8/16-bit
     * storage (the descriptor path with atomic stores for 1- and 2-byte words). */
    {"push", "discrete,push,dynidx"},
    /* The least vksplit can run on: as push, and no dynamic indexing of a descriptor array
     * (one output per dispatch). */
    {"minimal", "discrete,push"},
};

/* The feature tokens, in the order describe() lists them, and the flag each sets. */
static const struct {
    const char* token;
    size_t flag; /* offsetof the bool in md_profile */
} features[] = {
    {"bda", offsetof(md_profile, bda)},
    {"int64", offsetof(md_profile, int64)},
    {"push", offsetof(md_profile, push)},
    {"storage8", offsetof(md_profile, storage8)},
    {"storage16", offsetof(md_profile, storage16)},
    {"dynidx", offsetof(md_profile, dynidx)},
    {"f16exact", offsetof(md_profile, f16exact)},
};
#define FEATURE_COUNT (sizeof features / sizeof features[0])

/* The vendor tokens: the vendorID the device then reports (vksplit's defaults for a vendor's
 * GPUs, src/context/tuning.c, run on lavapipe; the code is lavapipe's own). */
static const struct {
    const char* token;
    uint32_t vendor_id;
} vendors[] = {
    {"amd", 0x1002}, {"nvidia", 0x10de}, {"intel", 0x8086}, {"arm", 0x13b5}, {"qualcomm", 0x5143},
};
#define VENDOR_COUNT (sizeof vendors / sizeof vendors[0])

static bool* feature_flag(md_profile* p, size_t feature) { return (bool*)((char*)p + features[feature].flag); }

static bool apply_token(md_profile* p, const char* token, size_t len)
{
#define IS(word) (len == sizeof(word) - 1 && strncmp(token, word, len) == 0)
    if (IS("discrete") || IS("integrated") || IS("cpu") || IS("virtual")) {
        p->set_device_type = true;
        p->device_type = IS("discrete")     ? VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU
                         : IS("integrated") ? VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU
                         : IS("cpu")        ? VK_PHYSICAL_DEVICE_TYPE_CPU
                                            : VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU;
        return true;
    }
    for (size_t f = 0; f < FEATURE_COUNT; f++)
        if (len == strlen(features[f].token) && strncmp(token, features[f].token, len) == 0) {
            *feature_flag(p, f) = true;
            return true;
        }
    for (size_t v = 0; v < VENDOR_COUNT; v++)
        if (len == strlen(vendors[v].token) && strncmp(token, vendors[v].token, len) == 0) {
            p->vendor_id = vendors[v].vendor_id;
            return true;
        }
    return false;
#undef IS
}

/* The canonical token list, for the device name (tests read it from there). */
static void describe(md_profile* p)
{
    static const char* const types[] = {"other", "integrated", "discrete", "virtual", "cpu"};
    const char* parts[2 + FEATURE_COUNT];
    int n = 0;
    if (p->set_device_type)
        parts[n++] = (unsigned)p->device_type < 5 ? types[p->device_type] : "other";
    for (size_t f = 0; f < FEATURE_COUNT; f++)
        if (*feature_flag(p, f))
            parts[n++] = features[f].token;
    for (size_t v = 0; v < VENDOR_COUNT; v++)
        if (p->vendor_id == vendors[v].vendor_id)
            parts[n++] = vendors[v].token;
    size_t used = 0;
    p->tokens[0] = '\0';
    for (int i = 0; i < n; i++)
        used += (size_t)snprintf(p->tokens + used, sizeof p->tokens - used, "%s%s", i ? "," : "", parts[i]);
}

bool md_profile_parse(const char* text, md_profile* out, char* why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (!text || !*text) {
        /* Limits only: every optional feature as the device has it. */
        snprintf(out->name, sizeof out->name, "limits");
        out->bda = out->int64 = out->push = out->storage8 = out->storage16 = out->dynidx = true;
        out->as_device = true;
        describe(out);
        return true;
    }
    snprintf(out->name, sizeof out->name, "%s", text);
    const char* tokens = text;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(text, named[i].name) == 0)
            tokens = named[i].tokens;
    for (const char* t = tokens; *t;) {
        size_t len = strcspn(t, ",");
        if (len && !apply_token(out, t, len)) {
            snprintf(
                why, why_size,
                "VKSPLIT_MIN_DEVICE_PROFILE=%s: '%.*s' is neither a profile (bda, push, minimal) nor a token "
                "(discrete, integrated, cpu, virtual, bda, int64, push, storage8, storage16, dynidx, f16exact, amd, nvidia, "
                "intel, "
                "arm, qualcomm)",
                text, (int)len, t);
            return false;
        }
        t += len;
        if (*t == ',')
            t++;
    }
    describe(out);
    return true;
}
