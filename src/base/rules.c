/* Rule names, result codes and message formats, from the one list in vksplit/rules.h. */
#include "base/internal.h"

const char* vksplit_rule_name(vksplit_rule rule)
{
    switch (rule) {
    case VKSPLIT_RULE_NONE: return "VKSPLIT_RULE_NONE";
#define VKSPLIT_X_NAME(name, number, result, format) \
    case VKSPLIT_RULE_##name: return "VKSPLIT_RULE_" #name;
        VKSPLIT_RULE_LIST(VKSPLIT_X_NAME)
#undef VKSPLIT_X_NAME
    default: return "VKSPLIT_RULE_UNKNOWN";
    }
}

vksplit_result vksplit_rule_result(vksplit_rule rule)
{
    switch (rule) {
#define VKSPLIT_X_RESULT(name, number, result, format) \
    case VKSPLIT_RULE_##name: return result;
        VKSPLIT_RULE_LIST(VKSPLIT_X_RESULT)
#undef VKSPLIT_X_RESULT
    default: return VKSPLIT_OK;
    }
}

const char* vksplit_rule_format(vksplit_rule rule)
{
    switch (rule) {
#define VKSPLIT_X_FORMAT(name, number, result, format) \
    case VKSPLIT_RULE_##name: return format;
        VKSPLIT_RULE_LIST(VKSPLIT_X_FORMAT)
#undef VKSPLIT_X_FORMAT
    default: return NULL;
    }
}
