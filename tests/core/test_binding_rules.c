/* The binding rules of vksplit_cmd_record on every path, each asserted by rule id: a NULL
 * input or output buffer, and an input or output offset that is not a multiple of the plan's
 * offset_alignment. Paths: device addresses, push descriptors, push descriptors without
 * dynamic indexing (one dispatch per output), and the transfer path (which takes any offset:
 * there a misaligned offset must copy correctly). After every refused recording the runner
 * submits what was recorded, and the output buffer must still hold its guard bytes: a check
 * that ran on one path only would let the other copy to the wrong place (the gap issue 14
 * found). Every mode ends with a valid recording whose bytes are compared with the input. */
#include <string.h>

#include "test_harness.h"

#define GUARD 0xC3u
#define OUT_BYTES 1024u

typedef struct mode {
    const char* name;
    vksplit_features disable;
    vksplit_path path;
} mode;

static const mode modes[] = {
    {"device addresses", 0, VKSPLIT_PATH_COMPUTE},
    {"push descriptors", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS, VKSPLIT_PATH_COMPUTE},
    {"push descriptors, no dynamic indexing",
     VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING,
     VKSPLIT_PATH_COMPUTE},
    {"transfer", 0, VKSPLIT_PATH_TRANSFER},
};

typedef struct fixture {
    vksplit_runner* runner;
    vksplit_runner_buffer in, out;
    uint8_t input[512];
    uint8_t guard[OUT_BYTES];
    uint8_t got[OUT_BYTES];
} fixture;

/* Records r, submits, and checks the rule, then that the outputs kept their guard bytes. */
static void expect(fixture* f, test_recording* r, const char* mode_name, const char* what, vksplit_rule rule)
{
    char name[200];
    snprintf(name, sizeof name, "%s, %s", mode_name, what);
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(f->runner, &f->out, 0, f->guard, OUT_BYTES, &err), &err);
    test_expect_recording(f->runner, r, name, rule);
    if (rule == VKSPLIT_RULE_NONE)
        return;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(f->runner, &f->out, 0, f->got, OUT_BYTES, &err), &err);
    CHECK_MSG(memcmp(f->got, f->guard, OUT_BYTES) == 0, "%s: a refused recording wrote to the outputs", name);
}

/* The valid recording's bytes: output i holds its 1-D chunk of the input. */
static void check_bytes(fixture* f, const test_recording* r, const uint64_t* chunk_bytes, const char* mode_name,
                        const char* what)
{
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(f->runner, &f->out, 0, f->got, OUT_BYTES, &err), &err);
    uint64_t from = 0;
    for (int i = 0; i < 3; i++) {
        CHECK_MSG(memcmp(f->got + r->bindings.parts[i].offset, f->input + r->bindings.whole.offset + from,
                         chunk_bytes[i]) == 0,
                  "%s, %s: outputs[%d] differs from the input", mode_name, what, i);
        from += chunk_bytes[i];
    }
}

static void run_mode(const mode* m)
{
    const char* unrunnable = test_unrunnable_with(m->disable);
    if (unrunnable) {
        test_skip_part("%s: %s", m->name, unrunnable);
        return;
    }
    fixture f;
    memset(&f, 0, sizeof f);
    f.runner = test_runner_create_with(m->disable); /* exits on failure */
    vksplit_runner_info info;
    vksplit_runner_get_info(f.runner, &info);
    if (m->disable == 0 && m->path == VKSPLIT_PATH_COMPUTE &&
        !(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)) {
        test_skip_part("%s: no buffer device address on this device", m->name);
        vksplit_runner_destroy(f.runner);
        return;
    }
    vksplit_error err;
    for (unsigned i = 0; i < sizeof f.input; i++)
        f.input[i] = (uint8_t)(i * 7 + 1);
    memset(f.guard, GUARD, sizeof f.guard);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(f.runner, sizeof f.input, &f.in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(f.runner, OUT_BYTES, &f.out, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(f.runner, &f.in, 0, f.input, sizeof f.input, &err), &err);

    /* float32 [96] split into {16, 32, 48}: 64, 128 and 192 bytes. */
    uint64_t sizes[1] = {96}, lengths[3] = {16, 32, 48}, chunk_bytes[3] = {64, 128, 192};
    vksplit_split_desc d =
        {.element_size = 4, .rank = 1, .sizes = sizes, .axis = 0, .output_count = 3, .lengths = lengths};
    vksplit_plan_options options = {.path = m->path};
    vksplit_plan* plan = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(f.runner), &d, &options, &plan, &err), &err);
    if (!plan) {
        vksplit_runner_destroy(f.runner);
        return;
    }
    vksplit_plan_info pinfo;
    vksplit_plan_get_info(plan, &pinfo);
    CHECK_MSG(pinfo.path == m->path, "%s: planned path %d", m->name, (int)pinfo.path);
    uint32_t align = pinfo.offset_alignment;
    printf("%s: offset_alignment %u, %u dispatch(es)\n", m->name, align, pinfo.dispatch_count);

    vksplit_binding outputs[3] = {{f.out.buffer, 0}, {f.out.buffer, 256}, {f.out.buffer, 512}};
    test_recording r = {plan, {.whole = {f.in.buffer, 0}, .parts = outputs}, VKSPLIT_OK, {0}};

    r.bindings.whole.buffer = VK_NULL_HANDLE;
    expect(&f, &r, m->name, "input VK_NULL_HANDLE", VKSPLIT_RULE_BINDING_BUFFER_NULL);
    r.bindings.whole.buffer = f.in.buffer;
    outputs[1].buffer = VK_NULL_HANDLE;
    expect(&f, &r, m->name, "outputs[1] VK_NULL_HANDLE", VKSPLIT_RULE_BINDING_BUFFER_NULL);
    outputs[1].buffer = f.out.buffer;
    if (align > 1) {
        r.bindings.whole.offset = 2;
        expect(&f, &r, m->name, "input offset 2", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT);
        r.bindings.whole.offset = align < 64 ? 64 + align / 2 : align / 2;
        expect(&f, &r, m->name, "input offset off by half the alignment", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT);
        r.bindings.whole.offset = 0;
        outputs[2].offset = 512 + 2;
        expect(&f, &r, m->name, "outputs[2] offset 514", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT);
        outputs[2].offset = 512;
        expect(&f, &r, m->name, "valid", VKSPLIT_RULE_NONE);
        check_bytes(&f, &r, chunk_bytes, m->name, "valid");
    } else {
        /* Any offset: a misaligned one copies correctly. */
        r.bindings.whole.offset = 2;
        outputs[2].offset = 512 + 3;
        expect(&f, &r, m->name, "offsets 2 and 515", VKSPLIT_RULE_NONE);
        check_bytes(&f, &r, chunk_bytes, m->name, "offsets 2 and 515");
    }
    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(f.runner, &f.in);
    vksplit_runner_buffer_destroy(f.runner, &f.out);
    uint32_t messages = vksplit_runner_validation_message_count(f.runner);
    CHECK_MSG(messages == 0, "%s: %u validation message(s)", m->name, messages);
    vksplit_runner_destroy(f.runner);
}

int main(void)
{
    for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++)
        run_mode(&modes[i]);
    return test_finish(NULL);
}
