/* Built with only `pkg-config --cflags --libs vksplit`: the core library needs no loader. */
#include <stdio.h>
#include <string.h>

#include <vksplit/vksplit.h>

int main(void)
{
    uint64_t sizes[1] = {6}, lengths[2] = {2, 5};
    vksplit_split_desc desc = {0};
    desc.element_size = 4;
    desc.rank = 1;
    desc.sizes = sizes;
    desc.output_count = 2;
    desc.lengths = lengths;
    vksplit_error err;
    vksplit_result r = vksplit_validate_split(&desc, &err);
    if (r != VKSPLIT_ERROR_SPLIT_SUM || !strstr(err.message, "sum to 7")) {
        fprintf(stderr, "pkg-config consumer: expected VKSPLIT_ERROR_SPLIT_SUM, got %s (%s)\n", vksplit_result_name(r),
                err.message);
        return 1;
    }
    printf("pkg-config consumer: %s: %s\n", vksplit_result_name(r), err.message);
    return 0;
}
