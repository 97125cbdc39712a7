/* Result names and summaries, from the one list in vksplit.h. */
#include "base/internal.h"

const char* vksplit_result_name(vksplit_result result)
{
    switch (result) {
#define VKSPLIT_X_NAME(name, value, summary) \
    case name: return #name;
        VKSPLIT_RESULT_LIST(VKSPLIT_X_NAME)
#undef VKSPLIT_X_NAME
    default: return "VKSPLIT_UNKNOWN_RESULT";
    }
}

const char* vksplit_result_summary(vksplit_result result)
{
    switch (result) {
#define VKSPLIT_X_SUMMARY(name, value, summary) \
    case name: return summary;
        VKSPLIT_RESULT_LIST(VKSPLIT_X_SUMMARY)
#undef VKSPLIT_X_SUMMARY
    default: return "unknown result";
    }
}
