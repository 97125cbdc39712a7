/* The record calls of 0.3 (vksplit.h: deprecated, removed in 0.5): each fills a vksplit_bindings
 * and records through vksplit_cmd_record. Only the direction is theirs to check: each records
 * one operation and refuses a plan of the other (RECORD_OPERATION). */
#include "base/internal.h"
#include "plan/plan_state.h"

static const char* const call_names[2][2] = {{"vksplit_cmd_split", "vksplit_cmd_join"},
                                             {"vksplit_cmd_split_device", "vksplit_cmd_join_device"}};

/* `whole` is a split's input or a join's output, `parts` the other side; a missing one leaves
 * bindings.parts NULL, as the earlier calls refused either missing (RECORD_BINDINGS_NULL). */
static vksplit_result record_as(vksplit__direction direction, bool device, const vksplit_plan* plan,
                                VkCommandBuffer cmd, const vksplit_binding* whole, const vksplit_binding* parts,
                                const vksplit_arguments* arguments, const vksplit_binding* parameters,
                                vksplit_error* error)
{
    if (plan && plan->direction != direction)
        return VKSPLIT__FAIL(error, RECORD_OPERATION, vksplit__words(plan->direction)->operation,
                             call_names[device][direction], vksplit__words(direction)->operation);
    vksplit_bindings b;
    memset(&b, 0, sizeof b);
    if (whole && parts) {
        b.whole = *whole;
        b.parts = parts;
    }
    if (arguments)
        b.arguments = *arguments;
    if (parameters)
        b.parameters = *parameters;
    return vksplit_cmd_record(plan, cmd, &b, error);
}

vksplit_result vksplit_cmd_split(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                 const vksplit_binding* outputs, const vksplit_arguments* arguments,
                                 vksplit_error* error)
{
    return record_as(VKSPLIT__SPLIT, false, plan, cmd, input, outputs, arguments, NULL, error);
}

vksplit_result vksplit_cmd_join(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                                const vksplit_binding* output, const vksplit_arguments* arguments, vksplit_error* error)
{
    return record_as(VKSPLIT__JOIN, false, plan, cmd, output, inputs, arguments, NULL, error);
}

vksplit_result vksplit_cmd_split_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                        const vksplit_binding* outputs, const vksplit_arguments* arguments,
                                        const vksplit_binding* parameters, vksplit_error* error)
{
    return record_as(VKSPLIT__SPLIT, true, plan, cmd, input, outputs, arguments, parameters, error);
}

vksplit_result vksplit_cmd_join_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                                       const vksplit_binding* output, const vksplit_arguments* arguments,
                                       const vksplit_binding* parameters, vksplit_error* error)
{
    return record_as(VKSPLIT__JOIN, true, plan, cmd, output, inputs, arguments, parameters, error);
}
